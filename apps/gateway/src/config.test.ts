import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCOUNTS_CONFIG,
  DEFAULT_CHALLENGE_CONFIG,
  DEFAULT_IMAGES_CONFIG,
  DEFAULT_MARKET_CONFIG,
  DEFAULT_SIGNING_CONFIG,
  DEFAULT_TRACKING_CONFIG,
  DEFAULT_VERIFICATION_CONFIG,
  DEV_TRUST_KEY_FILE,
  IMAGE_ASSETS_DIR,
  readAccountsConfig,
  readChallengeConfig,
  readConfig,
  readDatabasePoolConfig,
  readImageServers,
  readImagesConfig,
  readMarketConfig,
  readSigningConfig,
  readProxyConfig,
  readRequestGuardConfig,
  readTrackingConfig,
  readVerificationConfig,
  readThirdPartyConfig,
  DEFAULT_THIRD_PARTY_CONFIG,
} from './config';
import { DEFAULT_POSTGRES_POOL_OPTIONS } from './db/postgres';
import { DEMO_ACCOUNT } from './db/seed';

describe('readAccountsConfig', () => {
  it('defaults to 30 minute sessions, 7 day refresh, auto Secure and the documented limits', () => {
    expect(readAccountsConfig({})).toEqual(DEFAULT_ACCOUNTS_CONFIG);
    expect(DEFAULT_ACCOUNTS_CONFIG).toMatchObject({
      sessionTtlMs: 1_800_000,
      refreshTtlMs: 604_800_000,
      cookieSecure: 'auto',
      loginFailuresPerAccount: { limit: 5, windowMs: 900_000 },
      loginFailuresPerIp: { limit: 20, windowMs: 900_000 },
      accountRateLimit: { limit: 600, windowMs: 60_000 },
      qrKeysPerIp: { limit: 30, windowMs: 600_000 },
      qrLoginTtlSeconds: 120,
      passkeyChallengesPerIp: { limit: 30, windowMs: 600_000 },
      signInCodesPerAccount: { limit: 10, windowMs: 3_600_000 },
      thirdPartyNoncesPerIp: { limit: 30, windowMs: 600_000 },
      thirdPartyChecksPerIp: { limit: 60, windowMs: 600_000 },
    });
  });

  it('reads every variable', () => {
    const config = readAccountsConfig({
      GATEWAY_SESSION_TTL_MS: '1000',
      GATEWAY_REFRESH_TTL_MS: '5000',
      GATEWAY_SESSION_RENEW_GRACE_MS: '0',
      GATEWAY_COOKIE_SECURE: 'true',
      GATEWAY_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      GATEWAY_LOGIN_MAX_FAILURES_PER_IP: '9',
      GATEWAY_LOGIN_FAILURE_WINDOW_MS: '60000',
      GATEWAY_RATE_LIMIT: '100',
      GATEWAY_RATE_LIMIT_WINDOW_MS: '1000',
      GATEWAY_MAX_SESSIONS_PER_USER: '1',
      GATEWAY_SECURITY_LOCK_MS: '0',
      GATEWAY_QR_KEYS_PER_IP: '4',
      GATEWAY_QR_KEYS_PER_IP_WINDOW_MS: '5000',
      GATEWAY_QR_LOGIN_TTL_SECONDS: '30',
      GATEWAY_PASSKEY_CHALLENGES_PER_IP: '7',
      GATEWAY_PASSKEY_CHALLENGES_PER_IP_WINDOW_MS: '9000',
      GATEWAY_SIGN_IN_CODES_PER_ACCOUNT: '2',
      GATEWAY_SIGN_IN_CODES_PER_ACCOUNT_WINDOW_MS: '7000',
      GATEWAY_THIRD_PARTY_NONCES_PER_IP: '5',
      GATEWAY_THIRD_PARTY_NONCES_PER_IP_WINDOW_MS: '8000',
      GATEWAY_THIRD_PARTY_CHECKS_PER_IP: '7',
      GATEWAY_THIRD_PARTY_CHECKS_PER_IP_WINDOW_MS: '9000',
    });
    expect(config).toEqual({
      sessionTtlMs: 1000,
      refreshTtlMs: 5000,
      renewGraceMs: 0,
      cookieSecure: true,
      loginFailuresPerAccount: { limit: 3, windowMs: 60_000 },
      loginFailuresPerIp: { limit: 9, windowMs: 60_000 },
      accountRateLimit: { limit: 100, windowMs: 1000 },
      maxSessionsPerUser: 1,
      securityLockMs: 0,
      qrKeysPerIp: { limit: 4, windowMs: 5000 },
      qrLoginTtlSeconds: 30,
      passkeyChallengesPerIp: { limit: 7, windowMs: 9000 },
      signInCodesPerAccount: { limit: 2, windowMs: 7000 },
      thirdPartyNoncesPerIp: { limit: 5, windowMs: 8000 },
      thirdPartyChecksPerIp: { limit: 7, windowMs: 9000 },
    });
    expect(readAccountsConfig({ GATEWAY_COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
    expect(readAccountsConfig({}).maxSessionsPerUser).toBe(10);
  });

  it('refuses values that cannot work', () => {
    expect(() => readAccountsConfig({ GATEWAY_SESSION_TTL_MS: '0' })).toThrow(
      'GATEWAY_SESSION_TTL_MS',
    );
    expect(() => readAccountsConfig({ GATEWAY_RATE_LIMIT: 'lots' })).toThrow('GATEWAY_RATE_LIMIT');
    expect(() => readAccountsConfig({ GATEWAY_MAX_SESSIONS_PER_USER: '0' })).toThrow(
      'GATEWAY_MAX_SESSIONS_PER_USER',
    );
    expect(() => readAccountsConfig({ GATEWAY_COOKIE_SECURE: 'yes' })).toThrow(
      'GATEWAY_COOKIE_SECURE',
    );
    expect(() =>
      readAccountsConfig({ GATEWAY_SESSION_TTL_MS: '5000', GATEWAY_REFRESH_TTL_MS: '1000' }),
    ).toThrow('shorter');
    expect(() => readAccountsConfig({ GATEWAY_REFRESH_TTL_MS: String(401 * 86_400_000) })).toThrow(
      '400 days',
    );
  });
});

describe('readSigningConfig', () => {
  it('defaults to an open config, rsa1024, daily rotation, an hour of grace and plaintext refused', () => {
    expect(readSigningConfig({})).toEqual(DEFAULT_SIGNING_CONFIG);
    expect(DEFAULT_SIGNING_CONFIG).toEqual({
      signClientOpen: true,
      signDefaultAlgorithm: 'rsa1024',
      signKeyRotationMs: 86_400_000,
      signKeyGraceMs: 3_600_000,
      signKeyCacheMs: 10_000,
      signTrustKeyFile: DEV_TRUST_KEY_FILE,
      loginPlaintextAllowed: false,
      loginFreshnessMs: 120_000,
    });
  });

  it('finds the development trust key beside the gateway, whatever the working directory', () => {
    expect(
      DEV_TRUST_KEY_FILE.endsWith(
        path.join('apps', 'gateway', 'dev-keys', 'dev-trust-root.key.pem'),
      ),
    ).toBe(true);
    expect(existsSync(DEV_TRUST_KEY_FILE)).toBe(true);
  });

  it('reads every variable', () => {
    expect(
      readSigningConfig({
        GATEWAY_SIGN_CLIENT_OPEN: 'false',
        GATEWAY_SIGN_DEFAULT_ALGORITHM: 'rsa2048',
        GATEWAY_SIGN_KEY_ROTATION_MS: '60000',
        GATEWAY_SIGN_KEY_GRACE_MS: '5000',
        GATEWAY_SIGN_KEY_CACHE_MS: '0',
        GATEWAY_SIGN_TRUST_KEY_FILE: 'keys/trust.pem',
        GATEWAY_LOGIN_PLAINTEXT_ALLOWED: '1',
        GATEWAY_LOGIN_FRESHNESS_MS: '30000',
      }),
    ).toEqual({
      signClientOpen: false,
      signDefaultAlgorithm: 'rsa2048',
      signKeyRotationMs: 60_000,
      signKeyGraceMs: 5000,
      signKeyCacheMs: 0,
      signTrustKeyFile: path.resolve('keys/trust.pem'),
      loginPlaintextAllowed: true,
      loginFreshnessMs: 30_000,
    });
  });

  it('refuses values that cannot work', () => {
    expect(() => readSigningConfig({ GATEWAY_SIGN_DEFAULT_ALGORITHM: 'rsa4096' })).toThrow(
      'GATEWAY_SIGN_DEFAULT_ALGORITHM',
    );
    expect(() => readSigningConfig({ GATEWAY_SIGN_CLIENT_OPEN: 'yes' })).toThrow(
      'GATEWAY_SIGN_CLIENT_OPEN',
    );
    expect(() => readSigningConfig({ GATEWAY_SIGN_KEY_ROTATION_MS: '0' })).toThrow(
      'GATEWAY_SIGN_KEY_ROTATION_MS',
    );
    expect(() =>
      readSigningConfig({ GATEWAY_SIGN_KEY_GRACE_MS: '1000', GATEWAY_SIGN_KEY_CACHE_MS: '2000' }),
    ).toThrow('GATEWAY_SIGN_KEY_CACHE_MS');
  });
});

describe('readChallengeConfig', () => {
  it('defaults to every rule on, 5 minute challenges, 2 minute tokens and a generated key', () => {
    expect(readChallengeConfig({})).toEqual(DEFAULT_CHALLENGE_CONFIG);
    expect(DEFAULT_CHALLENGE_CONFIG).toEqual({
      challengeRegister: true,
      challengeLoginFailures: 3,
      challengeLoginFailuresPerIp: 10,
      challengeNewDevice: true,
      challengeBurst: { limit: 300, windowMs: 60_000 },
      challengeTtlMs: 300_000,
      challengeTokenTtlMs: 120_000,
      challengeMaxNumber: 250_000,
      challengeHmacKey: undefined,
    });
  });

  it('reads every variable, 0 turning a counted rule off', () => {
    const key = 'k'.repeat(32);
    expect(
      readChallengeConfig({
        GATEWAY_CHALLENGE_REGISTER: '0',
        GATEWAY_CHALLENGE_LOGIN_FAILURES: '0',
        GATEWAY_CHALLENGE_LOGIN_FAILURES_PER_IP: '4',
        GATEWAY_CHALLENGE_NEW_DEVICE: 'false',
        GATEWAY_CHALLENGE_BURST: '0',
        GATEWAY_CHALLENGE_BURST_WINDOW_MS: '1000',
        GATEWAY_CHALLENGE_TTL_MS: '2000',
        GATEWAY_CHALLENGE_TOKEN_TTL_MS: '500',
        GATEWAY_CHALLENGE_MAX_NUMBER: '1000',
        GATEWAY_CHALLENGE_HMAC_KEY: key,
      }),
    ).toEqual({
      challengeRegister: false,
      challengeLoginFailures: 0,
      challengeLoginFailuresPerIp: 4,
      challengeNewDevice: false,
      challengeBurst: { limit: 0, windowMs: 1000 },
      challengeTtlMs: 2000,
      challengeTokenTtlMs: 500,
      challengeMaxNumber: 1000,
      challengeHmacKey: key,
    });
  });

  it('refuses values that cannot work', () => {
    expect(() => readChallengeConfig({ GATEWAY_CHALLENGE_REGISTER: 'maybe' })).toThrow(
      'GATEWAY_CHALLENGE_REGISTER',
    );
    expect(() => readChallengeConfig({ GATEWAY_CHALLENGE_MAX_NUMBER: '0' })).toThrow(
      'GATEWAY_CHALLENGE_MAX_NUMBER',
    );
    expect(() => readChallengeConfig({ GATEWAY_CHALLENGE_TOKEN_TTL_MS: '-1' })).toThrow(
      'GATEWAY_CHALLENGE_TOKEN_TTL_MS',
    );
    expect(() => readChallengeConfig({ GATEWAY_CHALLENGE_HMAC_KEY: 'short' })).toThrow(
      'GATEWAY_CHALLENGE_HMAC_KEY',
    );
  });
});

describe('readTrackingConfig', () => {
  it('defaults to 1200 uploads a minute per address and no operator', () => {
    expect(readTrackingConfig({})).toEqual(DEFAULT_TRACKING_CONFIG);
    expect(DEFAULT_TRACKING_CONFIG).toEqual({
      trackingRateLimit: { limit: 1200, windowMs: 60_000 },
      operatorLoginNames: [],
      trackingRetentionDays: 90,
    });
  });

  it('makes the demo account the operator when the demo is seeded and GATEWAY_OPERATORS is unset', () => {
    expect(readConfig({}).operatorLoginNames).toEqual([DEMO_ACCOUNT.loginName]);
    expect(readConfig({ GATEWAY_SEED_DEMO: '0' }).operatorLoginNames).toEqual([]);
    // Set, even empty, the list replaces the demo.
    expect(readConfig({ GATEWAY_OPERATORS: '' }).operatorLoginNames).toEqual([]);
  });

  it('reads every variable', () => {
    expect(
      readTrackingConfig({
        GATEWAY_TRACKING_RATE_LIMIT: '50',
        GATEWAY_TRACKING_RATE_LIMIT_WINDOW_MS: '1000',
        GATEWAY_OPERATORS: ' ops@example.test, +81 9012345678 ,,',
        GATEWAY_TRACKING_RETENTION_DAYS: '30',
      }),
    ).toEqual({
      trackingRateLimit: { limit: 50, windowMs: 1000 },
      operatorLoginNames: ['ops@example.test', '+81 9012345678'],
      trackingRetentionDays: 30,
    });
  });

  it('refuses values that cannot work', () => {
    expect(() => readTrackingConfig({ GATEWAY_TRACKING_RATE_LIMIT: '0' })).toThrow(
      /GATEWAY_TRACKING_RATE_LIMIT/,
    );
    expect(() => readTrackingConfig({ GATEWAY_TRACKING_RETENTION_DAYS: '0' })).toThrow(
      /GATEWAY_TRACKING_RETENTION_DAYS/,
    );
    expect(() => readTrackingConfig({ GATEWAY_TRACKING_RATE_LIMIT_WINDOW_MS: 'soon' })).toThrow(
      /GATEWAY_TRACKING_RATE_LIMIT_WINDOW_MS/,
    );
    expect(() => readTrackingConfig({ GATEWAY_OPERATORS: `${'x'.repeat(255)}@a.test` })).toThrow(
      /GATEWAY_OPERATORS/,
    );
  });
});

describe('readMarketConfig', () => {
  it('defaults to a 10 minute cycle, 1000 streams, 4 per client and a settle every second', () => {
    expect(readMarketConfig({})).toEqual(DEFAULT_MARKET_CONFIG);
    expect(DEFAULT_MARKET_CONFIG).toEqual({
      marketCycleMs: 600_000,
      marketMaxStreams: 1000,
      marketMaxStreamsPerClient: 4,
      tradingSettleIntervalMs: 1000,
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
      // No rates source: the table keeps its rates; a source is read every 30 minutes (SPEC 9).
      rates: { feedUrl: undefined, refreshMs: 1_800_000 },
      reserves: DEFAULT_MARKET_CONFIG.reserves,
    });
    expect(DEFAULT_MARKET_CONFIG.reserves.snapshotIntervalMs).toBe(3_600_000);
    expect(DEFAULT_MARKET_CONFIG.reserves.wallets.map((wallet) => wallet.asset)).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'DOGE',
      'USDT',
    ]);
    expect(readConfig({})).toMatchObject(DEFAULT_MARKET_CONFIG);
  });

  it('reads every variable; a settle interval of 0 turns the timer off', () => {
    expect(
      readMarketConfig({
        GATEWAY_MARKET_CYCLE_MS: '20000',
        GATEWAY_MARKET_MAX_STREAMS: '3',
        GATEWAY_MARKET_MAX_STREAMS_PER_CLIENT: '2',
        GATEWAY_TRADING_SETTLE_MS: '0',
        GATEWAY_MARGIN_CALL_RATIO: '1.5',
        GATEWAY_MARGIN_LIQUIDATION_RATIO: '1.2',
        GATEWAY_MARGIN_HOURLY_RATES: 'USDT:0.00001, BTC:0.000004',
        GATEWAY_COPY_LEAD_MIN_USDT: '250',
        GATEWAY_COPY_POSITION_DELAY_MS: '0',
        GATEWAY_COPY_STATS_CACHE_MS: '5000',
        GATEWAY_RESERVES_INTERVAL_MS: '86400000',
        GATEWAY_RESERVE_WALLETS: 'BTC:bc1qcoldwallet0001:12.5, USDT:0xhotwallet00000001:250000',
        GATEWAY_PROTECTION_FUND_USDT: '500000',
        GATEWAY_RATES_FEED_URL: 'https://api.coinbase.com/v2/exchange-rates?currency=USDT',
        GATEWAY_RATES_FEED_MS: '60000',
      }),
    ).toEqual({
      marketCycleMs: 20_000,
      marketMaxStreams: 3,
      marketMaxStreamsPerClient: 2,
      tradingSettleIntervalMs: 0,
      margin: {
        marginCall: '1.5',
        liquidation: '1.2',
        hourlyRates: { USDT: '0.00001', BTC: '0.000004' },
      },
      copy: { leadMinUsdt: '250', positionDelayMs: 0, statsCacheMs: 5000 },
      reserves: {
        snapshotIntervalMs: 86_400_000,
        wallets: [
          { asset: 'BTC', address: 'bc1qcoldwallet0001', balance: '12.5' },
          { asset: 'USDT', address: '0xhotwallet00000001', balance: '250000' },
        ],
        fundOpeningUsdt: '500000',
        fundWallets: DEFAULT_MARKET_CONFIG.reserves.fundWallets,
      },
      rates: {
        feedUrl: 'https://api.coinbase.com/v2/exchange-rates?currency=USDT',
        refreshMs: 60_000,
      },
    });
  });

  it.each([
    [{ GATEWAY_MARGIN_CALL_RATIO: 'high' }, /GATEWAY_MARGIN_CALL_RATIO must be a decimal/],
    // A liquidation under 1 leaves debt unpaid; a call at or under it never warns first.
    [{ GATEWAY_MARGIN_LIQUIDATION_RATIO: '0.9' }, /at least 1 and under/],
    [{ GATEWAY_MARGIN_LIQUIDATION_RATIO: '1.3' }, /at least 1 and under/],
    [{ GATEWAY_MARGIN_HOURLY_RATES: 'USDT=0.1' }, /COIN:rate pairs/],
    [{ GATEWAY_MARGIN_HOURLY_RATES: 'USDT:2' }, /COIN:rate pairs/],
    [{ GATEWAY_RESERVE_WALLETS: 'BTC:short:1' }, /ASSET:address:balance/],
    [{ GATEWAY_RESERVE_WALLETS: 'BTC:bc1qcoldwallet0001:-1' }, /ASSET:address:balance/],
  ])('refuses the margin setting %j', (env, message) => {
    expect(() => readMarketConfig(env)).toThrow(message);
  });

  it('refuses values that cannot work', () => {
    expect(() => readMarketConfig({ GATEWAY_MARKET_CYCLE_MS: '999' })).toThrow(
      /GATEWAY_MARKET_CYCLE_MS/,
    );
    expect(() => readMarketConfig({ GATEWAY_MARKET_MAX_STREAMS: '0' })).toThrow(
      /GATEWAY_MARKET_MAX_STREAMS/,
    );
    expect(() => readMarketConfig({ GATEWAY_MARKET_MAX_STREAMS_PER_CLIENT: '0' })).toThrow(
      /GATEWAY_MARKET_MAX_STREAMS_PER_CLIENT/,
    );
    expect(() => readMarketConfig({ GATEWAY_TRADING_SETTLE_MS: '-1' })).toThrow(
      /GATEWAY_TRADING_SETTLE_MS/,
    );
    expect(() => readMarketConfig({ GATEWAY_RATES_FEED_URL: 'ftp://rates.example' })).toThrow(
      'GATEWAY_RATES_FEED_URL must be a https:// or http:// URL',
    );
    expect(() => readMarketConfig({ GATEWAY_RATES_FEED_MS: '999' })).toThrow(
      /GATEWAY_RATES_FEED_MS/,
    );
  });
});

describe('readImagesConfig and readImageServers', () => {
  it('default to no image domains, no extra listeners and the bundled images', () => {
    expect(readImagesConfig({})).toEqual(DEFAULT_IMAGES_CONFIG);
    expect(DEFAULT_IMAGES_CONFIG).toEqual({
      imageForeignDomains: [],
      imageInternalDomains: [],
      imageDir: IMAGE_ASSETS_DIR,
    });
    expect(existsSync(path.join(IMAGE_ASSETS_DIR, 'probe.png'))).toBe(true);
    expect(readImageServers({})).toEqual([]);
    expect(readConfig({})).toMatchObject({ ...DEFAULT_IMAGES_CONFIG, imageServers: [] });
  });

  it('reads both domain lists in their order, trimmed, empty entries skipped', () => {
    expect(
      readImagesConfig({
        GATEWAY_IMAGE_FOREIGN_DOMAINS:
          'http://127.0.0.1:4303, http://127.0.0.1:4302,,https://img.example.com',
        GATEWAY_IMAGE_INTERNAL_DOMAINS: 'https://IMG.example.cn:8443',
      }),
    ).toMatchObject({
      imageForeignDomains: [
        'http://127.0.0.1:4303',
        'http://127.0.0.1:4302',
        'https://img.example.com',
      ],
      imageInternalDomains: ['https://IMG.example.cn:8443'],
    });
    expect(readImagesConfig({ GATEWAY_IMAGE_FOREIGN_DOMAINS: '' }).imageForeignDomains).toEqual([]);
  });

  it.each([
    'img.example.com',
    'https://img.example.com/',
    'https://img.example.com/images',
    'ftp://img.example.com',
    'https://img.example.com:99999',
    'javascript:alert(1)',
    'https://user@img.example.com',
  ])('refuses the domain %s, naming the variable', (domain) => {
    for (const name of ['GATEWAY_IMAGE_FOREIGN_DOMAINS', 'GATEWAY_IMAGE_INTERNAL_DOMAINS']) {
      expect(() => readImagesConfig({ [name]: `https://ok.example.com,${domain}` })).toThrow(name);
      expect(() => readConfig({ [name]: domain })).toThrow(domain);
    }
  });

  it('reads the extra listeners, with or without a delay', () => {
    expect(
      readImageServers({
        GATEWAY_IMAGE_SERVERS: '127.0.0.1:4301, 127.0.0.2:4302:1500,localhost:0',
      }),
    ).toEqual([
      { host: '127.0.0.1', port: 4301, delayMs: 0 },
      { host: '127.0.0.2', port: 4302, delayMs: 1500 },
      { host: 'localhost', port: 0, delayMs: 0 },
    ]);
    expect(readConfig({ GATEWAY_IMAGE_SERVERS: '127.0.0.1:4301' }).imageServers).toEqual([
      { host: '127.0.0.1', port: 4301, delayMs: 0 },
    ]);
  });

  it.each([
    '127.0.0.1',
    '4301',
    '127.0.0.1:',
    '127.0.0.1:70000',
    '127.0.0.1:4301:-5',
    '127.0.0.1:4301:fast',
    '127.0.0.1:4301:600000',
    'http://127.0.0.1:4301',
    '[::1]:4301',
  ])('refuses the listener %s, naming the variable', (entry) => {
    expect(() => readImageServers({ GATEWAY_IMAGE_SERVERS: entry })).toThrow(
      'GATEWAY_IMAGE_SERVERS',
    );
    expect(() => readConfig({ GATEWAY_IMAGE_SERVERS: `127.0.0.1:4301,${entry}` })).toThrow(entry);
  });
});

describe('readDatabasePoolConfig', () => {
  it('defaults to 10 connections, 10 s to connect, 30 s idle and a 30 s statement timeout', () => {
    expect(readDatabasePoolConfig({})).toEqual(DEFAULT_POSTGRES_POOL_OPTIONS);
    expect(DEFAULT_POSTGRES_POOL_OPTIONS).toEqual({
      max: 10,
      connectionTimeoutMs: 10_000,
      idleTimeoutMs: 30_000,
      statementTimeoutMs: 30_000,
    });
    expect(readConfig({}).databasePool).toEqual(DEFAULT_POSTGRES_POOL_OPTIONS);
  });

  it('reads every variable; a statement timeout of 0 means none', () => {
    expect(
      readDatabasePoolConfig({
        GATEWAY_DB_POOL_MAX: '25',
        GATEWAY_DB_CONNECT_TIMEOUT_MS: '2000',
        GATEWAY_DB_IDLE_TIMEOUT_MS: '5000',
        GATEWAY_DB_STATEMENT_TIMEOUT_MS: '0',
      }),
    ).toEqual({ max: 25, connectionTimeoutMs: 2000, idleTimeoutMs: 5000, statementTimeoutMs: 0 });
  });

  it('refuses a pool of no connections and values that are not whole numbers', () => {
    expect(() => readDatabasePoolConfig({ GATEWAY_DB_POOL_MAX: '0' })).toThrow(
      'GATEWAY_DB_POOL_MAX',
    );
    expect(() => readDatabasePoolConfig({ GATEWAY_DB_IDLE_TIMEOUT_MS: '1.5' })).toThrow(
      'GATEWAY_DB_IDLE_TIMEOUT_MS',
    );
  });
});

describe('readProxyConfig', () => {
  it('trusts only this machine by default', () => {
    expect(readProxyConfig({})).toEqual({ trustedProxies: ['loopback'] });
  });

  it('reads a comma-separated list of addresses, ranges and names', () => {
    expect(
      readProxyConfig({ GATEWAY_TRUSTED_PROXIES: ' loopback, 10.0.0.0/8 ,, 192.0.2.7 ' }),
    ).toEqual({ trustedProxies: ['loopback', '10.0.0.0/8', '192.0.2.7'] });
  });

  it('refuses an entry that is not an address or range, naming the setting', () => {
    expect(() => readProxyConfig({ GATEWAY_TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(
      /GATEWAY_TRUSTED_PROXIES/,
    );
    expect(() => readProxyConfig({ GATEWAY_TRUSTED_PROXIES: 'balancer.internal' })).toThrow(
      /GATEWAY_TRUSTED_PROXIES/,
    );
  });
});

describe('readRequestGuardConfig', () => {
  it('defaults to same-origin calls only, 1200 public and 600 session calls a minute, 20 sub-accounts', () => {
    expect(readRequestGuardConfig({})).toEqual({
      allowedOrigins: [],
      publicRateLimit: { limit: 1200, windowMs: 60_000 },
      sessionRateLimit: { limit: 600, windowMs: 60_000 },
      maxSubAccounts: 20,
    });
  });

  it('reads every variable', () => {
    expect(
      readRequestGuardConfig({
        GATEWAY_ALLOWED_ORIGINS: 'https://partner.example, http://localhost:8080',
        GATEWAY_PUBLIC_RATE_LIMIT: '50',
        GATEWAY_PUBLIC_RATE_LIMIT_WINDOW_MS: '1000',
        GATEWAY_SESSION_RATE_LIMIT: '20',
        GATEWAY_SESSION_RATE_LIMIT_WINDOW_MS: '2000',
        GATEWAY_MAX_SUB_ACCOUNTS: '0',
      }),
    ).toEqual({
      allowedOrigins: ['https://partner.example', 'http://localhost:8080'],
      publicRateLimit: { limit: 50, windowMs: 1000 },
      sessionRateLimit: { limit: 20, windowMs: 2000 },
      maxSubAccounts: 0,
    });
  });

  it('refuses an allowed origin that is not exactly an http(s) origin', () => {
    for (const origin of ['partner.example', 'https://partner.example/', 'ftp://x.example', '*']) {
      expect(() => readRequestGuardConfig({ GATEWAY_ALLOWED_ORIGINS: origin })).toThrow(
        /GATEWAY_ALLOWED_ORIGINS/,
      );
    }
    expect(() => readRequestGuardConfig({ GATEWAY_PUBLIC_RATE_LIMIT: '0' })).toThrow(
      /GATEWAY_PUBLIC_RATE_LIMIT/,
    );
  });
});

describe('readVerificationConfig', () => {
  it('defaults to verified registration and new devices, the documented sender, no transport', () => {
    expect(readVerificationConfig({})).toEqual(DEFAULT_VERIFICATION_CONFIG);
    expect(DEFAULT_VERIFICATION_CONFIG).toEqual({
      registerVerify: true,
      newDeviceVerify: true,
      mailUrl: undefined,
      mailFrom: '"exchange-web" <no-reply@exchange-web.test>',
      smsWebhookUrl: undefined,
    });
    expect(readConfig({})).toMatchObject(DEFAULT_VERIFICATION_CONFIG);
  });

  it('reads every variable', () => {
    expect(
      readVerificationConfig({
        GATEWAY_REGISTER_VERIFY: '0',
        GATEWAY_NEW_DEVICE_VERIFY: '0',
        MAIL_URL: 'smtps://mailer:secret@smtp.example.com:465',
        MAIL_FROM: 'Exchange <hello@example.com>',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send?key=1',
      }),
    ).toEqual({
      registerVerify: false,
      newDeviceVerify: false,
      mailUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'Exchange <hello@example.com>',
      smsWebhookUrl: 'https://sms.example.com/send?key=1',
    });
    expect(readVerificationConfig({ MAIL_URL: 'smtp://127.0.0.1:1025' }).mailUrl).toBe(
      'smtp://127.0.0.1:1025',
    );
  });

  it('refuses transports of the wrong kind, and never echoes a password', () => {
    for (const url of ['127.0.0.1:1025', 'http://127.0.0.1:1025', 'smtp://', 'mail.example.com']) {
      expect(() => readVerificationConfig({ MAIL_URL: url })).toThrow(/MAIL_URL/);
    }
    expect(() => readVerificationConfig({ MAIL_URL: 'imap://user:hunter22@mail.test' })).toThrow(
      /^(?!.*hunter22).*MAIL_URL/,
    );
    for (const url of ['ftp://sms.example', 'sms.example/send', 'smtp://127.0.0.1']) {
      expect(() => readVerificationConfig({ SMS_WEBHOOK_URL: url })).toThrow(/SMS_WEBHOOK_URL/);
    }
    expect(() => readVerificationConfig({ MAIL_FROM: 'no address' })).toThrow(/MAIL_FROM/);
    expect(() => readVerificationConfig({ MAIL_FROM: 'a@b.test\r\nBcc: x@y.test' })).toThrow(
      /MAIL_FROM/,
    );
    expect(() => readVerificationConfig({ GATEWAY_REGISTER_VERIFY: 'maybe' })).toThrow(
      /GATEWAY_REGISTER_VERIFY/,
    );
  });
});

describe('readThirdPartyConfig', () => {
  const token = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';

  it("leaves Telegram off and points at Telegram's login page by default", () => {
    expect(readThirdPartyConfig({})).toEqual(DEFAULT_THIRD_PARTY_CONFIG);
    expect(DEFAULT_THIRD_PARTY_CONFIG).toEqual({
      telegramBotToken: undefined,
      telegramLoginUrl: 'https://oauth.telegram.org/auth',
      google: undefined,
      apple: undefined,
    });
    expect(readConfig({})).toMatchObject(DEFAULT_THIRD_PARTY_CONFIG);
  });

  it('reads the bot token and the login page', () => {
    expect(
      readThirdPartyConfig({
        GATEWAY_TELEGRAM_BOT_TOKEN: token,
        GATEWAY_TELEGRAM_LOGIN_URL: 'http://127.0.0.1:1080/telegram/auth',
      }),
    ).toEqual({
      telegramBotToken: token,
      telegramLoginUrl: 'http://127.0.0.1:1080/telegram/auth',
      google: undefined,
      apple: undefined,
    });
  });

  it('reads Google and Apple clients, with their issuers by default', () => {
    const config = readThirdPartyConfig({
      GATEWAY_GOOGLE_CLIENT_ID: 'google-id',
      GATEWAY_GOOGLE_CLIENT_SECRET: 'google-secret',
      GATEWAY_APPLE_CLIENT_ID: 'apple-id',
      GATEWAY_APPLE_CLIENT_SECRET: 'apple-secret',
      GATEWAY_APPLE_ISSUER: 'http://127.0.0.1:1080/oidc',
    });
    expect(config.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'google-id',
      clientSecret: 'google-secret',
    });
    expect(config.apple).toEqual({
      issuer: 'http://127.0.0.1:1080/oidc',
      clientId: 'apple-id',
      clientSecret: 'apple-secret',
    });
  });

  it('refuses half a client, and an issuer over plain http elsewhere than this machine', () => {
    expect(() => readThirdPartyConfig({ GATEWAY_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'GATEWAY_GOOGLE_CLIENT_ID and GATEWAY_GOOGLE_CLIENT_SECRET go together',
    );
    expect(() =>
      readThirdPartyConfig({
        GATEWAY_APPLE_CLIENT_ID: 'id',
        GATEWAY_APPLE_CLIENT_SECRET: 'secret',
        GATEWAY_APPLE_ISSUER: 'http://appleid.example.com',
      }),
    ).toThrow('GATEWAY_APPLE_ISSUER must be https');
  });

  it('refuses a malformed token without echoing it, and a login page that is no web URL', () => {
    for (const bad of ['secret', '123:short', `abc:${token.split(':')[1]}`, `${token}\n`]) {
      const read = () => readThirdPartyConfig({ GATEWAY_TELEGRAM_BOT_TOKEN: bad });
      expect(read).toThrow('GATEWAY_TELEGRAM_BOT_TOKEN must be a bot token');
      expect(read).not.toThrow(bad);
    }
    expect(() =>
      readThirdPartyConfig({ GATEWAY_TELEGRAM_LOGIN_URL: 'javascript:alert(1)' }),
    ).toThrow('GATEWAY_TELEGRAM_LOGIN_URL');
  });
});
