import { describe, expect, it } from 'vitest';
import { userInfoReplyFixture } from './fixtures';
import {
  buriedLogInfoBatchSchema,
  buriedLogInfoReplySchema,
  trackingEventsQuerySchema,
  trackingOverviewQuerySchema,
  webVitalExtSchema,
  apiKeyCreateRequestSchema,
  assetOverviewReplySchema,
  buriedLogInfoRequestSchema,
  captchaCheckReplySchema,
  captchaCheckRequestSchema,
  captchaIdReplySchema,
  captchaIdRequestSchema,
  challengeRequiredDataSchema,
  clientCommonConfigReplySchema,
  coinChainListReplySchema,
  cspSecurityRequestSchema,
  deviceListReplySchema,
  deviceSignOutRequestSchema,
  domainConfigReplySchema,
  emptyRequestSchema,
  gatewaySignConfigReplySchema,
  gatewaySignConfigSchema,
  isStrongPassword,
  loginRequestSchema,
  registerEmailRequestSchema,
  registerMobileAndEmailRequestSchema,
  registerMobileRequestSchema,
  sessionReplySchema,
  subAccountCreateRequestSchema,
  subAccountListReplySchema,
  subAccountSwitchRequestSchema,
  trackingEventSchema,
  userInfoReplySchema,
  userInfoRequestSchema,
  userInfoSchema,
  usdtRateReplySchema,
  usdtRateRequestSchema,
  type GatewaySignConfig,
  type TrackingEvent,
  type UserInfo,
  type UserInfoReply,
} from './schemas';

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('empty requests', () => {
  it('accept {} and refuse any field', () => {
    expect(accepts(emptyRequestSchema, {})).toBe(true);
    expect(accepts(emptyRequestSchema, { a: 1 })).toBe(false);
    expect(accepts(emptyRequestSchema, [])).toBe(false);
  });
});

describe('usdtRate', () => {
  it.each([
    [{ locale: 'en' }, true],
    [{ locale: 'zh-CN' }, true],
    [{ locale: 'x'.repeat(16) }, true],
    [{ locale: 'x'.repeat(17) }, false],
    [{ locale: '' }, false],
    [{ locale: 7 }, false],
    [{}, false],
    [{ locale: 'en', extra: 1 }, false],
    [[], false],
    [null, false],
  ])('request %j accepted: %j', (value, ok) => {
    expect(accepts(usdtRateRequestSchema, value)).toBe(ok);
  });

  const reply = {
    supported: [
      { name: 'USD', symbol: '$', value: 'USD' },
      { name: 'CNY', symbol: '¥', value: 'CNY' },
    ],
    rates: { usd: 1, cny: 7.18 },
  };

  it('accepts a reply with lower-case rate keys', () => {
    expect(usdtRateReplySchema.parse(reply)).toEqual(reply);
  });

  it.each([
    ['an upper-case rate key', { ...reply, rates: { USD: 1 } }],
    ['a zero rate', { ...reply, rates: { usd: 0 } }],
    ['a negative rate', { ...reply, rates: { usd: -1 } }],
    ['a string rate', { ...reply, rates: { usd: '1' } }],
    ['a supported entry without symbol', { ...reply, supported: [{ name: 'USD', value: 'USD' }] }],
    ['no rates', { supported: reply.supported }],
  ])('refuses a reply with %s', (_label, value) => {
    expect(accepts(usdtRateReplySchema, value)).toBe(false);
  });
});

const userInfo: UserInfo = userInfoReplyFixture('10001').userInfo;

describe('userinfo', () => {
  it('request takes a locale only', () => {
    expect(accepts(userInfoRequestSchema, { locale: 'ja' })).toBe(true);
    expect(accepts(userInfoRequestSchema, { locale: 'ja', userId: '1' })).toBe(false);
    expect(accepts(userInfoRequestSchema, {})).toBe(false);
  });

  it('user info has every field of SPEC.md section 3', () => {
    expect(Object.keys(userInfoSchema.shape)).toEqual([
      'userId',
      'loginName',
      'userName',
      'phone',
      'email',
      'mobile',
      'areaCode',
      'bindPhone',
      'bindEmail',
      'bindGoogle',
      'isFund',
      'fundValue',
      'fundDisabled',
      'antiPhishingCode',
      'hasRealValidate',
      'identityLevel',
      'openOtc',
      'openContract',
      'openGtFees',
      'realName',
      'starRealName',
      'emailEnable',
      'phoneEnable',
      'googleEnable',
      'nickName',
      'familyName',
      'givenName',
      'frozen',
      'subAccount',
      'userType',
      'childFlag',
      'showUserVip',
      'vipLevel',
      'switchFlag',
      'createdDate',
      'updatedDate',
    ]);
  });

  const fixture = userInfoReplyFixture('10001');
  const reply: UserInfoReply = { ...fixture, userInfo, settings: { ...fixture.settings, kf: 2 } };

  it('accepts a full reply and strips unknown fields', () => {
    expect(userInfoReplySchema.parse({ ...reply, extra: 1 })).toEqual(reply);
  });

  it('accepts an anonymous user with an empty id', () => {
    expect(accepts(userInfoReplySchema, { ...reply, userInfo: { ...userInfo, userId: '' } })).toBe(
      true,
    );
  });

  it.each([
    ['a missing settings flag', { ...reply, settings: { ...reply.settings, gef: undefined } }],
    ['a string kf', { ...reply, settings: { ...reply.settings, kf: '2' } }],
    ['a numeric flag', { ...reply, userInfo: { ...userInfo, frozen: 0 } }],
    ['a missing userInfo', { ...reply, userInfo: undefined }],
    ['a fractional vip level', { ...reply, userInfo: { ...userInfo, vipLevel: 1.5 } }],
  ])('refuses %s', (_label, value) => {
    expect(accepts(userInfoReplySchema, value)).toBe(false);
  });
});

describe('cspSecurity', () => {
  const report = {
    bizType: 'csp',
    data: { event: 'securitypolicyviolation', reason: 'script-src https://evil.test/x.js' },
    timestamp: 1_700_000_000_000,
    page: '/ja/spot/BTCUSDT',
  };

  it('accepts a report', () => {
    expect(cspSecurityRequestSchema.parse(report)).toEqual(report);
  });

  it.each([
    ['an unknown field', { ...report, extra: true }],
    ['an unknown data field', { ...report, data: { ...report.data, extra: 1 } }],
    ['an empty bizType', { ...report, bizType: '' }],
    ['a string timestamp', { ...report, timestamp: '1' }],
    ['a negative timestamp', { ...report, timestamp: -1 }],
    ['a huge reason', { ...report, data: { ...report.data, reason: 'x'.repeat(4097) } }],
    ['no data', { ...report, data: undefined }],
  ])('refuses %s', (_label, value) => {
    expect(accepts(cspSecurityRequestSchema, value)).toBe(false);
  });
});

describe('captcha', () => {
  it('id request takes a scene', () => {
    expect(accepts(captchaIdRequestSchema, { scene: 'login' })).toBe(true);
    expect(accepts(captchaIdRequestSchema, { scene: '' })).toBe(false);
    expect(accepts(captchaIdRequestSchema, { scene: 'login', x: 1 })).toBe(false);
  });

  it('id reply has bizId, captchaId and status', () => {
    expect(captchaIdReplySchema.parse({ bizId: 'b', captchaId: 'c', status: 0 })).toEqual({
      bizId: 'b',
      captchaId: 'c',
      status: 0,
    });
    expect(
      accepts(captchaIdReplySchema, { bizId: 'b', captchaId: 'c', status: 1, challenge: {} }),
    ).toBe(true);
    expect(accepts(captchaIdReplySchema, { bizId: 'b', captchaId: 'c' })).toBe(false);
  });

  const solution = btoa(JSON.stringify({ number: 42, salt: 's' }));
  const check = {
    captchaType: 3,
    captchaValidate: solution,
    extras: { bizId: 'b', captchaId: 'c' },
  };

  it('check request takes type 3 and Base64 text', () => {
    expect(captchaCheckRequestSchema.parse(check)).toEqual(check);
  });

  it.each([
    ['another type', { ...check, captchaType: 2 }],
    ['a string type', { ...check, captchaType: '3' }],
    ['text that is not Base64', { ...check, captchaValidate: '{"number":42}' }],
    ['empty text', { ...check, captchaValidate: '' }],
    ['nested extras', { ...check, extras: { a: { b: 1 } } }],
    ['an unknown field', { ...check, scene: 'login' }],
    ['no extras', { captchaType: 3, captchaValidate: solution }],
  ])('check request refuses %s', (_label, value) => {
    expect(accepts(captchaCheckRequestSchema, value)).toBe(false);
  });

  it('check reply carries the token', () => {
    expect(captchaCheckReplySchema.parse({ captchaToken: 't' })).toEqual({ captchaToken: 't' });
    expect(accepts(captchaCheckReplySchema, { captchaToken: '' })).toBe(false);
  });
});

describe('gatewaySignConfig', () => {
  const config: GatewaySignConfig = {
    clientOpen: true,
    serverPublicKey: 'TUlJQklqQU5CZ2txaGtpRzl3MEJBUUVGQUFPQ0FROEFNSUlCQ2dLQ0FRRUF4',
    serverPublicKeySign: 'c2lnbmF0dXJl',
    defaultAlgorithm: 'rsa1024',
    exactUrls: ['/v1/user/overview/userinfo'],
    prefixUrls: ['/v1/mix/'],
    signModes: { '/v1/user/overview/userinfo': 1 },
    userCheckDeviceUrl: ['/v1/user/login'],
  };

  it('has every field of SPEC.md section 3 and comes under data.gatewaySignConfig', () => {
    expect(Object.keys(gatewaySignConfigSchema.shape)).toEqual([
      'clientOpen',
      'serverPublicKey',
      'serverPublicKeySign',
      'defaultAlgorithm',
      'exactUrls',
      'prefixUrls',
      'signModes',
      'userCheckDeviceUrl',
    ]);
    expect(gatewaySignConfigReplySchema.parse({ gatewaySignConfig: config })).toEqual({
      gatewaySignConfig: config,
    });
  });

  it.each([
    ['sign mode 3', { ...config, signModes: { '/v1/x': 3 } }],
    ['an unknown algorithm', { ...config, defaultAlgorithm: 'rsa4096' }],
    ['a key that is not Base64', { ...config, serverPublicKey: '-----BEGIN PUBLIC KEY-----' }],
    ['a path without slash', { ...config, exactUrls: ['v1/x'] }],
    ['a string clientOpen', { ...config, clientOpen: 'true' }],
  ])('refuses %s', (_label, value) => {
    expect(accepts(gatewaySignConfigSchema, value)).toBe(false);
  });

  it('accepts rsa2048 and modes 0 to 2', () => {
    expect(
      accepts(gatewaySignConfigSchema, {
        ...config,
        defaultAlgorithm: 'rsa2048',
        signModes: { '/a': 0, '/b': 1, '/c': 2 },
      }),
    ).toBe(true);
  });
});

describe('domain, coin-chain and client config replies', () => {
  it('domain config has the two image domain lists', () => {
    const reply = {
      imgDomainConfig: { foreignDomainList: ['img.a.test'], internalDomainList: ['img.b.test'] },
    };
    expect(domainConfigReplySchema.parse(reply)).toEqual(reply);
    expect(accepts(domainConfigReplySchema, { imgDomainConfig: { foreignDomainList: [] } })).toBe(
      false,
    );
  });

  it('coin-chain list keeps unknown item fields', () => {
    const reply = {
      item: [
        {
          coinName: 'USDT',
          chains: [{ chainName: 'TRC20', rechargeable: true, withdrawable: true, fee: '1' }],
          icon: 'usdt.png',
        },
      ],
    };
    expect(coinChainListReplySchema.parse(reply)).toEqual(reply);
    expect(accepts(coinChainListReplySchema, { item: [{ coinName: 'USDT' }] })).toBe(false);
    expect(accepts(coinChainListReplySchema, {})).toBe(false);
  });

  it('client config has the switch, user id and ip', () => {
    const reply = {
      clientCommonConfig: { eventLogUploadSwitch: true, userId: '' },
      localVo: { ip: '203.0.113.9' },
    };
    expect(clientCommonConfigReplySchema.parse(reply)).toEqual(reply);
    expect(
      accepts(clientCommonConfigReplySchema, {
        ...reply,
        clientCommonConfig: { eventLogUploadSwitch: 'on', userId: '' },
      }),
    ).toBe(false);
  });
});

describe('analytics upload', () => {
  const event: TrackingEvent = {
    event_id: 'e-0001-abcdef',
    type: 1,
    page_status: 'show',
    event_tracking_id: 'b6055',
    track_type: 'auto',
    timestamp: 1_700_000_000_000,
    url: 'https://site.test/inscription/brc-20',
    device_id: 'device-1',
    session_id: 'session-1',
    sys: 'Web',
    event_tracking_ext: [{ coin_name: 'ordi' }],
  };

  it('accepts an event and a batch of 1 to 50', () => {
    expect(trackingEventSchema.parse(event)).toEqual(event);
    expect(accepts(buriedLogInfoRequestSchema, [event])).toBe(true);
    expect(
      accepts(
        buriedLogInfoRequestSchema,
        Array.from({ length: 50 }, () => event),
      ),
    ).toBe(true);
  });

  it('refuses an empty batch or one over 50', () => {
    expect(accepts(buriedLogInfoRequestSchema, [])).toBe(false);
    expect(
      accepts(
        buriedLogInfoRequestSchema,
        Array.from({ length: 51 }, () => event),
      ),
    ).toBe(false);
    expect(accepts(buriedLogInfoRequestSchema, event)).toBe(false);
  });

  it.each([
    ['type 0', { ...event, type: 0 }],
    ['type 10', { ...event, type: 10 }],
    ['an invalid tracking id', { ...event, event_tracking_id: 'x1' }],
    ['no event id', { ...event, event_id: undefined }],
    ['an unknown field', { ...event, extra: 1 }],
    ['an unknown sys', { ...event, sys: 'Linux' }],
    ['an unknown page status', { ...event, page_status: 'gone' }],
    ['an unknown track type', { ...event, track_type: 'robot' }],
  ])('refuses an event with %s', (_label, value) => {
    expect(accepts(trackingEventSchema, value)).toBe(false);
  });

  it('accepts every event type and the "/" tracking id', () => {
    for (let type = 1; type <= 9; type += 1) {
      expect(accepts(trackingEventSchema, { ...event, type, event_tracking_id: '/' })).toBe(true);
    }
  });
});

describe('challenge required', () => {
  it('reads the group and scene of a 10021 reply', () => {
    expect(accepts(challengeRequiredDataSchema, { group: 'gateway', scene: 'register' })).toBe(
      true,
    );
    expect(accepts(challengeRequiredDataSchema, { group: 'gateway' })).toBe(false);
    expect(accepts(challengeRequiredDataSchema, null)).toBe(false);
  });
});

describe('accounts and sessions', () => {
  it('accepts a login by email, by mobile with area code, and by sub-account name', () => {
    for (const loginName of ['trader@example.com', '+81 9012345678', 'desk_01']) {
      expect(accepts(loginRequestSchema, { loginName, pwd: 'x' })).toBe(true);
    }
  });

  it.each([
    ['no password', { loginName: 'trader@example.com' }],
    ['an empty password', { loginName: 'trader@example.com', pwd: '' }],
    ['a too short login name', { loginName: 'ab', pwd: 'x' }],
    ['a password over 128 characters', { loginName: 'trader@example.com', pwd: 'x'.repeat(129) }],
    ['an unknown field', { loginName: 'trader@example.com', pwd: 'x', remember: true }],
  ])('refuses a login with %s', (_label, value) => {
    expect(accepts(loginRequestSchema, value)).toBe(false);
  });

  it('checks the registration fields of each kind', () => {
    expect(accepts(registerEmailRequestSchema, { email: 'a@b.co', pwd: 'p' })).toBe(true);
    expect(accepts(registerEmailRequestSchema, { email: 'not-an-email', pwd: 'p' })).toBe(false);
    expect(
      accepts(registerMobileRequestSchema, { areaCode: '+81', mobile: '9012345678', pwd: 'p' }),
    ).toBe(true);
    expect(
      accepts(registerMobileRequestSchema, { areaCode: 'JP', mobile: '9012345678', pwd: 'p' }),
    ).toBe(false);
    expect(
      accepts(registerMobileRequestSchema, { areaCode: '81', mobile: '90-1234', pwd: 'p' }),
    ).toBe(false);
    expect(
      accepts(registerMobileAndEmailRequestSchema, {
        email: 'a@b.co',
        areaCode: '44',
        mobile: '7700900123',
        pwd: 'p',
        rePwd: 'p',
      }),
    ).toBe(true);
    expect(accepts(registerMobileAndEmailRequestSchema, { email: 'a@b.co', pwd: 'p' })).toBe(false);
  });

  it('names sub-accounts with 3 to 32 safe characters', () => {
    expect(accepts(subAccountCreateRequestSchema, { userName: 'desk_01' })).toBe(true);
    expect(accepts(subAccountCreateRequestSchema, { userName: 'ab' })).toBe(false);
    expect(accepts(subAccountCreateRequestSchema, { userName: 'a b c' })).toBe(false);
    expect(accepts(subAccountCreateRequestSchema, { userName: 'x'.repeat(33) })).toBe(false);
    expect(accepts(subAccountSwitchRequestSchema, { userId: '' })).toBe(false);
  });

  it('reads a session reply and a sub-account list', () => {
    expect(
      accepts(sessionReplySchema, {
        userId: '1',
        loginName: 'a@b.co',
        userName: 'A',
        subAccount: false,
      }),
    ).toBe(true);
    expect(accepts(sessionReplySchema, { userId: '', loginName: '', userName: '' })).toBe(false);
    expect(
      accepts(subAccountListReplySchema, {
        items: [{ userId: '2', userName: 'desk_01', createdDate: 1 }],
      }),
    ).toBe(true);
  });

  it('reads the recent sign-ins, refusing a negative time', () => {
    const device = {
      id: '42',
      signedInAt: 1,
      lastSeenAt: 2,
      ip: '127.0.0.1',
      userAgent: 'Chromium',
      browser: 'Chrome 131',
      os: 'Linux',
      current: true,
      active: true,
    };
    expect(accepts(deviceListReplySchema, { items: [device] })).toBe(true);
    expect(accepts(deviceListReplySchema, { items: [{ ...device, signedInAt: -1 }] })).toBe(false);
    expect(accepts(deviceListReplySchema, { items: [{ ...device, id: '' }] })).toBe(false);
    expect(accepts(deviceSignOutRequestSchema, { id: '42' })).toBe(true);
    for (const id of ['', '4a', '1'.repeat(20), 42])
      expect(accepts(deviceSignOutRequestSchema, { id }), String(id)).toBe(false);
  });

  it('checks API-key creation and reads the asset overview', () => {
    const key = {
      label: 'bot',
      permissions: ['read', 'trade'],
      ipWhitelist: ['203.0.113.9', '::1'],
    };
    expect(accepts(apiKeyCreateRequestSchema, key)).toBe(true);
    expect(accepts(apiKeyCreateRequestSchema, { ...key, permissions: [] })).toBe(false);
    expect(accepts(apiKeyCreateRequestSchema, { ...key, permissions: ['admin'] })).toBe(false);
    expect(accepts(apiKeyCreateRequestSchema, { ...key, ipWhitelist: ['not-an-ip'] })).toBe(false);
    expect(accepts(apiKeyCreateRequestSchema, { ...key, label: '  ' })).toBe(false);
    expect(
      accepts(assetOverviewReplySchema, {
        totalUsdt: '100.5',
        balances: [{ coin: 'BTC', available: '0.1', frozen: '0', usdtValue: '100.5' }],
      }),
    ).toBe(true);
    expect(
      accepts(assetOverviewReplySchema, {
        totalUsdt: '-1',
        balances: [],
      }),
    ).toBe(false);
  });

  it.each([
    ['Demo-Trader-2026', true],
    ['abcdefg1', true],
    ['пароль12', true],
    ['abcdefg', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc1', false],
  ])('judges the strength of %s as %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('tracking ingestion and overview', () => {
  it('checks an upload as a batch of 1 to 50 items of any shape', () => {
    expect(buriedLogInfoBatchSchema.safeParse([{ nonsense: true }]).success).toBe(true);
    expect(buriedLogInfoBatchSchema.safeParse([]).success).toBe(false);
    expect(buriedLogInfoBatchSchema.safeParse(Array.from({ length: 51 }, () => ({}))).success).toBe(
      false,
    );
    expect(buriedLogInfoBatchSchema.safeParse({}).success).toBe(false);
  });

  it('reads a web-vitals payload and refuses an unknown metric or rating', () => {
    const lcp = { name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-1' };
    expect(webVitalExtSchema.parse(lcp)).toEqual(lcp);
    expect(webVitalExtSchema.safeParse({ ...lcp, name: 'FID' }).success).toBe(false);
    expect(webVitalExtSchema.safeParse({ ...lcp, rating: 'fine' }).success).toBe(false);
    expect(webVitalExtSchema.safeParse({ ...lcp, value: -1 }).success).toBe(false);
  });

  it('takes an overview window of 1 hour to a week, 24 hours by default', () => {
    expect(trackingOverviewQuerySchema.parse({})).toEqual({ hours: 24 });
    expect(trackingOverviewQuerySchema.parse({ hours: '6' })).toEqual({ hours: 6 });
    expect(trackingOverviewQuerySchema.safeParse({ hours: '0' }).success).toBe(false);
    expect(trackingOverviewQuerySchema.safeParse({ hours: '169' }).success).toBe(false);
    expect(trackingOverviewQuerySchema.safeParse({ hours: 'day' }).success).toBe(false);
  });

  it('asks the events of one device or visitor, 200 by default and at most 1000', () => {
    expect(trackingEventsQuerySchema.parse({ visitorId: 'w-1' })).toEqual({
      visitorId: 'w-1',
      limit: 200,
    });
    expect(trackingEventsQuerySchema.safeParse({ limit: '5' }).success).toBe(false);
    expect(trackingEventsQuerySchema.parse({ deviceId: 'd1' })).toEqual({
      deviceId: 'd1',
      limit: 200,
    });
    expect(trackingEventsQuerySchema.safeParse({ deviceId: '' }).success).toBe(false);
    expect(trackingEventsQuerySchema.safeParse({ deviceId: 'd1', limit: '1001' }).success).toBe(
      false,
    );
  });

  it('reads an upload reply', () => {
    const reply = {
      accepted: 2,
      duplicates: 1,
      rejected: [{ index: 3, eventId: null, reason: 'event_id: required' }],
    };
    expect(buriedLogInfoReplySchema.parse(reply)).toEqual(reply);
  });
});
