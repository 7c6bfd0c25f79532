import { describe, expect, it } from 'vitest';
import {
  API_PATH_PREFIXES,
  ApiPath,
  EncryptedBodyField,
  SIMULATION_LANDING,
  tradingPath,
  encryptedLoginFields,
  inscriptionPageView,
  inscriptionPages,
  isLoginEncryptionPath,
  isSimulationAllowedPath,
  loginEncryptionPaths,
  registrationPaths,
  normaliseApiPath,
  simulationAllowedPrefixes,
  simulationExactPaths,
  simulationSignInPaths,
  QR_LOGIN_CONFIRM_PATH,
} from './paths';

describe('ApiPath', () => {
  it('has every call of SPEC.md section 7', () => {
    expect(ApiPath).toMatchObject({
      gatewaySignConfig: '/v1/mix/config/gatewaySignConfig',
      cspSecurity: '/v1/buried/log/cspSecurity',
      usdtRate: '/v1/mix/public/usdtRate',
      userInfo: '/v1/user/overview/userinfo',
      logout: '/v1/user/logout',
      btapiLogout: '/btapi/common/logout',
      clearCookie: '/v1/user/public/clearCookie',
      coinChainList: '/v1/spot/public/getCoinChainList',
      domainConfigList: '/v1/mix/system/getDomainConfigList',
      captchaId: '/v1/security/policy/captcha/get-captcha-id',
      captchaCheck: '/v1/security/policy/captcha/check-captcha',
      inscriptionListByPage: '/v1/cms/inscription/listByPage',
      inscriptionDetail: '/v1/cms/inscription/detail',
      inscriptionInfo: '/v1/cms/inscription/inscriptionInfo',
      inscriptionHot: '/v1/cms/inscription/hotInscription',
      inscriptionRelatedRunesToken: '/v1/cms/inscription/relatedRunesToken',
      inscriptionSearch: '/v1/cms/inscription/search',
      seoTradesPriceHistory: '/v1/cms/seo/inscription/trades/priceHistory',
      seoTradesOwners: '/v1/cms/seo/inscription/trades/owners',
      seoTradesActivity: '/v1/cms/seo/inscription/trades/activity',
      indexLeaderboard: '/v1/mix/market/indexLeaderboard-get',
      cryptoListBySymbol: '/v1/cms/crypto/getCryptoListBySymbol',
      tdkMltQueryList: '/v1/mix/public/getTdkMltQueryList',
      clientCommonConfig: '/v1/mix/public/clientCommonConfig',
      buriedLogInfo: '/v1/buried/log/info',
      trackingOverview: '/v1/buried/log/overview',
      trackingUploadSwitch: '/v1/buried/log/uploadSwitch',
      trackingEvents: '/v1/buried/log/events',
      login: '/v1/user/login',
      agencyLogin: '/v1/user/agency/login',
    });
  });

  it('starts every path with a known prefix and keeps paths distinct', () => {
    expect(API_PATH_PREFIXES).toEqual(['/v1/', '/btapi/']);
    const paths = Object.values(ApiPath);
    for (const path of paths) {
      expect(
        API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
        path,
      ).toBe(true);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ['v1/mix/public/usdtRate', '/v1/mix/public/usdtRate'],
    ['/v1/mix/public/usdtRate', '/v1/mix/public/usdtRate'],
    ['btapi/common/logout', '/btapi/common/logout'],
    ['', ''],
    [
      'https://config.example/v1/mix/public/clientCommonConfig',
      'https://config.example/v1/mix/public/clientCommonConfig',
    ],
  ])('normaliseApiPath(%j) is %j', (path, normalised) => {
    expect(normaliseApiPath(path)).toBe(normalised);
  });
});

describe('registrationPaths', () => {
  it('names every call that makes an account, each an encrypted one', () => {
    expect([...registrationPaths].sort()).toEqual(
      Object.values(ApiPath)
        .filter((path) => /\/register(?:\/|$)/.test(path) && !path.includes('/passkey/'))
        .sort(),
    );
    for (const path of registrationPaths) expect(loginEncryptionPaths).toContain(path);
  });
});

describe('login encryption', () => {
  it('lists the encrypted paths', () => {
    expect(loginEncryptionPaths).toEqual([
      '/v1/user/login',
      '/v1/user/agency/login',
      '/v1/user/verifyLogin',
      '/v1/user/verifyLogin/resendCode',
      '/v1/user/agency/verifyLogin',
      '/v1/user/verifySystemLogin',
      '/v1/user/register/mobile',
      '/v1/user/register/email',
      '/v1/user/register/mobileAndEmail',
      '/v1/user/third/apple/register',
      '/v1/user/third/apple/check',
      '/v1/user/third/apple/bind',
      '/v1/user/third/apple/sign',
      '/v1/user/third/google/register',
      '/v1/user/third/google/check',
      '/v1/user/third/google/bind',
      '/v1/user/third/google/sign',
      '/v1/user/third/wallet/register',
      '/v1/user/third/wallet/check',
      '/v1/user/third/wallet/bind',
      '/v1/user/third/wallet/sign',
      '/v1/user/third/telegram/register',
      '/v1/user/third/telegram/check',
      '/v1/user/third/telegram/bind',
      '/v1/user/third/telegram/sign',
      '/v1/user/third/wallet/unbind',
      '/v1/user/third/telegram/unbind',
      '/v1/user/third/google/unbind',
      '/v1/user/third/apple/unbind',
      '/v1/user/subAccount/switch',
      '/v1/user/subAccount/switchBack',
      '/v1/user/getQrKeyStatus',
      '/v1/user/getCrossTerminalLoginStatus',
      // Ours: the security page's calls that carry an authenticator code.
      '/v1/user/security/google/bind',
      '/v1/user/security/google/unbind',
      '/v1/user/security/changePassword',
      '/v1/user/security/passkey/registerOptions',
      '/v1/user/security/passkey/register',
      '/v1/user/security/passkey/remove',
      '/v1/user/security/sendChangeCode',
      '/v1/user/security/changeEmail',
      '/v1/user/security/changeMobile',
    ]);
  });

  it('lists the 19 encrypted fields of SPEC.md section 7, then ours: the new password and the wallet message', () => {
    expect(encryptedLoginFields).toEqual([
      'loginName',
      'pwd',
      'areaCode',
      'mobile',
      'email',
      'verifyCode',
      'rePwd',
      'emailCode',
      'mobileCode',
      'googleCode',
      'serialNO',
      'signature',
      'publicAddress',
      'token',
      'userId',
      'qrcodeKey',
      'fidoVerifyCode',
      'initData',
      'id',
      'newPwd',
      'siweMessage',
    ]);
    expect(EncryptedBodyField).toEqual({
      bodyCiphertext: 'bodyCiphertext',
      algorithm: 'algorithm',
      publicKey: 'publicKey',
      initSign: 'initSign',
    });
  });

  it('matches every listed path, with or without slash, query or hash', () => {
    for (const path of loginEncryptionPaths) {
      expect(isLoginEncryptionPath(path), path).toBe(true);
      expect(isLoginEncryptionPath(path.slice(1)), path).toBe(true);
      expect(isLoginEncryptionPath(`${path}?a=1`), path).toBe(true);
    }
  });

  it.each([
    '/v1/user/loginx',
    '/v1/user/login/extra',
    '/v1/user/logout',
    '/v1/user/overview/userinfo',
    '/v1/user/LOGIN',
    '/v1/user/register',
    '',
  ])('does not match %j', (path) => {
    expect(isLoginEncryptionPath(path)).toBe(false);
  });
});

describe('simulation trade', () => {
  const specPrefixes = [
    'fee',
    'vip/detail',
    'vip/vipIntroduce',
    'account/newapi',
    'spot/',
    'futures/',
    'transac',
    'order/marginOrderInfo',
    'order/mcp',
    'record/exchange',
    'record/margin',
    'record/mcp',
    'subaccount/setting/antiphishing',
    'devices',
    'history',
    'api',
    'modifyverification',
    'download',
    'proof-of-reserves',
    'protection-fund',
    'trade-spot',
    'trade-margin',
    'trade-swap',
    'trade-info',
    'trade-asset-order',
    'trade-asset',
  ];
  const specExact = ['asset', 'asset/spot', 'asset/margin', 'asset/futures'];

  it('lists the allowed paths of SPEC.md section 2', () => {
    expect(simulationAllowedPrefixes).toEqual(specPrefixes);
    expect(simulationExactPaths).toEqual(specExact);
  });

  it('also allows the sign-in pages, exactly, with or without a language prefix', () => {
    expect(simulationSignInPaths).toEqual([
      'login',
      'register',
      'qr-login',
      'telegram-login',
      'oauth-return',
    ]);
    for (const path of [
      '/login',
      '/register',
      '/ja/login',
      '/bg/ja/register/',
      QR_LOGIN_CONFIRM_PATH,
    ])
      expect(isSimulationAllowedPath(path), path).toBe(true);
    for (const path of ['/login/x', '/registered', '/ja/loginx'])
      expect(isSimulationAllowedPath(path), path).toBe(false);
  });

  it('builds the trading page of a pair in each market, each allowed in simulation', () => {
    expect(tradingPath('spot', 'ETHUSDT')).toBe('/spot/ETHUSDT');
    expect(tradingPath('futures', 'ETHUSDT')).toBe('/futures/usdt/ETHUSDT');
    expect(tradingPath('margin', 'ETHUSDT')).toBe('/margin/ETHUSDT');
    expect(tradingPath('margin', 'ETHUSDT', true)).toBe('/trade-margin/ETHUSDT');
    for (const market of ['spot', 'futures', 'margin'] as const)
      expect(isSimulationAllowedPath(tradingPath(market, 'SOLUSDT', true))).toBe(true);
    // The margin page's own address is not on SPEC 2's list: simulation sends it to the spot page.
    expect(isSimulationAllowedPath(tradingPath('margin', 'SOLUSDT'))).toBe(false);
  });

  it('has the landing pages', () => {
    expect(SIMULATION_LANDING).toEqual({ spot: '/spot/BTCUSDT', futures: '/futures/usdt/BTCUSDT' });
    expect(isSimulationAllowedPath(SIMULATION_LANDING.spot)).toBe(true);
    expect(isSimulationAllowedPath(SIMULATION_LANDING.futures)).toBe(true);
  });

  const prefixes = ['', '/en', '/ja', '/zh-CN', '/es-AR', '/bg', '/bg/ru'];

  for (const entry of specPrefixes) {
    const base = entry.replace(/\/$/, '');
    it.each(prefixes)(`allows ${base}, below it, under prefix %j`, (prefix) => {
      expect(isSimulationAllowedPath(`${prefix}/${base}`)).toBe(true);
      expect(isSimulationAllowedPath(`${prefix}/${base}/`)).toBe(true);
      expect(isSimulationAllowedPath(`${prefix}/${base}/BTCUSDT`)).toBe(true);
      expect(isSimulationAllowedPath(`${prefix}/${base}/a/b?tab=1#x`)).toBe(true);
    });
    it(`refuses near misses of ${base}`, () => {
      expect(isSimulationAllowedPath(`/${base}x`)).toBe(false);
      expect(isSimulationAllowedPath(`/x${base}`)).toBe(false);
      expect(isSimulationAllowedPath(`/markets/${base}`)).toBe(false);
    });
  }

  for (const entry of specExact) {
    it.each(prefixes)(`allows exactly /${entry} under prefix %j`, (prefix) => {
      expect(isSimulationAllowedPath(`${prefix}/${entry}`)).toBe(true);
      expect(isSimulationAllowedPath(`${prefix}/${entry}/`)).toBe(true);
      expect(isSimulationAllowedPath(`${prefix}/${entry}?x=1`)).toBe(true);
    });
  }

  it.each([
    '/spotx',
    '/spotx/BTCUSDT',
    '/futuresx',
    '/feex',
    '/asset/spotx',
    '/asset/spot/x',
    '/asset/withdraw',
    '/asset/futures/usdt',
    '/assets',
    '/ja/assets',
    '/transaction',
    '/apis',
    '/historyx',
    '/vip',
    '/vip/other',
    '/order',
    '/order/other',
    '/record',
    '/subaccount/setting',
    '/trade',
    '/markets',
    '/',
    '',
    '/ja',
    '/bg',
    '/xx/spot/BTCUSDT',
    '/SPOT/BTCUSDT',
    '/ja/ru/spot',
    '/en/en/spot',
  ])('refuses %j', (pathname) => {
    expect(isSimulationAllowedPath(pathname)).toBe(false);
  });
});

describe('inscription pages', () => {
  it('describes the five paths of SPEC.md section 2', () => {
    expect(inscriptionPages).toEqual([
      { path: '/inscription/brc-20', tab: 'all', trackingId: 'b6055' },
      { path: '/inscription/brc-20/page', tab: 'all', trackingId: 'b6055' },
      { path: '/inscription/brc-20/hot', tab: 'hot', trackingId: 'b6055' },
      { path: '/inscription/brc-20/inProgress', tab: 'inscription', trackingId: 'b6055' },
      { path: '/inscription/brc-20/{token}', trackingId: 'b6056' },
    ]);
  });

  it.each([
    ['/inscription/brc-20', { tab: 'all', trackingId: 'b6055' }],
    ['/inscription/brc-20/', { tab: 'all', trackingId: 'b6055' }],
    ['/ja/inscription/brc-20', { tab: 'all', trackingId: 'b6055' }],
    ['/inscription/brc-20/page', { tab: 'all', trackingId: 'b6055' }],
    ['/inscription/brc-20/hot', { tab: 'hot', trackingId: 'b6055' }],
    ['/bg/inscription/brc-20/hot?x=1', { tab: 'hot', trackingId: 'b6055' }],
    ['/inscription/brc-20/inProgress', { tab: 'inscription', trackingId: 'b6055' }],
    ['/inscription/brc-20/ordi', { trackingId: 'b6056', coinName: 'ordi' }],
    ['/zh-CN/inscription/brc-20/sats', { trackingId: 'b6056', coinName: 'sats' }],
    ['/bg/ja/inscription/brc-20/ORDI/', { trackingId: 'b6056', coinName: 'ORDI' }],
    ['/inscription/brc-20/%24ORDI', { trackingId: 'b6056', coinName: '$ORDI' }],
    ['/inscription/brc-20/%E0%A4', { trackingId: 'b6056', coinName: '%E0%A4' }],
  ])('labels %j', (pathname, view) => {
    expect(inscriptionPageView(pathname)).toEqual(view);
  });

  it.each([
    '/inscription',
    '/inscription/brc-21',
    '/inscription/brc-20/ordi/holders',
    '/spot/inscription/brc-20',
    '/xx/inscription/brc-20',
    '/',
  ])('does not label %j', (pathname) => {
    expect(inscriptionPageView(pathname)).toBeUndefined();
  });
});
