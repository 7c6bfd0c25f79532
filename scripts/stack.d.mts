import type { ChildProcess } from 'node:child_process';
import type { SuperviseTiming } from './supervise.mjs';

export interface StackOptions {
  port?: number;
  gatewayPort?: number;
  headerFooterPort?: number;
  /** The mail catcher's inbox and SMS webhook (HTTP). @default a free port */
  mailCatcherPort?: number;
  /** The mail catcher's SMTP port. @default a free port */
  mailCatcherSmtpPort?: number;
  dataDir?: string;
  quiet?: boolean;
  /** Environment for every process; it wins over the image settings below too. */
  env?: Record<string, string>;
  /**
   * The ports of the local image origins; `dead: null` leaves the dead one out.
   * @default free ports, all three
   */
  imagePorts?: { fast?: number; slow?: number; dead?: number | null };
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
  /** A free port nothing listens on; null when the stack was started without one. */
  dead: string | null;
}

export interface Stack {
  url: string;
  gatewayUrl: string;
  headerFooterUrl: string;
  /**
   * The mail catcher (apps/mail-catcher): `GET /api/messages[?to=]`, `DELETE /api/messages`, the
   * inbox at `/`. The gateway sends its e-mail and SMS there unless `MAIL_URL` or
   * `SMS_WEBHOOK_URL` is set.
   */
  mailCatcherUrl: string;
  /** The image origins; both domain lists name them in the order dead, slow, fast. */
  imageOrigins: ImageOrigins;
  /** The child running now: with supervision, the latest one started. */
  children: {
    gateway: ChildProcess;
    headerFooter: ChildProcess;
    site: ChildProcess;
    mailCatcher: ChildProcess;
  };
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

/** The made-up bot token of the local stack's Telegram stand-in and its gateway. */
export declare const LOCAL_TELEGRAM_BOT_TOKEN: string;

/**
 * Starts the mail catcher on 127.0.0.1 (inbox and SMS webhook on `httpPort`, SMTP on `smtpPort`);
 * `gatewayEnv` sends the gateway's mail and SMS there (`MAIL_URL`, `SMS_WEBHOOK_URL`), each unless
 * `env` or the environment sets it, and Telegram sign-in to the catcher's stand-in for Telegram's
 * login page unless a bot token is set. The caller waits for `${url}/healthz`.
 */
export declare function launchMailCatcher(options: {
  httpPort: number;
  smtpPort: number;
  env?: Record<string, string>;
  quiet?: boolean;
  /** The sites' origins, which the stand-in OpenID provider sends people back to. */
  siteOrigins?: string[];
}): { child: ChildProcess; url: string; gatewayEnv: Record<string, string> };

/** The gateway's made-up clients of the stand-in OpenID provider, as Google and as Apple. */
export declare const LOCAL_OPENID_CLIENTS: Record<
  'GOOGLE' | 'APPLE',
  { id: string; secret: string }
>;

/** The image origins and the gateway's and the site's settings that make them. */
export declare function imageSettings(
  imagePorts: { fast?: number; slow?: number; dead?: number | null },
  env: Record<string, string>,
): Promise<{
  imageOrigins: ImageOrigins;
  gatewayEnv: Record<string, string>;
  siteEnv: { IMAGE_DOMAINS: string };
}>;
