import type { ChildProcess } from 'node:child_process';
import type { SuperviseTiming } from './supervise.mjs';

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
  /**
   * Once the stack is ready, start a child that dies again after a doubling pause instead of
   * leaving it dead (scripts/supervise.mjs); `stop()` ends that. @default false
   */
  supervise?: boolean | (SuperviseTiming & { log?: (line: string) => void });
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
  /** The child running now: with supervision, the latest one started. */
  children: { gateway: ChildProcess; headerFooter: ChildProcess; site: ChildProcess };
  stop(): Promise<void>;
}

export declare const SLOW_IMAGE_DELAY_MS: number;

export declare function startStack(options?: StackOptions): Promise<Stack>;

export declare function stopChild(child: ChildProcess): Promise<void>;

/** Resolves once `url` answers 2xx; throws when `child` exits first or the time runs out. */
export declare function waitFor(
  url: string,
  child: ChildProcess,
  name: string,
  timeoutMs?: number,
): Promise<void>;

/** Runs a Node script with its output prefixed by `[name]` (stdout hidden when quiet). */
export declare function launch(
  name: string,
  args: string[],
  env: Record<string, string>,
  options: { quiet?: boolean; cwd?: string },
): ChildProcess;

/** The image origins and the gateway's and the site's settings that make them. */
export declare function imageSettings(
  imagePorts: { fast?: number; slow?: number; dead?: number },
  env: Record<string, string>,
): Promise<{
  imageOrigins: ImageOrigins;
  gatewayEnv: Record<string, string>;
  siteEnv: { IMAGE_DOMAINS: string };
}>;
