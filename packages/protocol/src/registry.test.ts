import { describe, expect, it } from 'vitest';
import {
  CaptchaExtra,
  ChallengeScene,
  COOKIE_PREFERENCE_DAYS,
  CookieName,
  DEFAULT_KEY_ALGORITHM,
  EVENT_TRACKING_ID_PATTERN,
  HeaderName,
  HeaderValue,
  IDB_DATABASE_NAME,
  IDB_DATABASE_VERSION,
  KeyAlgorithm,
  LOG_ENV_TEST_PATTERN,
  LocalStorageKey,
  LogEnv,
  MAX_FINGERPRINT_MARKER_COOKIES,
  NativeBridgeName,
  TrackingDataAttribute,
  TRACKING_MAX_BEACON_BYTES,
  TRACKING_MAX_EVENT_BYTES,
  PageStatus,
  QueryParam,
  RANDOM_ID_BYTES,
  RANDOM_ID_LENGTH,
  SESSION_ID_RANDOM_MAX,
  SIGN_TIME_LENGTH,
  SessionStorageKey,
  SignMode,
  THEME_VALUES,
  TOAST_OFFSET_PX,
  TRACKER_LIBRARY_VERSION,
  TRACKING_BATCH_SIZE,
  TRACKING_QR_QUERY_PARAM,
  TRACKING_SYS_VALUES,
  Timing,
  TrackType,
  TrackingEventType,
  TrackingId,
  TrackingPlatformCode,
  UHTI_PREFIX,
  VISITOR_ID_PATTERN,
  cookiePreferenceDefaults,
  localCacheDefaults,
  normaliseTheme,
  storageAreas,
  webVitalsThresholds,
} from './registry';

describe('cookies', () => {
  it('has the cookie names', () => {
    expect(CookieName).toEqual({
      language: 'lang',
      unit: 'unit',
      showAsset: 'show_asset',
      theme: 'theme',
      valuationUnit: 'valuation_unit',
      layout: 'layout',
      token: 'token',
      refreshToken: 'refresh_token',
      signedIn: 'signed_in',
      simulationTrade: 'simulation-trade',
      fingerprintMarkerPrefix: 'fp_mark_',
      legalAcceptance: 'legal_acceptance',
    });
  });

  it('has the preference defaults of SPEC.md section 3, kept 365 days', () => {
    expect(cookiePreferenceDefaults).toEqual({
      language: 'en',
      unit: 'CNY',
      showAsset: false,
      theme: 'white',
      valuationUnit: 1,
      layout: 'right',
    });
    expect(COOKIE_PREFERENCE_DAYS).toBe(365);
  });
});

describe('storage', () => {
  it('has the local storage keys, the simulation flag spelled as SPEC.md section 9 has it', () => {
    expect(LocalStorageKey).toEqual({
      localCache: 'local_cache',
      fastestImageDomain: 'fastest_image_domain',
      coinChainList: 'coin_chain_list',
      simulationTrade: 'simulation-trade',
      deviceFingerprint: 'device_fingerprint',
      terminalCode: 'terminal_code',
      visitorId: 'visitor_id',
      firstVisitTime: 'first_visit_time',
      trackingQueue: 'tracking_queue',
      signKeyPair: 'sign_key_pair',
      backupSignKeyPair: 'sign_key_pair_backup',
      deviceFingerprintLock: 'device_fingerprint_lock',
      terminalCodeLock: 'terminal_code_lock',
    });
    expect(new Set(Object.values(LocalStorageKey)).size).toBe(Object.keys(LocalStorageKey).length);
  });

  it('has the session storage keys', () => {
    expect(SessionStorageKey).toEqual({
      gatewaySignConfig: 'gateway_sign_config',
      sourceReferrer: 'source_referrer',
      sourceTarget: 'source_target',
      qrValue: 'qr_value',
    });
  });

  it('has every field of the local cache record with its default', () => {
    expect(localCacheDefaults).toEqual({
      changeModeWithoutDialog: false,
      globalLocale: 'en',
      globalTheme: 'white',
      appVersion: '',
      terminalCode: '',
      klineInterval: 1,
      skipGuide: false,
      notReverseTip: false,
      notTpslTip: false,
      notPreTpslTip: false,
      positionFilterMargin: 'all',
      tradeUnit: 'coin',
      positionKlineMark: true,
      entrustKlineMark: true,
      planKlineMark: true,
      moveKlineMarkTip: true,
      topDownloadVisible: true,
      globalUserId: '',
      fiatName: 'USD',
    });
  });

  it('has the IndexedDB database and the nine storage areas', () => {
    expect(IDB_DATABASE_NAME).toBe('exchange-web');
    expect(IDB_DATABASE_VERSION).toBe(1);
    expect(storageAreas).toEqual([
      'common',
      'separation',
      'mix',
      'copy',
      'community',
      'activity',
      'earn',
      'web sdk',
      'web3',
    ]);
  });
});

describe('headers', () => {
  it('has the header names of SPEC.md section 7', () => {
    expect(HeaderName).toEqual({
      website: 'website',
      terminalType: 'terminaltype',
      terminalCode: 'terminalCode',
      deviceId: 'deviceId',
      locale: 'locale',
      language: 'language',
      uhti: 'uhti',
      tm: 'tm',
      pfb: 'pfb',
      beta: 'beta',
      paptrading: 'paptrading',
      captchaToken: 'captcha-token',
      requestTime: 'requesttime',
      deviceSign: 'device-sign',
      deviceSignMode: 'device-sign-mode',
      deviceSignDataMd5: 'device-sign-data-md5',
      deviceSignKey: 'device-sign-key',
      userCheckDeviceSign: 'userCheckDeviceSign',
      lastAlgorithm: 'lastAlgorithm',
      gwSignError: 'gw-sign-error',
      contentType: 'content-type',
      forwardedFor: 'x-forwarded-for',
      forwardedHost: 'x-forwarded-host',
      forwardedProto: 'x-forwarded-proto',
      origin: 'origin',
    });
  });

  it('has the fixed header values and query parameters', () => {
    expect(HeaderValue).toEqual({
      website: 'mix',
      terminalType: '1',
      paptrading: '1',
      json: 'application/json',
    });
    expect(QueryParam).toEqual({ appTheme: 'appTheme', locale: 'locale' });
  });
});

describe('signing', () => {
  it('has the key algorithms, rsa1024 by default', () => {
    expect(KeyAlgorithm).toEqual({ rsa1024: 'rsa1024', rsa2048: 'rsa2048' });
    expect(DEFAULT_KEY_ALGORITHM).toBe('rsa1024');
  });

  it('has the sign modes and the signed length of tm', () => {
    expect(SignMode).toEqual({ pathTime: 0, withTraceId: 1, withBody: 2 });
    expect(SIGN_TIME_LENGTH).toBe(8);
  });
});

describe('timing and limits (SPEC.md section 9)', () => {
  it('has every timing constant in ms', () => {
    expect(Timing).toEqual({
      rateRefreshMs: 1_800_000,
      wrapperTimeoutMs: 20_000,
      longRequestTimeoutMs: 60_000,
      requestCacheGapMs: 1000,
      requestCacheLimit: 2,
      keyGenTimeoutMs: 8000,
      errorDebounceMs: 2000,
      signConfigRefetchMs: 2000,
      trackingLoopMs: 500,
      trackingSilenceMs: 10_000,
      tabLockWaitMs: 1000,
      toastMs: 3000,
      notificationMs: 4500,
      firstDayMs: 86_400_000,
      trackingOrphanMs: 10_000,
      trackingRetryBaseMs: 1000,
      trackingRetryMaxMs: 30_000,
    });
  });

  it('has the limits', () => {
    expect(TRACKING_BATCH_SIZE).toBe(50);
    expect(MAX_FINGERPRINT_MARKER_COOKIES).toBe(10);
    // 50 events of the largest size fit under the gateway's 1 MiB body limit.
    expect(TRACKING_MAX_EVENT_BYTES * TRACKING_BATCH_SIZE).toBeLessThan(1024 * 1024);
    expect(TRACKING_MAX_EVENT_BYTES).toBeLessThan(TRACKING_MAX_BEACON_BYTES);
    expect(TRACKING_MAX_BEACON_BYTES).toBeLessThan(64 * 1024);
    expect(TOAST_OFFSET_PX).toBe(24);
    expect(RANDOM_ID_BYTES).toBe(16);
    expect(RANDOM_ID_LENGTH).toBe(11);
    expect(SESSION_ID_RANDOM_MAX).toBe(100);
    expect(UHTI_PREFIX).toBe('w');
  });

  it('describes the visitor id form', () => {
    expect(VISITOR_ID_PATTERN.test('w-123456789-1700000000000-987654321')).toBe(true);
    expect(VISITOR_ID_PATTERN.test('w-12345678-1700000000000-987654321')).toBe(false);
    expect(VISITOR_ID_PATTERN.test('v-123456789-1700000000000-987654321')).toBe(false);
    expect(VISITOR_ID_PATTERN.test('w-123456789--987654321')).toBe(false);
  });

  it('has the web-vitals thresholds', () => {
    expect(webVitalsThresholds).toEqual({
      FCP: { good: 1800, poor: 3000 },
      LCP: { good: 2500, poor: 4000 },
      CLS: { good: 0.1, poor: 0.25 },
      INP: { good: 200, poor: 500 },
      TTFB: { good: 800, poor: 1800 },
    });
  });
});

describe('tracking', () => {
  it('has the tracking ids and library version', () => {
    expect(TrackingId).toMatchObject({
      pagePerformance: 'b8972',
      brc20List: 'b6055',
      brc20Token: 'b6056',
    });
    // Each id once, each one the tracker accepts (SPEC 5).
    const ids = Object.values(TrackingId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(EVENT_TRACKING_ID_PATTERN);
    expect(TRACKER_LIBRARY_VERSION).toBe('1.1.45');
  });

  it('numbers the event types 1 to 9', () => {
    expect(TrackingEventType).toEqual({
      page: 1,
      click: 2,
      expose: 3,
      drag: 4,
      sideslip: 5,
      pullUp: 6,
      pullDown: 7,
      video: 8,
      system: 9,
    });
  });

  it('has the platform codes, sys values, page status and track type', () => {
    expect(TrackingPlatformCode).toEqual({ Web: 3, Mobile: 4, AppH5: 5, Windows: 6, MacOs: 7 });
    expect(TRACKING_SYS_VALUES).toEqual(['Windows', 'MacOs', 'AppH5', 'Mobile', 'Web']);
    expect(PageStatus).toEqual({ show: 'show', hide: 'hide' });
    expect(TrackType).toEqual({ auto: 'auto', manual: 'manual' });
  });

  it.each([
    ['/', true],
    ['b6055', true],
    ['b1', true],
    ['b', false],
    ['B6055', false],
    ['b60x', false],
    ['//', false],
    ['', false],
    [' b1', false],
  ])('event_tracking_id %j valid: %j', (id, valid) => {
    expect(EVENT_TRACKING_ID_PATTERN.test(id)).toBe(valid);
  });

  it.each([
    ['test1', true],
    ['test12', true],
    ['apptest3', true],
    ['test', false],
    ['test123', false],
    ['test1x', false],
  ])('log_env %j is a test value: %j', (value, valid) => {
    expect(LOG_ENV_TEST_PATTERN.test(value)).toBe(valid);
  });

  it('names pre and online', () => {
    expect(LogEnv).toEqual({ pre: 'pre', online: 'online' });
  });
});

describe('theme', () => {
  it('has white and black', () => {
    expect(THEME_VALUES).toEqual(['white', 'black']);
  });

  it.each([
    ['dark', 'black'],
    ['light', 'white'],
    ['black', 'black'],
    ['white', 'white'],
    ['Dark', 'white'],
    ['blue', 'white'],
    ['', 'white'],
    [undefined, 'white'],
    [null, 'white'],
    [1, 'white'],
  ])('normaliseTheme(%j) is %j', (value, theme) => {
    expect(normaliseTheme(value)).toBe(theme);
  });
});

describe('human verification names', () => {
  it('has the challenge scenes and the check extras', () => {
    expect(ChallengeScene).toEqual({ register: 'register', login: 'login', burst: 'burst' });
    expect(CaptchaExtra).toEqual({ scene: 'scene', bizId: 'bizId', captchaId: 'captchaId' });
  });
});

describe('native app bridge names', () => {
  it('has the bridge globals and the qr query parameter', () => {
    expect(NativeBridgeName).toEqual({
      androidObject: 'ExchangeNativeBridge',
      androidMethod: 'postEvent',
      iosHandler: 'exchangeTracking',
    });
    expect(TRACKING_QR_QUERY_PARAM).toBe('qr');
  });
});

describe('declarative click tracking', () => {
  it('names the data attributes', () => {
    expect(TrackingDataAttribute).toEqual({
      id: 'data-tracking-id',
      name: 'data-tracking-name',
      ext: 'data-tracking-ext',
    });
  });
});
