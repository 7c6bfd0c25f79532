import { IMAGE_DOMAIN_PATTERN } from '@exchange-web/protocol/images';
import { DEFAULT_KEY_ALGORITHM, KeyAlgorithm, Timing } from '@exchange-web/protocol/registry';
import { QrLoginRule } from '@exchange-web/protocol/qr-login';
import { DEFAULT_LOGIN_FRESHNESS_MS } from '@exchange-web/protocol/signing';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyaddr from 'proxy-addr';
import { DEFAULT_POSTGRES_POOL_OPTIONS, type PostgresPoolOptions } from './db/postgres';
import { DEMO_ACCOUNT } from './db/seed';

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
  /**
   * Live sessions (signed-in devices) one user may have; a new sign-in past it ends the oldest,
   * whose next call answers 20906. @default 10 (1: one device at a time)
   */
  maxSessionsPerUser: number;
  /**
   * How long creating API keys waits after a change of the account's security (password,
   * authenticator app). @default 86_400_000 (24 h); 0 never waits
   */
  securityLockMs: number;
  /** QR sign-in codes one IP address may ask for. @default 30 per 10 minutes */
  qrKeysPerIp: WindowLimit;
  /** How long a QR sign-in code lives. @default 120 (QrLoginRule.ttlSeconds) */
  qrLoginTtlSeconds: number;
  /** Challenges to sign in with a passkey one IP address may ask for. @default 30 per 10 minutes */
  passkeyChallengesPerIp: WindowLimit;
  /**
   * Codes of sign-ins from new devices one account may be sent (each sign-in and each resend),
   * so whoever has the password cannot flood its mailbox. @default 10 per hour
   */
  signInCodesPerAccount: WindowLimit;
  /** Wallet sign-in nonces one IP address may ask for. @default 30 per 10 minutes */
  thirdPartyNoncesPerIp: WindowLimit;
  /**
   * Third-party `check` calls one IP address may make: Telegram's takes a bare account id, so
   * without a limit anybody could list which Telegram accounts have an account here.
   * @default 60 per 10 minutes
   */
  thirdPartyChecksPerIp: WindowLimit;
}

/** Request signing and login encryption (README, "Request signing and login encryption"). */
export interface SigningConfig {
  /** The sign config's `clientOpen`: when false, core calls need a session but no signature. @default true */
  signClientOpen: boolean;
  /** The sign config's `defaultAlgorithm` for client keys. @default 'rsa1024' (SPEC 9) */
  signDefaultAlgorithm: KeyAlgorithm;
  /** How long a server key pair serves before a new one replaces it. @default 86_400_000 (24 h) */
  signKeyRotationMs: number;
  /** How long a replaced server key still decrypts logins. @default 3_600_000 (1 h) */
  signKeyGraceMs: number;
  /**
   * How long a process keeps the server keys it read from the database before reading again.
   * Must not exceed the grace, or a process could hand out a key that no longer decrypts.
   * @default 10_000
   */
  signKeyCacheMs: number;
  /** PEM file of the trust-root private key that signs `serverPublicKey`. @default the dev key */
  signTrustKeyFile: string;
  /** Whether a login-encryption path takes a plaintext body (SPEC 8 fallback). @default false */
  loginPlaintextAllowed: boolean;
  /**
   * How far an encrypted login body's `bodyTime` may be from the gateway's time, either way,
   * before it is refused as stale (21014); each body's nonce is remembered that long (plus a
   * minute), so a replay within the window is refused too (21015). @default 120_000 (2 minutes)
   */
  loginFreshnessMs: number;
}

/** Human verification (README, "Human verification"; SPEC 4, 5, 7). */
export interface ChallengeConfig {
  /** Whether every registration is challenged (scene `register`). @default true */
  challengeRegister: boolean;
  /**
   * Failed logins of one login name within the failed-login window from which its logins are
   * challenged (scene `login`); 0 turns the rule off. @default 3
   */
  challengeLoginFailures: number;
  /**
   * Failed logins from one client address within the failed-login window from which its logins
   * are challenged; 0 turns the rule off. Higher than per name: many people share an address.
   * @default 10
   */
  challengeLoginFailuresPerIp: number;
  /**
   * Whether a login is challenged when its device check does not recognise the device, for an
   * account that has signed in with a device key before (scene `login`). @default true
   */
  challengeNewDevice: boolean;
  /**
   * Account calls per client address per window past which each call is challenged (scene
   * `burst`), below the hard rate limit; a limit of 0 turns the rule off. @default 300 a minute
   */
  challengeBurst: WindowLimit;
  /** How long an issued challenge can be solved and checked. @default 300_000 (5 minutes) */
  challengeTtlMs: number;
  /** How long a pass token (`captcha-token`) stays usable, once. @default 120_000 (2 minutes) */
  challengeTokenTtlMs: number;
  /**
   * The largest secret number of a challenge: the proof of work tries half of it on average.
   * @default 250_000 (a browser's workers solve it in about a second; a scripted solver pays
   * ~125,000 SHA-256 hashes per challenge, five times what 50,000 cost)
   */
  challengeMaxNumber: number;
  /**
   * The HMAC key that signs challenges. @default undefined: a random key made at first start and
   * kept in the database, so every gateway process sharing it signs alike.
   */
  challengeHmacKey: string | undefined;
}

/** Guards every request meets before its route (README "Security"). */
export interface RequestGuardConfig {
  /**
   * Origins (`https://www.example.com`) besides the site's own whose pages may make
   * state-changing calls; any other Origin is refused with 40302. @default none: same origin only
   */
  allowedOrigins: string[];
  /**
   * Requests per client address per window on every call without a limit of its own (the public
   * calls: config, rates, market data, inscription content...). @default 1200 a minute
   */
  publicRateLimit: WindowLimit;
  /**
   * Requests per signed-in session per window, on any call that carries a session cookie, on top
   * of the address limits: one account spread over many addresses is still held. @default 600 a minute
   */
  sessionRateLimit: WindowLimit;
  /** Sub-accounts one main account may create; more answer 21016. @default 20 */
  maxSubAccounts: number;
}

/**
 * Verification codes of a registration and the transports that deliver them (README "Accounts and
 * sessions"; protocol `verification.ts`).
 */
export interface VerificationConfig {
  /**
   * Whether a registration needs the code sent to its address or number (sendVerifyCode), so it
   * never tells a taken address from a wrong code. Off, registration is challenged as before and
   * answers 21001 for a taken name. @default true
   */
  registerVerify: boolean;
  /**
   * Whether a password sign-in from a device the account has not signed in from (no key of an
   * earlier sign-in signed it) needs a code sent to the account's e-mail, else its number, when
   * the account has no authenticator app or passkey (which are asked instead). @default true
   */
  newDeviceVerify: boolean;
  /**
   * The SMTP server that sends e-mail codes and notices: `smtp://` or `smtps://`, with its user and
   * password in the URL if it wants them. @default undefined: e-mail codes answer 50300
   */
  mailUrl: string | undefined;
  /** The sender of those e-mails. @default `"exchange-web" <no-reply@exchange-web.test>` */
  mailFrom: string;
  /**
   * The HTTP(S) endpoint that sends SMS: it receives POST JSON `{to, text}` (production points it
   * at its SMS provider's gateway). @default undefined: mobile codes answer 50300
   */
  smsWebhookUrl: string | undefined;
}

/** The proxies in front of the gateway (README "Scaling out"). */
export interface ProxyConfig {
  /**
   * Addresses and CIDR ranges (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`) of
   * the proxies whose X-Forwarded-For and X-Forwarded-Host are believed: the client is the
   * nearest address of the chain that is not one of them. @default ['loopback'] (the site's proxy)
   */
  trustedProxies: readonly string[];
}

/** Behaviour-tracking ingestion and its operator views (README, "Behaviour tracking: ingestion"). */
export interface TrackingConfig {
  /**
   * Uploads (`POST /v1/buried/log/info`) per client address per window, on a counter of their
   * own: a busy page sends a batch every 500 ms at most (SPEC 9). @default 1200 a minute
   */
  trackingRateLimit: WindowLimit;
  /**
   * Login names of the operators, who may read the tracking overview and turn uploading on or
   * off. Compared case-insensitively with the signed-in main account's login name.
   * @default none (readConfig: the demo account's when the demo is seeded, see there)
   */
  operatorLoginNames: string[];
  /**
   * Days a stored event is kept (by the time the gateway received it); the sweep deletes older
   * ones, so behaviour data is not kept for ever. @default 90
   */
  trackingRetentionDays: number;
}

/** The simulated market and the trading engine (README, "Simulated market and trading"). */
export interface MarketConfig {
  /**
   * The length of one cycle of the simulated price (about ±1 % around the pair's base price).
   * Tests and e2e use a short one, so a limit order a little off the price fills within seconds.
   * @default 600_000 (10 minutes)
   */
  marketCycleMs: number;
  /** Market streams (server-sent events) one process serves at once; more answer 429. @default 1000 */
  marketMaxStreams: number;
  /**
   * Market streams one client address (read through the trusted proxies) holds at once in one
   * process; more answer 429, so one visitor cannot take every place. @default 4
   */
  marketMaxStreamsPerClient: number;
  /**
   * How often each process settles every open order and position (fills limit orders the price
   * crossed, liquidates positions); 0 turns the timer off, leaving the settle each trading read
   * runs for its own account. @default 1000
   */
  tradingSettleIntervalMs: number;
  /** Margin accounts' thresholds and interest (README "Margin"). */
  margin: MarginConfig;
  /** Copy trading's rules (README "Copy trading"). */
  copy: CopyConfig;
  /** Proof of reserves (README "Proof of reserves"). */
  reserves: ReservesConfig;
  /** Where the USDT rates of the fiat table come from (README "Rates"). */
  rates: RatesConfig;
}

export interface RatesConfig {
  /**
   * A source of USDT exchange rates answering as Coinbase's public
   * `https://api.coinbase.com/v2/exchange-rates?currency=USDT` does. `GATEWAY_RATES_FEED_URL`.
   * @default undefined: the rates stay those the database holds (seeded at first start)
   */
  feedUrl: string | undefined;
  /**
   * How often the source is read: as often as the site asks for rates (SPEC 9's 30 minutes).
   * `GATEWAY_RATES_FEED_MS`. @default 1_800_000
   */
  refreshMs: number;
}

/** One of the exchange's reserve wallets: what it holds of an asset, at an address. */
export interface ReserveWallet {
  asset: string;
  address: string;
  balance: string;
}

export interface ReservesConfig {
  /** How often a snapshot is taken. `GATEWAY_RESERVES_INTERVAL_MS`. @default 3_600_000 (1 h) */
  snapshotIntervalMs: number;
  /**
   * The reserve wallets published with each snapshot: `GATEWAY_RESERVE_WALLETS` as
   * `ASSET:address:balance,…`. The default is the demo exchange's.
   */
  wallets: readonly ReserveWallet[];
  /**
   * The exchange's opening contribution to the protection fund, USDT, booked on the first start.
   * `GATEWAY_PROTECTION_FUND_USDT`. @default "1000000"
   */
  fundOpeningUsdt: string;
  /** The protection fund's published wallet addresses. */
  fundWallets: readonly { asset: string; address: string }[];
}

export interface CopyConfig {
  /** USDT an account must hold to apply as a lead trader. `GATEWAY_COPY_LEAD_MIN_USDT`. @default "1000" */
  leadMinUsdt: string;
  /**
   * How old a lead's open position must be before their public profile shows it, so followers
   * and others cannot front-run a lead. `GATEWAY_COPY_POSITION_DELAY_MS`. @default 600_000
   */
  positionDelayMs: number;
  /** How long a lead's computed results are reused. `GATEWAY_COPY_STATS_CACHE_MS`. @default 30_000 */
  statsCacheMs: number;
}

export interface MarginConfig {
  /**
   * The risk ratio (assets ÷ debt) at or under which an account is called: a transfer out that
   * would bring it there is refused. `GATEWAY_MARGIN_CALL_RATIO`. @default "1.3"
   */
  marginCall: string;
  /** The risk ratio at or under which an account is liquidated. `GATEWAY_MARGIN_LIQUIDATION_RATIO`. @default "1.1" */
  liquidation: string;
  /**
   * Interest per hour of each coin a margin account may borrow, as a fraction of the principal;
   * a coin not listed cannot be borrowed. `GATEWAY_MARGIN_HOURLY_RATES` as `USDT:0.000005,BTC:…`.
   */
  hourlyRates: Readonly<Record<string, string>>;
}

/** The image domains the domain config lists, and where the images are (README "Image domains"). */
export interface ImagesConfig {
  /**
   * The image domains (origins) of visitors outside mainland China, in the order the domain
   * config lists them. @default none: every image comes from the site's own origin
   */
  imageForeignDomains: string[];
  /** The image domains of visitors in mainland China. @default none */
  imageInternalDomains: string[];
  /** The folder served under `/images/`. @default apps/gateway/assets/images */
  imageDir: string;
}

/** An extra listener that serves only the images (development and tests). */
export interface ImageServer {
  host: string;
  /** 0 takes any free port (the running gateway reports the port it got). */
  port: number;
  /** How long it waits before answering each request, to stand for a slow image domain. */
  delayMs: number;
}

/** This gateway as a client of an OpenID provider (Google, Apple). */
export interface OpenIdClientSettings {
  /** The provider's issuer: https://accounts.google.com, https://appleid.apple.com. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Third-party sign-in providers that need a secret of the site (README "Third-party sign-in").
 * Wallets need none.
 */
export interface ThirdPartyConfig {
  /**
   * The token of the site's Telegram bot (`123456:ABC...`, from BotFather), under which Telegram
   * signs its sign-in data. @default undefined: Telegram sign-in answers 21035 (not set up)
   */
  telegramBotToken: string | undefined;
  /** Telegram's login page the site sends people to. @default https://oauth.telegram.org/auth */
  telegramLoginUrl: string;
  /**
   * This gateway as a client of Google's OpenID provider: `GATEWAY_GOOGLE_CLIENT_ID` and
   * `GATEWAY_GOOGLE_CLIENT_SECRET`, issuer `GATEWAY_GOOGLE_ISSUER` (default
   * https://accounts.google.com). @default undefined: Google sign-in answers 21035
   */
  google: OpenIdClientSettings | undefined;
  /**
   * The same for Apple (`GATEWAY_APPLE_*`, issuer default https://appleid.apple.com; Apple's
   * client secret is the JWT its developer account signs). @default undefined
   */
  apple: OpenIdClientSettings | undefined;
}

/** Everything an operator can set, read once at start from the environment. */
export interface GatewayConfig
  extends
    AccountsConfig,
    ThirdPartyConfig,
    SigningConfig,
    ChallengeConfig,
    TrackingConfig,
    MarketConfig,
    ImagesConfig,
    ProxyConfig,
    RequestGuardConfig,
    VerificationConfig {
  host: string;
  port: number;
  /**
   * Extra listeners serving the same images, so the client's image-domain probe has real
   * candidates to race in development and tests. @default none (production uses a CDN)
   */
  imageServers?: ImageServer[];
  /** Folder of the embedded database. */
  dataDir: string;
  /** A PostgreSQL URL; when set, it replaces the embedded database. */
  databaseUrl: string | undefined;
  /** The connection pool on `databaseUrl`. @default DEFAULT_POSTGRES_POOL_OPTIONS */
  databasePool?: PostgresPoolOptions;
  /** Seed the demo account on first run. */
  seedDemo: boolean;
  /**
   * The key that encrypts stored secrets such as authenticator keys (README "Account security"),
   * 64 hex characters. @default undefined: one made at first start and kept in `dataDir`
   * (configure one for gateways that share a PostgreSQL database)
   */
  secretsKey: string | undefined;
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
  maxSessionsPerUser: 10,
  securityLockMs: 24 * 60 * 60_000,
  qrKeysPerIp: { limit: 30, windowMs: 10 * 60_000 },
  qrLoginTtlSeconds: QrLoginRule.ttlSeconds,
  passkeyChallengesPerIp: { limit: 30, windowMs: 10 * 60_000 },
  signInCodesPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  thirdPartyNoncesPerIp: { limit: 30, windowMs: 10 * 60_000 },
  thirdPartyChecksPerIp: { limit: 60, windowMs: 10 * 60_000 },
};

/**
 * WARNING: the development trust root, whose private key is public (dev-keys/README.md).
 * Resolved from this module: src/config.ts and the bundled dist/server.js sit one level below
 * apps/gateway, so the same relative path serves both, whatever the working directory.
 */
export const DEV_TRUST_KEY_FILE = fileURLToPath(
  new URL('../dev-keys/dev-trust-root.key.pem', import.meta.url),
);

export const DEFAULT_SIGNING_CONFIG: Readonly<SigningConfig> = {
  signClientOpen: true,
  signDefaultAlgorithm: DEFAULT_KEY_ALGORITHM,
  signKeyRotationMs: 24 * 60 * 60_000,
  signKeyGraceMs: 60 * 60_000,
  signKeyCacheMs: 10_000,
  signTrustKeyFile: DEV_TRUST_KEY_FILE,
  // A plaintext login is a password in clear and a session with no key bound: off unless an
  // operator turns it on (README "Security").
  loginPlaintextAllowed: false,
  loginFreshnessMs: DEFAULT_LOGIN_FRESHNESS_MS,
};

export const DEFAULT_CHALLENGE_CONFIG: Readonly<ChallengeConfig> = {
  challengeRegister: true,
  challengeLoginFailures: 3,
  challengeLoginFailuresPerIp: 10,
  challengeNewDevice: true,
  challengeBurst: { limit: 300, windowMs: 60_000 },
  challengeTtlMs: 5 * 60_000,
  challengeTokenTtlMs: 2 * 60_000,
  challengeMaxNumber: 250_000,
  challengeHmacKey: undefined,
};

export const DEFAULT_TRACKING_CONFIG: Readonly<TrackingConfig> = {
  trackingRateLimit: { limit: 1200, windowMs: 60_000 },
  operatorLoginNames: [],
  trackingRetentionDays: 90,
};

export const DEFAULT_PROXY_CONFIG: Readonly<ProxyConfig> = { trustedProxies: ['loopback'] };

export const DEFAULT_REQUEST_GUARD_CONFIG: Readonly<RequestGuardConfig> = {
  allowedOrigins: [],
  publicRateLimit: { limit: 1200, windowMs: 60_000 },
  sessionRateLimit: { limit: 600, windowMs: 60_000 },
  maxSubAccounts: 20,
};

export const DEFAULT_VERIFICATION_CONFIG: Readonly<VerificationConfig> = {
  registerVerify: true,
  newDeviceVerify: true,
  mailUrl: undefined,
  mailFrom: '"exchange-web" <no-reply@exchange-web.test>',
  smsWebhookUrl: undefined,
};

export const DEFAULT_MARKET_CONFIG: Readonly<MarketConfig> = {
  marketCycleMs: 10 * 60_000,
  marketMaxStreams: 1000,
  marketMaxStreamsPerClient: 4,
  tradingSettleIntervalMs: 1000,
  // Yearly about 4.4 % on USDT, 1.8 % on BTC, 2.6 % on ETH, 7 % on SOL and DOGE.
  margin: {
    marginCall: '1.3',
    liquidation: '1.1',
    hourlyRates: {
      USDT: '0.000005',
      BTC: '0.000002',
      ETH: '0.000003',
      SOL: '0.000008',
      DOGE: '0.000008',
    },
  },
  copy: { leadMinUsdt: '1000', positionDelayMs: 600_000, statsCacheMs: 30_000 },
  rates: { feedUrl: undefined, refreshMs: Timing.rateRefreshMs },
  reserves: {
    snapshotIntervalMs: 3_600_000,
    wallets: [
      { asset: 'BTC', address: 'bc1qexchangewebreserve0btc0cold0wallet0000000', balance: '120' },
      { asset: 'ETH', address: '0x4e5c0a1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f70', balance: '1500' },
      { asset: 'SOL', address: 'ExWebReserveSo1anaCo1dWa11et1111111111111111', balance: '40000' },
      { asset: 'DOGE', address: 'DExchangeWebReserveDogeCo1dWa11et11', balance: '25000000' },
      { asset: 'USDT', address: '0x4e5c0a1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f70', balance: '12000000' },
    ],
    fundOpeningUsdt: '1000000',
    fundWallets: [
      { asset: 'USDT', address: '0x9f1d2c3b4a5e6f708192a3b4c5d6e7f8091a2b3c' },
      { asset: 'BTC', address: 'bc1qexchangewebprotectionfund000000000000' },
    ],
  },
};

/**
 * The folder of the images. Resolved from this module like {@link DEV_TRUST_KEY_FILE}: src/ and
 * dist/ both sit one level below apps/gateway.
 */
export const IMAGE_ASSETS_DIR = fileURLToPath(new URL('../assets/images', import.meta.url));

export const DEFAULT_IMAGES_CONFIG: Readonly<ImagesConfig> = {
  imageForeignDomains: [],
  imageInternalDomains: [],
  imageDir: IMAGE_ASSETS_DIR,
};

/** What the HTTP application needs: accounts, signing, human verification, tracking, market, images. */
export type AppConfig = AccountsConfig &
  SigningConfig &
  ChallengeConfig &
  TrackingConfig &
  MarketConfig &
  ImagesConfig &
  ProxyConfig &
  RequestGuardConfig &
  VerificationConfig &
  ThirdPartyConfig;

export const DEFAULT_THIRD_PARTY_CONFIG: Readonly<ThirdPartyConfig> = {
  telegramBotToken: undefined,
  telegramLoginUrl: 'https://oauth.telegram.org/auth',
  google: undefined,
  apple: undefined,
};

const OPENID_ISSUERS = {
  GOOGLE: 'https://accounts.google.com',
  APPLE: 'https://appleid.apple.com',
};

/**
 * One OpenID provider's client settings from `GATEWAY_<NAME>_*`: undefined without a client id,
 * an error for half a client or an issuer that is not https (plain http only on this machine).
 */
function openIdClientFrom(
  env: NodeJS.ProcessEnv,
  name: keyof typeof OPENID_ISSUERS,
): OpenIdClientSettings | undefined {
  const clientId = env[`GATEWAY_${name}_CLIENT_ID`];
  const clientSecret = env[`GATEWAY_${name}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new Error(`GATEWAY_${name}_CLIENT_ID and GATEWAY_${name}_CLIENT_SECRET go together`);
  }
  const issuer =
    urlFrom(env, `GATEWAY_${name}_ISSUER`, ['https:', 'http:']) ?? OPENID_ISSUERS[name];
  const { protocol, hostname } = new URL(issuer);
  if (protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new Error(`GATEWAY_${name}_ISSUER must be https (plain http only on this machine)`);
  }
  return { issuer, clientId, clientSecret };
}

export const DEFAULT_APP_CONFIG: Readonly<AppConfig> = {
  ...DEFAULT_ACCOUNTS_CONFIG,
  ...DEFAULT_THIRD_PARTY_CONFIG,
  ...DEFAULT_SIGNING_CONFIG,
  ...DEFAULT_CHALLENGE_CONFIG,
  ...DEFAULT_TRACKING_CONFIG,
  ...DEFAULT_MARKET_CONFIG,
  ...DEFAULT_IMAGES_CONFIG,
  ...DEFAULT_PROXY_CONFIG,
  ...DEFAULT_REQUEST_GUARD_CONFIG,
  ...DEFAULT_VERIFICATION_CONFIG,
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

function booleanFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be true or false (or 1 or 0), got "${value}"`);
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
    maxSessionsPerUser: integerFrom(
      env,
      'GATEWAY_MAX_SESSIONS_PER_USER',
      defaults.maxSessionsPerUser,
    ),
    securityLockMs: integerFrom(env, 'GATEWAY_SECURITY_LOCK_MS', defaults.securityLockMs, 0),
    qrKeysPerIp: {
      limit: integerFrom(env, 'GATEWAY_QR_KEYS_PER_IP', defaults.qrKeysPerIp.limit),
      windowMs: integerFrom(env, 'GATEWAY_QR_KEYS_PER_IP_WINDOW_MS', defaults.qrKeysPerIp.windowMs),
    },
    passkeyChallengesPerIp: {
      limit: integerFrom(
        env,
        'GATEWAY_PASSKEY_CHALLENGES_PER_IP',
        defaults.passkeyChallengesPerIp.limit,
      ),
      windowMs: integerFrom(
        env,
        'GATEWAY_PASSKEY_CHALLENGES_PER_IP_WINDOW_MS',
        defaults.passkeyChallengesPerIp.windowMs,
      ),
    },
    signInCodesPerAccount: {
      limit: integerFrom(
        env,
        'GATEWAY_SIGN_IN_CODES_PER_ACCOUNT',
        defaults.signInCodesPerAccount.limit,
      ),
      windowMs: integerFrom(
        env,
        'GATEWAY_SIGN_IN_CODES_PER_ACCOUNT_WINDOW_MS',
        defaults.signInCodesPerAccount.windowMs,
      ),
    },
    thirdPartyNoncesPerIp: {
      limit: integerFrom(
        env,
        'GATEWAY_THIRD_PARTY_NONCES_PER_IP',
        defaults.thirdPartyNoncesPerIp.limit,
      ),
      windowMs: integerFrom(
        env,
        'GATEWAY_THIRD_PARTY_NONCES_PER_IP_WINDOW_MS',
        defaults.thirdPartyNoncesPerIp.windowMs,
      ),
    },
    thirdPartyChecksPerIp: {
      limit: integerFrom(
        env,
        'GATEWAY_THIRD_PARTY_CHECKS_PER_IP',
        defaults.thirdPartyChecksPerIp.limit,
      ),
      windowMs: integerFrom(
        env,
        'GATEWAY_THIRD_PARTY_CHECKS_PER_IP_WINDOW_MS',
        defaults.thirdPartyChecksPerIp.windowMs,
      ),
    },
    qrLoginTtlSeconds: integerFrom(env, 'GATEWAY_QR_LOGIN_TTL_SECONDS', defaults.qrLoginTtlSeconds),
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

function keyAlgorithmFrom(value: string | undefined): KeyAlgorithm {
  if (value === undefined || value === '') return DEFAULT_SIGNING_CONFIG.signDefaultAlgorithm;
  const algorithms: readonly string[] = Object.values(KeyAlgorithm);
  if (!algorithms.includes(value)) {
    throw new Error(
      `GATEWAY_SIGN_DEFAULT_ALGORITHM must be ${algorithms.join(' or ')}, got "${value}"`,
    );
  }
  return value as KeyAlgorithm;
}

/** Reads the signing settings; a relative trust key path is taken from the working directory. */
export function readSigningConfig(env: NodeJS.ProcessEnv = process.env): SigningConfig {
  const defaults = DEFAULT_SIGNING_CONFIG;
  const config: SigningConfig = {
    signClientOpen: booleanFrom(env, 'GATEWAY_SIGN_CLIENT_OPEN', defaults.signClientOpen),
    signDefaultAlgorithm: keyAlgorithmFrom(env.GATEWAY_SIGN_DEFAULT_ALGORITHM),
    signKeyRotationMs: integerFrom(env, 'GATEWAY_SIGN_KEY_ROTATION_MS', defaults.signKeyRotationMs),
    signKeyGraceMs: integerFrom(env, 'GATEWAY_SIGN_KEY_GRACE_MS', defaults.signKeyGraceMs),
    signKeyCacheMs: integerFrom(env, 'GATEWAY_SIGN_KEY_CACHE_MS', defaults.signKeyCacheMs, 0),
    signTrustKeyFile: env.GATEWAY_SIGN_TRUST_KEY_FILE
      ? path.resolve(env.GATEWAY_SIGN_TRUST_KEY_FILE)
      : defaults.signTrustKeyFile,
    loginPlaintextAllowed: booleanFrom(
      env,
      'GATEWAY_LOGIN_PLAINTEXT_ALLOWED',
      defaults.loginPlaintextAllowed,
    ),
    loginFreshnessMs: integerFrom(env, 'GATEWAY_LOGIN_FRESHNESS_MS', defaults.loginFreshnessMs),
  };
  if (config.signKeyCacheMs > config.signKeyGraceMs) {
    throw new Error('GATEWAY_SIGN_KEY_CACHE_MS must not exceed GATEWAY_SIGN_KEY_GRACE_MS');
  }
  return config;
}

// An HMAC key shorter than this is guessable; a generated one is 64 hex characters.
const MIN_HMAC_KEY_LENGTH = 32;

/** Reads the human-verification settings. */
export function readChallengeConfig(env: NodeJS.ProcessEnv = process.env): ChallengeConfig {
  const defaults = DEFAULT_CHALLENGE_CONFIG;
  const hmacKey = env.GATEWAY_CHALLENGE_HMAC_KEY || undefined;
  if (hmacKey !== undefined && hmacKey.length < MIN_HMAC_KEY_LENGTH) {
    throw new Error(
      `GATEWAY_CHALLENGE_HMAC_KEY must be at least ${MIN_HMAC_KEY_LENGTH} characters long`,
    );
  }
  return {
    challengeRegister: booleanFrom(env, 'GATEWAY_CHALLENGE_REGISTER', defaults.challengeRegister),
    challengeLoginFailures: integerFrom(
      env,
      'GATEWAY_CHALLENGE_LOGIN_FAILURES',
      defaults.challengeLoginFailures,
      0,
    ),
    challengeLoginFailuresPerIp: integerFrom(
      env,
      'GATEWAY_CHALLENGE_LOGIN_FAILURES_PER_IP',
      defaults.challengeLoginFailuresPerIp,
      0,
    ),
    challengeNewDevice: booleanFrom(
      env,
      'GATEWAY_CHALLENGE_NEW_DEVICE',
      defaults.challengeNewDevice,
    ),
    challengeBurst: {
      limit: integerFrom(env, 'GATEWAY_CHALLENGE_BURST', defaults.challengeBurst.limit, 0),
      windowMs: integerFrom(
        env,
        'GATEWAY_CHALLENGE_BURST_WINDOW_MS',
        defaults.challengeBurst.windowMs,
      ),
    },
    challengeTtlMs: integerFrom(env, 'GATEWAY_CHALLENGE_TTL_MS', defaults.challengeTtlMs),
    challengeTokenTtlMs: integerFrom(
      env,
      'GATEWAY_CHALLENGE_TOKEN_TTL_MS',
      defaults.challengeTokenTtlMs,
    ),
    challengeMaxNumber: integerFrom(
      env,
      'GATEWAY_CHALLENGE_MAX_NUMBER',
      defaults.challengeMaxNumber,
    ),
    challengeHmacKey: hmacKey,
  };
}

// The longest login name the accounts accept (an email).
const MAX_LOGIN_NAME_LENGTH = 254;

/**
 * Reads the tracking settings. `GATEWAY_OPERATORS` is a comma-separated list of login names;
 * set but empty, nobody is an operator. Unset, the demo account is the operator when the demo is
 * seeded: the seeded demo is a development convenience (its password is in the README), so a
 * developer can open the overview at once, and a deployment that seeds no demo has no operator
 * until it names one.
 */
export function readTrackingConfig(
  env: NodeJS.ProcessEnv = process.env,
  demoLoginName?: string,
): TrackingConfig {
  const defaults = DEFAULT_TRACKING_CONFIG;
  const operators = env.GATEWAY_OPERATORS;
  let operatorLoginNames: string[];
  if (operators === undefined) {
    operatorLoginNames = demoLoginName === undefined ? [] : [demoLoginName];
  } else {
    operatorLoginNames = operators
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const tooLong = operatorLoginNames.find((name) => name.length > MAX_LOGIN_NAME_LENGTH);
    if (tooLong !== undefined) {
      throw new Error(
        `GATEWAY_OPERATORS holds a login name over ${MAX_LOGIN_NAME_LENGTH} characters: "${tooLong}"`,
      );
    }
  }
  return {
    trackingRateLimit: {
      limit: integerFrom(env, 'GATEWAY_TRACKING_RATE_LIMIT', defaults.trackingRateLimit.limit),
      windowMs: integerFrom(
        env,
        'GATEWAY_TRACKING_RATE_LIMIT_WINDOW_MS',
        defaults.trackingRateLimit.windowMs,
      ),
    },
    operatorLoginNames,
    trackingRetentionDays: integerFrom(
      env,
      'GATEWAY_TRACKING_RETENTION_DAYS',
      defaults.trackingRetentionDays,
    ),
  };
}

/** Reads the simulated market's and the trading engine's settings. */
export function readMarketConfig(env: NodeJS.ProcessEnv = process.env): MarketConfig {
  const defaults = DEFAULT_MARKET_CONFIG;
  return {
    marketCycleMs: integerFrom(env, 'GATEWAY_MARKET_CYCLE_MS', defaults.marketCycleMs, 1000),
    marketMaxStreams: integerFrom(env, 'GATEWAY_MARKET_MAX_STREAMS', defaults.marketMaxStreams),
    marketMaxStreamsPerClient: integerFrom(
      env,
      'GATEWAY_MARKET_MAX_STREAMS_PER_CLIENT',
      defaults.marketMaxStreamsPerClient,
    ),
    tradingSettleIntervalMs: integerFrom(
      env,
      'GATEWAY_TRADING_SETTLE_MS',
      defaults.tradingSettleIntervalMs,
      0,
    ),
    margin: marginFrom(env, defaults.margin),
    copy: {
      leadMinUsdt: ratioFrom(env, 'GATEWAY_COPY_LEAD_MIN_USDT', defaults.copy.leadMinUsdt),
      positionDelayMs: integerFrom(
        env,
        'GATEWAY_COPY_POSITION_DELAY_MS',
        defaults.copy.positionDelayMs,
        0,
      ),
      statsCacheMs: integerFrom(env, 'GATEWAY_COPY_STATS_CACHE_MS', defaults.copy.statsCacheMs, 0),
    },
    reserves: {
      snapshotIntervalMs: integerFrom(
        env,
        'GATEWAY_RESERVES_INTERVAL_MS',
        defaults.reserves.snapshotIntervalMs,
        60_000,
      ),
      wallets: reserveWalletsFrom(env.GATEWAY_RESERVE_WALLETS, defaults.reserves.wallets),
      fundOpeningUsdt: amountFrom(
        env,
        'GATEWAY_PROTECTION_FUND_USDT',
        defaults.reserves.fundOpeningUsdt,
      ),
      fundWallets: defaults.reserves.fundWallets,
    },
    rates: {
      feedUrl: urlFrom(env, 'GATEWAY_RATES_FEED_URL', ['https:', 'http:']),
      refreshMs: integerFrom(env, 'GATEWAY_RATES_FEED_MS', defaults.rates.refreshMs, 1000),
    },
  };
}

/** `ASSET:address:balance,…` as reserve wallets; unset or empty keeps the default ones. */
function reserveWalletsFrom(
  value: string | undefined,
  fallback: readonly ReserveWallet[],
): readonly ReserveWallet[] {
  if (value === undefined || value.trim() === '') return fallback;
  return value.split(',').map((entry) => {
    const [asset = '', address = '', balance = ''] = entry.trim().split(':');
    if (
      !/^[A-Z0-9]{2,10}$/.test(asset) ||
      !/^[\w-]{8,100}$/.test(address) ||
      !/^\d+(?:\.\d+)?$/.test(balance)
    ) {
      throw new Error(
        `GATEWAY_RESERVE_WALLETS must be ASSET:address:balance pairs separated by commas, got "${entry}"`,
      );
    }
    return { asset, address, balance };
  });
}

const RATIO_PATTERN = /^\d{1,6}(?:\.\d{1,8})?$/;

/** A non-negative amount of up to 15 whole digits and 8 places, as a decimal string. */
function amountFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,15}(?:\.\d{1,8})?$/.test(value)) {
    throw new Error(`${name} must be an amount like 1000000, got "${value}"`);
  }
  return value;
}

function ratioFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!RATIO_PATTERN.test(value))
    throw new Error(`${name} must be a decimal like 1.3, got "${value}"`);
  return value;
}

/** The margin settings: a call above the liquidation, and a liquidation at or over 1 (solvent). */
function marginFrom(env: NodeJS.ProcessEnv, defaults: MarginConfig): MarginConfig {
  const marginCall = ratioFrom(env, 'GATEWAY_MARGIN_CALL_RATIO', defaults.marginCall);
  const liquidation = ratioFrom(env, 'GATEWAY_MARGIN_LIQUIDATION_RATIO', defaults.liquidation);
  if (Number(liquidation) < 1 || Number(marginCall) <= Number(liquidation)) {
    throw new Error(
      `GATEWAY_MARGIN_LIQUIDATION_RATIO must be at least 1 and under GATEWAY_MARGIN_CALL_RATIO, got ${liquidation} and ${marginCall}`,
    );
  }
  const listed = listFrom(env, 'GATEWAY_MARGIN_HOURLY_RATES');
  if (listed.length === 0) return { marginCall, liquidation, hourlyRates: defaults.hourlyRates };
  const hourlyRates: Record<string, string> = {};
  for (const entry of listed) {
    const [coin = '', rate = ''] = entry.split(':');
    if (!/^[A-Z0-9]{1,16}$/.test(coin) || !/^0(?:\.\d{1,12})?$/.test(rate)) {
      throw new Error(
        `GATEWAY_MARGIN_HOURLY_RATES must list COIN:rate pairs like USDT:0.000005, got "${entry}"`,
      );
    }
    hourlyRates[coin] = rate;
  }
  return { marginCall, liquidation, hourlyRates };
}

function listFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function imageDomainsFrom(env: NodeJS.ProcessEnv, name: string): string[] {
  const domains = listFrom(env, name);
  for (const domain of domains) {
    const port = /:(\d+)$/.exec(domain)?.[1];
    if (!IMAGE_DOMAIN_PATTERN.test(domain) || (port !== undefined && Number(port) > 65_535)) {
      throw new Error(
        `${name} must be a comma-separated list of origins (http(s)://host[:port], nothing after), got "${domain}"`,
      );
    }
  }
  return domains;
}

const IMAGE_SERVER_PATTERN = /^([a-z0-9.-]+):(\d{1,5})(?::(\d{1,6}))?$/i;
// A slow origin stands for a slow CDN, not a hung one: the probe gives up after a few seconds.
const MAX_IMAGE_SERVER_DELAY_MS = 60_000;

/** Reads the extra image listeners of `GATEWAY_IMAGE_SERVERS` (development and tests). */
export function readImageServers(env: NodeJS.ProcessEnv = process.env): ImageServer[] {
  const name = 'GATEWAY_IMAGE_SERVERS';
  return listFrom(env, name).map((entry) => {
    const match = IMAGE_SERVER_PATTERN.exec(entry);
    const [, host = '', port = '', delay = '0'] = match ?? [];
    if (match === null || Number(port) > 65_535 || Number(delay) > MAX_IMAGE_SERVER_DELAY_MS) {
      throw new Error(
        `${name} must be a comma-separated list of host:port or host:port:delayMs (port up to 65535, delay up to ${MAX_IMAGE_SERVER_DELAY_MS} ms), got "${entry}"`,
      );
    }
    return { host, port: Number(port), delayMs: Number(delay) };
  });
}

/** Reads the image domains of the domain config (SPEC 3 "Image host configuration"). */
export function readImagesConfig(env: NodeJS.ProcessEnv = process.env): ImagesConfig {
  return {
    imageForeignDomains: imageDomainsFrom(env, 'GATEWAY_IMAGE_FOREIGN_DOMAINS'),
    imageInternalDomains: imageDomainsFrom(env, 'GATEWAY_IMAGE_INTERNAL_DOMAINS'),
    imageDir: DEFAULT_IMAGES_CONFIG.imageDir,
  };
}

/** Reads the PostgreSQL pool settings (used only with `DATABASE_URL`). */
export function readDatabasePoolConfig(env: NodeJS.ProcessEnv = process.env): PostgresPoolOptions {
  const defaults = DEFAULT_POSTGRES_POOL_OPTIONS;
  return {
    max: integerFrom(env, 'GATEWAY_DB_POOL_MAX', defaults.max),
    connectionTimeoutMs: integerFrom(
      env,
      'GATEWAY_DB_CONNECT_TIMEOUT_MS',
      defaults.connectionTimeoutMs,
    ),
    idleTimeoutMs: integerFrom(env, 'GATEWAY_DB_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs),
    statementTimeoutMs: integerFrom(
      env,
      'GATEWAY_DB_STATEMENT_TIMEOUT_MS',
      defaults.statementTimeoutMs,
      0,
    ),
  };
}

/**
 * Reads `GATEWAY_TRUSTED_PROXIES`, a comma-separated list of addresses and ranges; an entry
 * proxy-addr cannot read stops the start with its reason.
 */
export function readProxyConfig(env: NodeJS.ProcessEnv): ProxyConfig {
  const raw = env.GATEWAY_TRUSTED_PROXIES;
  if (raw === undefined || raw.trim() === '') return DEFAULT_PROXY_CONFIG;
  const trustedProxies = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    proxyaddr.compile(trustedProxies);
  } catch (error) {
    throw new Error(
      `GATEWAY_TRUSTED_PROXIES must list addresses or ranges: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return { trustedProxies };
}

/**
 * Reads the request guards' settings; an allowed origin that is not an http(s) origin stops the
 * start, since a typo there would silently refuse (or allow) a whole site.
 */
export function readRequestGuardConfig(env: NodeJS.ProcessEnv = process.env): RequestGuardConfig {
  const defaults = DEFAULT_REQUEST_GUARD_CONFIG;
  const allowedOrigins = listFrom(env, 'GATEWAY_ALLOWED_ORIGINS');
  for (const origin of allowedOrigins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(
        `GATEWAY_ALLOWED_ORIGINS must list origins such as https://www.example.com, not ${JSON.stringify(origin)}`,
      );
    }
  }
  const windowLimit = (name: string, fallback: WindowLimit): WindowLimit => ({
    limit: integerFrom(env, name, fallback.limit),
    windowMs: integerFrom(env, `${name}_WINDOW_MS`, fallback.windowMs),
  });
  return {
    allowedOrigins,
    publicRateLimit: windowLimit('GATEWAY_PUBLIC_RATE_LIMIT', defaults.publicRateLimit),
    sessionRateLimit: windowLimit('GATEWAY_SESSION_RATE_LIMIT', defaults.sessionRateLimit),
    maxSubAccounts: integerFrom(env, 'GATEWAY_MAX_SUB_ACCOUNTS', defaults.maxSubAccounts, 0),
  };
}

/** A URL of one of `protocols`, or an error naming the variable; credentials are never echoed. */
function urlFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  protocols: readonly string[],
): string | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !protocols.includes(parsed.protocol) || parsed.hostname === '') {
    // The value may hold a password (smtp://user:password@host): say what is wrong, not what it is.
    throw new Error(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`);
  }
  return value;
}

// A line break in the sender would let it write other mail headers.
const MAIL_FROM_PATTERN = /^[^\r\n]*@[^\r\n]*$/;

/**
 * Reads the registration verification settings and their transports; a transport URL that is not
 * of its kind stops the start, since codes would otherwise fail only when a visitor asks for one.
 */
export function readVerificationConfig(env: NodeJS.ProcessEnv = process.env): VerificationConfig {
  const defaults = DEFAULT_VERIFICATION_CONFIG;
  const mailFrom = env.MAIL_FROM || defaults.mailFrom;
  if (!MAIL_FROM_PATTERN.test(mailFrom)) {
    throw new Error(
      `MAIL_FROM must be one address, such as "exchange-web" <no-reply@example.com>, got ${JSON.stringify(mailFrom)}`,
    );
  }
  return {
    registerVerify: booleanFrom(env, 'GATEWAY_REGISTER_VERIFY', defaults.registerVerify),
    newDeviceVerify: booleanFrom(env, 'GATEWAY_NEW_DEVICE_VERIFY', defaults.newDeviceVerify),
    mailUrl: urlFrom(env, 'MAIL_URL', ['smtp:', 'smtps:']),
    mailFrom,
    smsWebhookUrl: urlFrom(env, 'SMS_WEBHOOK_URL', ['http:', 'https:']),
  };
}

// BotFather's tokens: the bot's id, a colon, then 35 characters of its secret.
const TELEGRAM_BOT_TOKEN_PATTERN = /^[0-9]{1,20}:[A-Za-z0-9_-]{30,64}$/;

/**
 * Reads the third-party providers' settings; a malformed bot token stops the start, since every
 * Telegram sign-in would otherwise fail only when someone tries one.
 */
export function readThirdPartyConfig(env: NodeJS.ProcessEnv = process.env): ThirdPartyConfig {
  const token = env.GATEWAY_TELEGRAM_BOT_TOKEN;
  if (token !== undefined && token !== '' && !TELEGRAM_BOT_TOKEN_PATTERN.test(token)) {
    // The token is a secret: say what is wrong with it, not what it is.
    throw new Error('GATEWAY_TELEGRAM_BOT_TOKEN must be a bot token such as 123456:ABC-DEF1234...');
  }
  return {
    telegramBotToken: token || undefined,
    telegramLoginUrl:
      urlFrom(env, 'GATEWAY_TELEGRAM_LOGIN_URL', ['http:', 'https:']) ??
      DEFAULT_THIRD_PARTY_CONFIG.telegramLoginUrl,
    google: openIdClientFrom(env, 'GOOGLE'),
    apple: openIdClientFrom(env, 'APPLE'),
  };
}

function secretsKeyFrom(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(value)) {
    throw new Error('GATEWAY_SECRETS_KEY must be 64 hex characters (32 random bytes)');
  }
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const seedDemo = env.GATEWAY_SEED_DEMO !== '0';
  return {
    host: env.GATEWAY_HOST || '127.0.0.1',
    port: portFrom(env.GATEWAY_PORT, 4100),
    dataDir: path.resolve(env.GATEWAY_DATA_DIR || '.data/gateway'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePool: readDatabasePoolConfig(env),
    seedDemo,
    secretsKey: secretsKeyFrom(env.GATEWAY_SECRETS_KEY),
    ...readAccountsConfig(env),
    ...readThirdPartyConfig(env),
    ...readSigningConfig(env),
    ...readChallengeConfig(env),
    ...readTrackingConfig(env, seedDemo ? DEMO_ACCOUNT.loginName : undefined),
    ...readMarketConfig(env),
    ...readImagesConfig(env),
    ...readProxyConfig(env),
    ...readRequestGuardConfig(env),
    ...readVerificationConfig(env),
    imageServers: readImageServers(env),
  };
}
