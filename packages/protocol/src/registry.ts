/**
 * The one registry of names and constants: cookies, storage keys, headers, tracking ids, timings
 * and limits (SPEC.md sections 3, 7 and 9). Everything else imports them from here.
 */

import { ClientPlatform } from './platform';

// ---------------------------------------------------------------------------------------------
// Cookies (SPEC.md section 3, "Cookie preference record"; section 4)

/** Cookie names. */
export const CookieName = {
  /** The chosen site locale code. */
  language: 'lang',
  /** The chosen fiat unit. */
  unit: 'unit',
  /** Whether balances are shown. */
  showAsset: 'show_asset',
  /** `white` or `black`. */
  theme: 'theme',
  /** The valuation unit number. */
  valuationUnit: 'valuation_unit',
  /** The trading layout, e.g. `right`. */
  layout: 'layout',
  /** The session token: HttpOnly, so page scripts never read it. */
  token: 'token',
  /** The refresh token that renews an expired session token: HttpOnly; removed on logout and expiry. */
  refreshToken: 'refresh_token',
  /**
   * Readable marker set beside the HttpOnly session cookies, holding no secret: tells page scripts
   * a session exists (whether to load the user, whether the key pair may bind to it).
   */
  signedIn: 'signed_in',
  /** Mirror of the simulation flag, so the server renders simulation pages (SPEC.md section 4). */
  simulationTrade: 'simulation-trade',
  /** Prefix of the fingerprint-marker cookies; at most {@link MAX_FINGERPRINT_MARKER_COOKIES}. */
  fingerprintMarkerPrefix: 'fp_mark_',
  /** Which locales' legal notices the visitor accepted, and their versions: `en:1,ja:1`. */
  legalAcceptance: 'legal_acceptance',
} as const;

/**
 * Preference cookies SPEC 3 lists that no page of this site reads or writes yet: kept, with their
 * defaults, for the pages they belong to (the fiat unit of the asset pages, hidden balances, the
 * valuation unit, the trading layout), so a cookie another of the exchange's sites set is read
 * the same way. `reserved-fields.test.ts` fails when one gains a use and stays listed, or when a
 * field that is not listed has none.
 */
export const RESERVED_COOKIE_PREFERENCES = [
  'unit',
  'showAsset',
  'valuationUnit',
  'layout',
] as const;

/** The preference cookies and their types. */
export interface CookiePreferences {
  language: string;
  unit: string;
  showAsset: boolean;
  theme: Theme;
  valuationUnit: number;
  layout: string;
}

/** Defaults of the preference cookies (SPEC.md section 3). */
export const cookiePreferenceDefaults: Readonly<CookiePreferences> = {
  language: 'en',
  unit: 'CNY',
  showAsset: false,
  // SPEC 3 gives no theme default; white is what any unknown value falls back to (SPEC 4).
  theme: 'white',
  valuationUnit: 1,
  layout: 'right',
};

/** Lifetime of the preference cookies, in days (SPEC.md section 9). */
export const COOKIE_PREFERENCE_DAYS = 365;

// ---------------------------------------------------------------------------------------------
// Local and session storage (SPEC.md sections 3 and 4)

/** Local storage keys. */
export const LocalStorageKey = {
  /** The local cache record ({@link LocalCacheRecord}) as JSON. */
  localCache: 'local_cache',
  /** The fastest image domain the probe found (SPEC.md section 4). */
  fastestImageDomain: 'fastest_image_domain',
  /** The coin-chain list reply (SPEC.md section 7). */
  coinChainList: 'coin_chain_list',
  /** The simulation flag; its presence means simulation is on (SPEC.md section 9). */
  simulationTrade: 'simulation-trade',
  /** The device fingerprint (SPEC.md section 3, "Analytics event"). */
  deviceFingerprint: 'device_fingerprint',
  /** The terminal code sent in the `terminalCode` header. */
  terminalCode: 'terminal_code',
  /** The visitor id, `w-{9 digits}-{time}-{9 digits}`. */
  visitorId: 'visitor_id',
  /** Time of the first visit, ms since the epoch. */
  firstVisitTime: 'first_visit_time',
  /**
   * Prefix of each tab's mirrored tracking queue, `tracking_queue:{tabId}` (SPEC.md section 4,
   * "Tracking"): one key per tab, so tabs never overwrite each other's events.
   */
  trackingQueue: 'tracking_queue',
  /** Metadata of the signing key pair (algorithm, public key, saved time); never a private key. */
  signKeyPair: 'sign_key_pair',
  /** Metadata of the background backup key pair. */
  backupSignKeyPair: 'sign_key_pair_backup',
  /** Lock a tab holds while it creates the fingerprint (SPEC.md section 9: 1 s wait). */
  deviceFingerprintLock: 'device_fingerprint_lock',
  /** Lock a tab holds while it creates the terminal code. */
  terminalCodeLock: 'terminal_code_lock',
} as const;

/** Session storage keys (SPEC.md sections 3 and 7). */
export const SessionStorageKey = {
  /** The cached gateway sign config reply. */
  gatewaySignConfig: 'gateway_sign_config',
  /** The referrer the session arrived with (event field `source_referer`). */
  sourceReferrer: 'source_referrer',
  /** The target the session arrived at (event field `source_target`). */
  sourceTarget: 'source_target',
  /** The QR value the session arrived with (event field `qr_val`). */
  qrValue: 'qr_value',
} as const;

/**
 * Fields of the local cache record SPEC 3 lists that no page of this site uses yet: the trading
 * screens' tips, guide and chart marks, the position filter, the order-entry unit, the app
 * download strip, the app version. Kept (read and written with their types and defaults) for the
 * screens they belong to. `reserved-fields.test.ts` keeps this list true.
 */
export const RESERVED_LOCAL_CACHE_FIELDS = [
  'changeModeWithoutDialog',
  'appVersion',
  'skipGuide',
  'notReverseTip',
  'notTpslTip',
  'notPreTpslTip',
  'positionFilterMargin',
  'tradeUnit',
  'positionKlineMark',
  'entrustKlineMark',
  'planKlineMark',
  'moveKlineMarkTip',
  'topDownloadVisible',
] as const;

/** The local cache record (SPEC.md section 3, "Local cache record"). */
export interface LocalCacheRecord {
  changeModeWithoutDialog: boolean;
  globalLocale: string;
  globalTheme: Theme;
  appVersion: string;
  terminalCode: string;
  klineInterval: number;
  skipGuide: boolean;
  notReverseTip: boolean;
  notTpslTip: boolean;
  notPreTpslTip: boolean;
  positionFilterMargin: string;
  tradeUnit: TradeUnit;
  positionKlineMark: boolean;
  entrustKlineMark: boolean;
  planKlineMark: boolean;
  moveKlineMarkTip: boolean;
  topDownloadVisible: boolean;
  globalUserId: string;
  fiatName: string;
}

/** How order quantities are entered: in the base coin or in the quote currency. */
export type TradeUnit = 'coin' | 'quote';

/** Defaults of the local cache record (SPEC.md section 3). */
export const localCacheDefaults: Readonly<LocalCacheRecord> = {
  changeModeWithoutDialog: false,
  globalLocale: 'en',
  // SPEC 3 names no default theme for the cache: white, as for the cookie.
  globalTheme: 'white',
  appVersion: '',
  terminalCode: '',
  klineInterval: 1,
  skipGuide: false,
  notReverseTip: false,
  notTpslTip: false,
  notPreTpslTip: false,
  positionFilterMargin: 'all',
  // SPEC 3 names no default trade unit: we start in the base coin, the usual order-entry unit.
  tradeUnit: 'coin',
  positionKlineMark: true,
  entrustKlineMark: true,
  planKlineMark: true,
  moveKlineMarkTip: true,
  topDownloadVisible: true,
  globalUserId: '',
  // SPEC 3 names no default fiat: USD, the default currency of SPEC 9.
  fiatName: 'USD',
};

/** The IndexedDB database of the storage areas. */
export const IDB_DATABASE_NAME = 'exchange-web';

/** The IndexedDB database version (SPEC.md section 3, "Local storage areas"). */
export const IDB_DATABASE_VERSION = 1;

/** The storage areas, one object store each (SPEC.md section 3). */
export const storageAreas = [
  'common',
  'separation',
  'mix',
  'copy',
  'community',
  'activity',
  'earn',
  'web sdk',
  'web3',
] as const;

/** A storage area. */
export type StorageArea = (typeof storageAreas)[number];

// ---------------------------------------------------------------------------------------------
// Headers and query parameters (SPEC.md sections 2, 4, 5 and 7)

/** Request and response header names. */
export const HeaderName = {
  website: 'website',
  terminalType: 'terminaltype',
  terminalCode: 'terminalCode',
  deviceId: 'deviceId',
  locale: 'locale',
  language: 'language',
  /** Random request id: `w` plus a timestamp; a sign-data part in mode 1. */
  uhti: 'uhti',
  /** Client time, corrected by server time; its first 8 characters are signed. */
  tm: 'tm',
  /** Test-environment routing headers. */
  pfb: 'pfb',
  beta: 'beta',
  /** Simulation requests carry `paptrading: 1` (SPEC.md section 4). */
  paptrading: 'paptrading',
  /** The challenge pass token, sent once on the retried request. */
  captchaToken: 'captcha-token',
  /** Response header with the server time, used to correct the clock. */
  requestTime: 'requesttime',
  deviceSign: 'device-sign',
  deviceSignMode: 'device-sign-mode',
  deviceSignDataMd5: 'device-sign-data-md5',
  deviceSignKey: 'device-sign-key',
  /** Device-check headers (SPEC.md section 7). */
  userCheckDeviceSign: 'userCheckDeviceSign',
  lastAlgorithm: 'lastAlgorithm',
  /** Response header whose presence logs a sign failure event (SPEC.md section 8). */
  gwSignError: 'gw-sign-error',
  contentType: 'content-type',
  /**
   * The visitor's address as the site's front door read it from its socket (or through the
   * proxies it is told to trust); it replaces whatever a visitor sent, so the gateway's
   * per-client limits key on an address nobody can choose.
   */
  forwardedFor: 'x-forwarded-for',
  /** The host the browser asked for, set by the front door (the gateway sees its own host). */
  forwardedHost: 'x-forwarded-host',
  /** `http` or `https`: how the visitor reached the front door. */
  forwardedProto: 'x-forwarded-proto',
  /** The page that made a state-changing call; checked against the allowed origins (CSRF). */
  origin: 'origin',
} as const;

/**
 * Limits every server of the stack applies to a request before any handler reads it, so a
 * malformed or oversized request is refused with a 4xx and nothing else (README "Security").
 */
export const RequestLimit = {
  /** Bodies over 1 MiB answer 413 (41300), at the site's front door and at the gateway. */
  maxBodyBytes: 1024 * 1024,
  /** Request targets (path and query) over 8 KiB answer 414. */
  maxTargetLength: 8 * 1024,
  /** JSON bodies nested deeper than this answer 400 (40001) instead of being walked. */
  maxJsonDepth: 32,
} as const;

/** Fixed header values (SPEC.md sections 4 and 7). */
export const HeaderValue = {
  website: 'mix',
  /** The web's number in the client platform enumeration (SPEC 3), as SPEC 7 sends it. */
  terminalType: String(ClientPlatform.WEB),
  paptrading: '1',
  json: 'application/json',
} as const;

/** Query parameter names (SPEC.md section 2). */
export const QueryParam = {
  /** `dark` or `light`; overrides the theme. */
  appTheme: 'appTheme',
  /** The locale a language change replaces the route with. */
  locale: 'locale',
} as const;

// ---------------------------------------------------------------------------------------------
// Signing (SPEC.md sections 3, 7 and 9)

/** Key algorithms of the client signing key pair. */
export const KeyAlgorithm = { rsa1024: 'rsa1024', rsa2048: 'rsa2048' } as const;

/** A key algorithm. */
export type KeyAlgorithm = (typeof KeyAlgorithm)[keyof typeof KeyAlgorithm];

/** The default key algorithm (SPEC.md section 9). */
export const DEFAULT_KEY_ALGORITHM: KeyAlgorithm = KeyAlgorithm.rsa1024;

/** Sign modes and the parts their sign data holds (SPEC.md section 3, "Gateway sign config"). */
export const SignMode = {
  /** Path and time. */
  pathTime: 0,
  /** Path, time and trace id (`uhti`). */
  withTraceId: 1,
  /** Path, time, trace id and body. */
  withBody: 2,
} as const;

/** A sign mode. */
export type SignMode = (typeof SignMode)[keyof typeof SignMode];

/** How many leading characters of `tm` the sign data uses (SPEC.md section 7). */
export const SIGN_TIME_LENGTH = 8;

// ---------------------------------------------------------------------------------------------
// Timing and limits (SPEC.md section 9 unless noted)

/** Every timing constant, in milliseconds. */
export const Timing = {
  /** Exchange rates refresh. */
  rateRefreshMs: 1_800_000,
  /** Request timeout of the shared wrapper (SPEC 9 gives 20 s here, 60 s in another layer). */
  wrapperTimeoutMs: 20_000,
  /** Request timeout of the long-request layer. */
  longRequestTimeoutMs: 60_000,
  /** Duplicate requests within this gap are guarded. */
  requestCacheGapMs: 1000,
  /** Requests allowed within the gap. Not a time: kept here beside the gap it limits. */
  requestCacheLimit: 2,
  /** Client key generation gives up after this; the backup key pair is used. */
  keyGenTimeoutMs: 8000,
  /** Error toast and logout are debounced this long. */
  errorDebounceMs: 2000,
  /** After 00020 or 00021 the sign config is refetched this long later (SPEC.md section 8). */
  signConfigRefetchMs: 2000,
  /** Tracking upload loop period. */
  trackingLoopMs: 500,
  /** Uploads pause this long after a 403 (Forbid). */
  trackingSilenceMs: 10_000,
  /** Wait when tabs compete for the fingerprint or terminal code. */
  tabLockWaitMs: 1000,
  /** Toast duration. */
  toastMs: 3000,
  /** Notification duration. */
  notificationMs: 4500,
  // SPEC 9's "another notification library defaults to 1.5 s" is not kept: our reading is that
  // the site has one notification library (antd's, above), so no call could use a second's.
  /** The first-day flag is true while the first visit is under this long ago. */
  firstDayMs: 86_400_000,
  /**
   * A tab's mirrored tracking queue not refreshed for this long belongs to a tab that is gone
   * (killed, crashed, closed mid-queue): another tab adopts and uploads it (issue 7).
   */
  trackingOrphanMs: 10_000,
  /** First wait before a failed upload (5xx, network) is tried again; doubles up to the max. */
  trackingRetryBaseMs: 1000,
  /** Longest wait between retries of a failing upload. */
  trackingRetryMaxMs: 30_000,
} as const;

/** Events per tracking upload, at most. */
export const TRACKING_BATCH_SIZE = 50;

/**
 * Largest serialised event the tracker queues and the gateway stores, in bytes: 50 of them fit
 * one upload body (the gateway refuses bodies over 1 MiB), and one fits a beacon.
 */
export const TRACKING_MAX_EVENT_BYTES = 16_384;

/**
 * Largest body of one tracking beacon, in bytes. Browsers refuse a beacon once the page's
 * in-flight keepalive bodies pass 64 KiB; events left over stay mirrored for the next page.
 */
export const TRACKING_MAX_BEACON_BYTES = 60_000;

/** Fingerprint-marker cookies, at most. */
export const MAX_FINGERPRINT_MARKER_COOKIES = 10;

/** Offset of toasts and notifications from the viewport edge, in pixels. */
export const TOAST_OFFSET_PX = 24;

/** Random ids: 16 random bytes, of whose hex the first 11 characters are kept. */
export const RANDOM_ID_BYTES = 16;

/** Length of a random id in hex characters. */
export const RANDOM_ID_LENGTH = 11;

/** session_id mixes in a random integer from 0 to this value. */
export const SESSION_ID_RANDOM_MAX = 100;

/** The visitor id's form, `w-{9 digits}-{time}-{9 digits}`. */
export const VISITOR_ID_PATTERN = /^w-\d{9}-\d+-\d{9}$/;

/** The first character of `uhti` (SPEC.md section 7). */
export const UHTI_PREFIX = 'w';

// ---------------------------------------------------------------------------------------------
// Tracking (SPEC.md sections 3, 5 and 9)

/**
 * Every tracking id the site reports, each in README "Behaviour tracking: in the site" (its one
 * table, which `tracking-ids.test.ts` holds to this list).
 */
export const TrackingId = {
  /** Web vitals of a page (SPEC 5). */
  pagePerformance: 'b8972',
  /** A BRC-20 list page's view label. */
  brc20List: 'b6055',
  /** A BRC-20 token page's view label. */
  brc20Token: 'b6056',
  /** A header link followed (the logo, a section, log in, register): ext `{ to }`, its path. */
  headerNav: 'b1001',
  /** The language changed in the header: ext `{ from, to }`. */
  languageChange: 'b1002',
  /** The currency changed in the header: ext `{ from, to }`. */
  currencyChange: 'b1003',
  /** The theme switched in the header: ext `{ to }`. */
  themeChange: 'b1004',
  /** Simulation (paper) trading turned on or off in the header: ext `{ on }`. */
  simulationChange: 'b1005',
  /**
   * A sign-in call answered (password, code step, wallet, Telegram, Google, Apple, passkey): ext
   * `{ call, outcome, code? }`, the call's path, `signedIn`, `secondFactor` or `refused`, and the
   * refusal's code.
   */
  signInResult: 'b1101',
  /** A registration call answered: ext as {@link TrackingId.signInResult}'s. */
  registerResult: 'b1102',
  /**
   * A registration's code asked for, its first step: ext `{ channel, outcome, code? }`, `email`
   * or `mobile`, `sent` or `refused`, and the refusal's code (10021 when a challenge came first).
   */
  registerCodeAsked: 'b1103',
  /**
   * A trading call answered (an order placed or cancelled, a position opened or closed, a margin
   * transfer): ext `{ call, outcome, code? }`, its path, `done` or `refused`, and the refusal's
   * code; a refusal the page found before sending has no `call`.
   */
  tradeResult: 'b1201',
  /** A BRC-20 search sent, or a suggestion chosen: ext `{ keyword, ticker? }`. */
  brc20Search: 'b1301',
  /** A BRC-20 list tab chosen: ext `{ tab }`. */
  brc20Tab: 'b1302',
  /** A BRC-20 list column sorted: ext `{ column, order }`. */
  brc20Sort: 'b1303',
  /** The hot-token strip seen (an expose, once a page): ext `{ tickers }`. */
  hotTokensExpose: 'b1501',
  /** The 24 h leaderboards seen (an expose, once a page): ext `{ boards }`. */
  leaderboardsExpose: 'b1502',
  /** A human-verification challenge shown: ext `{ scene }`. */
  challengeShown: 'b1401',
  /** A challenge solved by the visitor: ext `{ scene }`. */
  challengeSolved: 'b1402',
  /** A challenge closed without solving it: ext `{ scene }`. */
  challengeClosed: 'b1403',
  /** SPEC 8's failure events, reported as system events (type 9) named by `event_tracking`. */
  loginEncryptFailed: 'b9001',
  genKeypairFailed: 'b9002',
  signInvalid: 'b9003',
  gwSignError: 'b9004',
} as const;

/** Version of the tracking library reported with every event. */
export const TRACKER_LIBRARY_VERSION = '1.1.45';

/** Numeric event types of the shared layer. */
export const TrackingEventType = {
  page: 1,
  click: 2,
  expose: 3,
  drag: 4,
  sideslip: 5,
  pullUp: 6,
  pullDown: 7,
  video: 8,
  system: 9,
} as const;

/** A numeric event type. */
export type TrackingEventType = (typeof TrackingEventType)[keyof typeof TrackingEventType];

/** Base-info platform codes. */
export const TrackingPlatformCode = {
  Web: 3,
  Mobile: 4,
  AppH5: 5,
  Windows: 6,
  MacOs: 7,
} as const;

/** The `sys` values of an event. */
export const TRACKING_SYS_VALUES = ['Windows', 'MacOs', 'AppH5', 'Mobile', 'Web'] as const;

/** A `sys` value. */
export type TrackingSys = (typeof TRACKING_SYS_VALUES)[number];

/** Values of an event's `page_status`. */
export const PageStatus = { show: 'show', hide: 'hide' } as const;

/** Values of an event's `track_type`. */
export const TrackType = { auto: 'auto', manual: 'manual' } as const;

/** A valid `event_tracking_id`: `/` or `b` followed by digits (SPEC.md section 5). */
export const EVENT_TRACKING_ID_PATTERN = /^(?:\/|b\d+)$/;

/** The named `log_env` values (SPEC.md section 5). */
export const LogEnv = { pre: 'pre', online: 'online' } as const;

/** A test `log_env`: ends in `test` plus one or two digits (SPEC.md section 5). */
export const LOG_ENV_TEST_PATTERN = /test\d{1,2}$/;

/** Web-vitals thresholds, good and poor (SPEC.md section 9). */
export const webVitalsThresholds = {
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  TTFB: { good: 800, poor: 1800 },
} as const;

/** A web-vitals metric name. */
export type WebVitalName = keyof typeof webVitalsThresholds;

// ---------------------------------------------------------------------------------------------
// Theme (SPEC.md section 4)

/** The two themes. */
export const THEME_VALUES = ['white', 'black'] as const;

/** A theme. */
export type Theme = (typeof THEME_VALUES)[number];

/**
 * Maps any theme value to `white` or `black`: `dark` to black, `light` to white, anything else
 * to white (SPEC.md section 4).
 *
 * @example
 * normaliseTheme('dark'); // 'black'
 * normaliseTheme('blue'); // 'white'
 */
export function normaliseTheme(value: unknown): Theme {
  return value === 'black' || value === 'dark' ? 'black' : 'white';
}

// ---------------------------------------------------------------------------------------------
// Links (SPEC.md section 5)

/**
 * The product's own app schemes, accepted in links beside the web ones (SPEC 5 "the product's
 * app schemes"; brand configuration, like app_id).
 */
export const APP_LINK_SCHEMES = ['exchangeweb', 'exchangeweb-pro'] as const;

/** Schemes a link may use (SPEC 5); `data:` only for images, see {@link DATA_IMAGE_PREFIX}. */
export const ALLOWED_LINK_SCHEMES = [
  'http',
  'https',
  'mailto',
  'tel',
  'blob',
  'ftp',
  'market',
  ...APP_LINK_SCHEMES,
] as const;

/** The one `data:` form a link may take (SPEC 5 "data:image"). */
export const DATA_IMAGE_PREFIX = 'data:image/';

/**
 * An image type refused as a link target although SPEC 5 allows `data:image/`: an SVG image is a
 * document that can carry script, so our reading refuses it (opened from a link, it would run).
 */
export const REFUSED_DATA_IMAGE_TYPE = 'image/svg+xml';

/** Relative link starts a link may have (SPEC 5). */
export const ALLOWED_RELATIVE_LINK_STARTS = ['./', '../', '#', '/'] as const;

/** The console warnings of refused links (SPEC 5). */
export const LinkWarning = { invalidHref: 'invalid href', invalidUrl: 'invalid url' } as const;

// ---------------------------------------------------------------------------------------------
// Human verification (SPEC 4, 5, 7)

/**
 * The scenes a challenge is raised and passed for; a pass token works only in its own scene.
 * (SPEC 7 names `scene` without values: these are ours.)
 */
export const ChallengeScene = {
  /** A registration. */
  register: 'register',
  /** A login after failed attempts or from a device the account has not seen. */
  login: 'login',
  /** Any call after a burst of requests from one client. */
  burst: 'burst',
} as const;

/** A challenge scene. */
export type ChallengeScene = (typeof ChallengeScene)[keyof typeof ChallengeScene];

/** The keys of a captcha check's `extras` (SPEC 7 check-captcha). */
export const CaptchaExtra = { scene: 'scene', bizId: 'bizId', captchaId: 'captchaId' } as const;

// ---------------------------------------------------------------------------------------------
// Native app bridge (SPEC.md section 7: inside the app wrapper, events go one by one through it)

/**
 * The page globals through which the native app wrapper takes tracking events, one JSON event per
 * call. (SPEC 7 names no globals: these are ours, shared with the app teams.)
 */
export const NativeBridgeName = {
  /** Android-style: `window.ExchangeNativeBridge.postEvent(json)`. */
  androidObject: 'ExchangeNativeBridge',
  /** The method of {@link NativeBridgeName.androidObject} that takes one event. */
  androidMethod: 'postEvent',
  /** iOS-style: `window.webkit.messageHandlers.exchangeTracking.postMessage(json)`. */
  iosHandler: 'exchangeTracking',
} as const;

/** The query parameter whose value is kept as the session's `qr_val` (SPEC.md section 3). */
export const TRACKING_QR_QUERY_PARAM = 'qr';

/**
 * Attributes that make an element's clicks tracked without code: the nearest ancestor with
 * `data-tracking-id` (an event_tracking_id) is reported as a click with its name and ext (JSON).
 */
export const TrackingDataAttribute = {
  id: 'data-tracking-id',
  name: 'data-tracking-name',
  ext: 'data-tracking-ext',
} as const;
