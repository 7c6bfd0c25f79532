import type { ChildProcess } from 'node:child_process';

export interface StackOptions {
  port?: number;
  gatewayPort?: number;
  headerFooterPort?: number;
  dataDir?: string;
  quiet?: boolean;
  /** Environment for every process; it wins over the image settings below too. */
  env?: Record<string, string>;
  /** The ports of the three local image origins. @default free ports */
  imagePorts?: { fast?: number; slow?: number; dead?: number };
}

/** The local image origins the stack sets up (README "Image domains"). */
export interface ImageOrigins {
  /** An extra gateway listener serving the images at once. */
  fast: string;
  /** An extra gateway listener that waits {@link SLOW_IMAGE_DELAY_MS} before each answer. */
  slow: string;
  /** A free port nothing listens on. */
  dead: string;
}

export interface Stack {
  url: string;
  gatewayUrl: string;
  headerFooterUrl: string;
  /** The image origins; both domain lists name them in the order dead, slow, fast. */
  imageOrigins: ImageOrigins;
  children: { gateway: ChildProcess; headerFooter: ChildProcess; site: ChildProcess };
  stop(): Promise<void>;
}

export declare const SLOW_IMAGE_DELAY_MS: number;

export declare function startStack(options?: StackOptions): Promise<Stack>;

export declare function stopChild(child: ChildProcess): Promise<void>;
