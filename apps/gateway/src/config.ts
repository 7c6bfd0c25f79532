import path from 'node:path';

/** Whether session cookies carry `Secure`: `'auto'` means yes unless the site is on localhost. */
export type CookieSecure = 'auto' | boolean;

/** A count allowed per time window, per key (an account or an IP address). */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** Sessions, login throttling and rate limiting (README, "Accounts and sessions"). */
export interface AccountsConfig {
  /**
   * How long a session token serves before it must be renewed with the refresh token.
   * @default 1_800_000 (30 minutes)
   */
  sessionTtlMs: number;
  /**
   * How long the refresh token can renew a session; each renewal starts it again.
   * @default 604_800_000 (7 days)
   */
  refreshTtlMs: number;
  /**
   * How long a just-rotated refresh token still authenticates (without renewing again), so the
   * parallel requests of one page that all carried the old cookies are not logged out.
   * @default 10_000
   */
  renewGraceMs: number;
  /** @default 'auto' */
  cookieSecure: CookieSecure;
  /** Failed logins per login name before HTTP 429. @default 5 per 15 minutes */
  loginFailuresPerAccount: WindowLimit;
  /** Failed logins per IP address before HTTP 429. @default 20 per 15 minutes */
  loginFailuresPerIp: WindowLimit;
  /** Requests per IP address on the account calls (`/v1/user/*`, btapi logout). @default 600 a minute */
  accountRateLimit: WindowLimit;
}

/** Everything an operator can set, read once at start from the environment. */
export interface GatewayConfig extends AccountsConfig {
  host: string;
  port: number;
  /** Folder of the embedded database. */
  dataDir: string;
  /** A PostgreSQL URL; when set, it replaces the embedded database. */
  databaseUrl: string | undefined;
  /** Seed the demo account on first run. */
  seedDemo: boolean;
}

const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_COOKIE_AGE_MS = 400 * 24 * 60 * 60_000;

export const DEFAULT_ACCOUNTS_CONFIG: Readonly<AccountsConfig> = {
  sessionTtlMs: 30 * 60_000,
  refreshTtlMs: 7 * 24 * 60 * 60_000,
  renewGraceMs: 10_000,
  cookieSecure: 'auto',
  loginFailuresPerAccount: { limit: 5, windowMs: LOGIN_FAILURE_WINDOW_MS },
  loginFailuresPerIp: { limit: 20, windowMs: LOGIN_FAILURE_WINDOW_MS },
  accountRateLimit: { limit: 600, windowMs: 60_000 },
};

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`GATEWAY_PORT must be a port number, got "${value}"`);
  }
  return port;
}

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min) {
    throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  }
  return number;
}

function cookieSecureFrom(value: string | undefined): CookieSecure {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`GATEWAY_COOKIE_SECURE must be auto, true or false, got "${value}"`);
}

/** Reads the account settings; a refresh token that outlives its session token is required. */
export function readAccountsConfig(env: NodeJS.ProcessEnv = process.env): AccountsConfig {
  const defaults = DEFAULT_ACCOUNTS_CONFIG;
  const failureWindowMs = integerFrom(
    env,
    'GATEWAY_LOGIN_FAILURE_WINDOW_MS',
    LOGIN_FAILURE_WINDOW_MS,
  );
  const config: AccountsConfig = {
    sessionTtlMs: integerFrom(env, 'GATEWAY_SESSION_TTL_MS', defaults.sessionTtlMs),
    refreshTtlMs: integerFrom(env, 'GATEWAY_REFRESH_TTL_MS', defaults.refreshTtlMs),
    renewGraceMs: integerFrom(env, 'GATEWAY_SESSION_RENEW_GRACE_MS', defaults.renewGraceMs, 0),
    cookieSecure: cookieSecureFrom(env.GATEWAY_COOKIE_SECURE),
    loginFailuresPerAccount: {
      limit: integerFrom(
        env,
        'GATEWAY_LOGIN_MAX_FAILURES_PER_ACCOUNT',
        defaults.loginFailuresPerAccount.limit,
      ),
      windowMs: failureWindowMs,
    },
    loginFailuresPerIp: {
      limit: integerFrom(
        env,
        'GATEWAY_LOGIN_MAX_FAILURES_PER_IP',
        defaults.loginFailuresPerIp.limit,
      ),
      windowMs: failureWindowMs,
    },
    accountRateLimit: {
      limit: integerFrom(env, 'GATEWAY_RATE_LIMIT', defaults.accountRateLimit.limit),
      windowMs: integerFrom(
        env,
        'GATEWAY_RATE_LIMIT_WINDOW_MS',
        defaults.accountRateLimit.windowMs,
      ),
    },
  };
  if (config.refreshTtlMs < config.sessionTtlMs) {
    throw new Error('GATEWAY_REFRESH_TTL_MS must not be shorter than GATEWAY_SESSION_TTL_MS');
  }
  // Browsers cap cookie lifetimes at 400 days (RFC 6265bis), and hono refuses longer ones.
  if (config.refreshTtlMs > MAX_COOKIE_AGE_MS) {
    throw new Error('GATEWAY_REFRESH_TTL_MS must not exceed 400 days');
  }
  return config;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    host: env.GATEWAY_HOST || '127.0.0.1',
    port: portFrom(env.GATEWAY_PORT, 4100),
    dataDir: path.resolve(env.GATEWAY_DATA_DIR || '.data/gateway'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.GATEWAY_SEED_DEMO !== '0',
    ...readAccountsConfig(env),
  };
}
