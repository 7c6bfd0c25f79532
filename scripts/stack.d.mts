import type { ChildProcess } from 'node:child_process';

export interface StackOptions {
  port?: number;
  gatewayPort?: number;
  headerFooterPort?: number;
  dataDir?: string;
  quiet?: boolean;
  env?: Record<string, string>;
}

export interface Stack {
  url: string;
  gatewayUrl: string;
  headerFooterUrl: string;
  children: { gateway: ChildProcess; headerFooter: ChildProcess; site: ChildProcess };
  stop(): Promise<void>;
}

export declare function startStack(options?: StackOptions): Promise<Stack>;

export declare function stopChild(child: ChildProcess): Promise<void>;
