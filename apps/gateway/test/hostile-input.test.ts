// The gateway against hostile requests (README "Security"): cross-site calls, malformed strings,
// deep and oversized bodies, and per-client limits. Each test fails on a gateway without its guard.
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { RequestLimit } from '@exchange-web/protocol/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG } from '../src/config';
import type { RunningGateway } from '../src/server';
import {
  CHALLENGES_OFF,
  GUARDS_RELAXED,
  STRONG_PASSWORD,
  TestBrowser,
  call,
  registerPlaintext,
  startTestGateway,
  uniqueEmail,
} from './support';

const JSON_HEADERS = { 'content-type': 'application/json' };

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({
    allowedOrigins: ['https://partner.example'],
    maxSubAccounts: 3,
  });
});
afterAll(async () => {
  await gateway.stop();
});

/** A signed-in visitor of its own address (plaintext registration: GUARDS_RELAXED). */
async function signedIn(address = '198.51.100.10'): Promise<TestBrowser> {
  const browser = new TestBrowser(gateway, { 'x-forwarded-for': address });
  await registerPlaintext(browser, uniqueEmail('hostile'));
  return browser;
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('cross-site request forgery', () => {
  it('refuses a login form posted as text/plain, urlencoded or multipart, and sets no session', async () => {
    // The attacker's own account, whose password ends in `=` (DESIGN "Known traps"): a text/plain
    // form field named `{"loginName":"…","pwd":"…` with the value `"}` posts exactly this JSON.
    const email = uniqueEmail('attacker');
    const password = `${STRONG_PASSWORD}=`;
    const owner = new TestBrowser(gateway);
    await owner.post(ApiPath.registerEmail, { email, pwd: password, rePwd: password });
    const formBody = `{"loginName":"${email}","pwd":"${password}"}`;
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ]) {
      const reply = await call(gateway, 'POST', ApiPath.login, formBody, {
        'content-type': contentType,
        origin: 'http://attacker.example',
      });
      expect([contentType, reply.status, reply.json?.code]).toEqual([
        contentType,
        403,
        GatewayCode.crossSiteRefused,
      ]);
      expect(reply.cookies).toEqual([]);
    }
    // The same body as JSON is a login: the refusals above were the guard's, not the body's.
    const json = await call(gateway, 'POST', ApiPath.login, formBody, JSON_HEADERS);
    expect(json.json?.code).toBe('00000');
  });

  it('refuses a JSON call from another origin, even of the same site, and from a null origin', async () => {
    const victim = await signedIn();
    for (const origin of ['http://127.0.0.1:9', 'http://attacker.example', 'null']) {
      const reply = await victim.send(
        'POST',
        ApiPath.subAccountCreate,
        JSON.stringify({ userName: 'forged' }),
        { origin },
      );
      expect([origin, reply.status, reply.json?.code]).toEqual([
        origin,
        403,
        GatewayCode.crossSiteRefused,
      ]);
    }
    const list = await victim.post(ApiPath.subAccountList, {});
    expect(list.json?.data).toEqual({ items: [] });
  });

  it("takes calls from the site's own origin, from a trusted proxy's host, and from allowed origins", async () => {
    const user = await signedIn();
    const host = new URL(gateway.url).host;
    const site = { origin: 'http://localhost:3000', 'x-forwarded-host': 'localhost:3000' };
    for (const headers of [
      { origin: `http://${host}` },
      site,
      {
        ...site,
        origin: 'https://www.exchange.example',
        'x-forwarded-host': 'www.exchange.example',
        'x-forwarded-proto': 'https',
      },
      { origin: 'https://partner.example' },
      {},
    ]) {
      const reply = await user.send('POST', ApiPath.subAccountList, '{}', headers);
      expect([headers, reply.status]).toEqual([headers, 200]);
    }
  });

  it('refuses a call without Origin that the browser says another site made', async () => {
    const user = await signedIn();
    const crossSite = await user.send('POST', ApiPath.subAccountList, '{}', {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.json?.code).toBe(GatewayCode.crossSiteRefused);
    const sameOrigin = await user.send('POST', ApiPath.subAccountList, '{}', {
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('takes a tracking beacon as text/plain from the site, but not from another origin', async () => {
    const beacon = (origin: string) =>
      call(gateway, 'POST', ApiPath.buriedLogInfo, '[]', {
        'content-type': 'text/plain;charset=UTF-8',
        origin,
      });
    // Past the guard: the empty batch is the body's own refusal (40001), not the guard's.
    expect((await beacon(`http://${new URL(gateway.url).host}`)).json?.code).toBe(
      GatewayCode.validationFailed,
    );
    expect((await beacon('http://attacker.example')).json?.code).toBe(GatewayCode.crossSiteRefused);
  });

  it('leaves reads alone: a GET from another origin is answered', async () => {
    const reply = await call(gateway, 'GET', ApiPath.clientCommonConfig, undefined, {
      origin: 'http://attacker.example',
    });
    expect(reply.status).toBe(200);
  });
});

describe('plaintext login', () => {
  it('is off by default: a login body in clear answers 21011 and signs nobody in', async () => {
    expect(DEFAULT_APP_CONFIG.loginPlaintextAllowed).toBe(false);
    const strict = await startTestGateway({
      loginPlaintextAllowed: DEFAULT_APP_CONFIG.loginPlaintextAllowed,
    });
    try {
      for (const path of [ApiPath.login, ApiPath.registerEmail]) {
        const reply = await call(
          strict,
          'POST',
          path,
          JSON.stringify({ loginName: 'a@b.test', email: 'a@b.test', pwd: STRONG_PASSWORD }),
        );
        expect([path, reply.status, reply.json?.code]).toEqual([
          path,
          400,
          AccountCode.loginEncryptionRequired,
        ]);
        expect(reply.cookies).toEqual([]);
      }
    } finally {
      await strict.stop();
    }
  });
});

describe('malformed strings', () => {
  // Each of these answered HTTP 500 before: PostgreSQL refuses NUL and lone surrogates.
  const cases: {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    body?: string;
    field: string;
  }[] = [
    {
      name: 'login name with NUL',
      method: 'POST',
      path: ApiPath.login,
      body: '{"loginName":"a\\u0000@b.test","pwd":"x"}',
      field: 'loginName',
    },
    {
      name: 'registration email with a lone surrogate',
      method: 'POST',
      path: ApiPath.registerEmail,
      body: `{"email":"a\\ud800@b.test","pwd":"${STRONG_PASSWORD}"}`,
      field: 'email',
    },
    {
      name: 'search keyword with NUL',
      method: 'POST',
      path: ApiPath.inscriptionSearch,
      body: '{"keyword":"or\\u0000di"}',
      field: 'keyword',
    },
    {
      name: 'ticker with NUL',
      method: 'POST',
      path: ApiPath.inscriptionDetail,
      body: '{"ticker":"or\\u0000di"}',
      field: 'ticker',
    },
    {
      name: 'key with NUL',
      method: 'POST',
      path: ApiPath.usdtRate,
      body: '{"lo\\u0000cale":"en"}',
      field: '(body): a key',
    },
    {
      name: 'market symbol with NUL',
      method: 'GET',
      path: '/v1/market/ticker?symbol=BTC%00USDT',
      field: 'symbol',
    },
  ];
  for (const { name, method, path, body, field } of cases) {
    it(`refuses a ${name} with 40001 naming the field`, async () => {
      const reply = await call(gateway, method, path, body);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(GatewayCode.validationFailed);
      expect(reply.json?.msg.startsWith(field)).toBe(true);
    });
  }

  it('answers malformed escapes in a query with a 4xx', async () => {
    for (const query of ['symbol=%', 'symbol=%zz', 'symbol=%ED%A0%80', 'symbol=%C0%AF']) {
      const reply = await call(gateway, 'GET', `/v1/market/depth?${query}`);
      expect([query, reply.status]).toEqual([query, 400]);
    }
  });

  it('answers malformed escapes in the query of a call that reads none with 400 too', async () => {
    for (const query of ['x=%ZZ', '%', 'x=%E0%A4%A', '%C0%AF=1']) {
      const reply = await call(gateway, 'POST', `${ApiPath.passkeyOptions}?${query}`, '{}');
      expect([query, reply.status, reply.json?.code]).toEqual([query, 400, GatewayCode.badRequest]);
    }
    // A well-formed query is still no business of a call that reads none.
    const fine = await call(gateway, 'POST', `${ApiPath.passkeyOptions}?x=%E2%9C%93+y`, '{}');
    expect(fine.json?.code).toBe('00000');
  });

  it('refuses a sub-account name with NUL from a signed-in user', async () => {
    const user = await signedIn();
    const reply = await user.post(ApiPath.subAccountCreate, '{"userName":"a\\u0000b"}');
    expect([reply.status, reply.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });
});

describe('depth and size', () => {
  it('refuses a deeply nested tracking ext with 400, not 500', async () => {
    const event = `{"type":2,"event_tracking_id":"b1","event_tracking_ext":${nested(5_000)}}`;
    const reply = await call(gateway, 'POST', ApiPath.buriedLogInfo, `[${event}]`);
    expect([reply.status, reply.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    expect(reply.json?.msg).toContain(`deeper than ${RequestLimit.maxJsonDepth}`);
  });

  it('refuses nesting past the limit on any body, and takes it up to the limit', async () => {
    const tooDeep = await call(
      gateway,
      'POST',
      ApiPath.usdtRate,
      `{"locale":"en","x":${nested(RequestLimit.maxJsonDepth)}}`,
    );
    expect([tooDeep.status, tooDeep.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    // Within the depth, the schema speaks: the unknown field, not the depth.
    const deep = await call(
      gateway,
      'POST',
      ApiPath.usdtRate,
      `{"locale":"en","x":${nested(RequestLimit.maxJsonDepth - 2)}}`,
    );
    expect(deep.json?.msg).not.toContain('deeper');
  });

  it('refuses a body over 1 MiB with 413 and keeps serving', async () => {
    const reply = await call(
      gateway,
      'POST',
      ApiPath.usdtRate,
      `"${'x'.repeat(RequestLimit.maxBodyBytes)}"`,
    );
    expect([reply.status, reply.json?.code]).toEqual([413, GatewayCode.payloadTooLarge]);
    expect((await call(gateway, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers every route with a 4xx for hostile bodies and queries, never a 500', async () => {
    const user = await signedIn('198.51.100.30');
    const routes = createApp({
      db: gateway.db,
      config: { ...DEFAULT_APP_CONFIG, ...CHALLENGES_OFF },
    })
      .routes.filter((route) => route.method === 'GET' || route.method === 'POST')
      .filter((route) => !route.path.includes('*') && route.path !== '/healthz');
    const fields = [
      'loginName',
      'email',
      'pwd',
      'keyword',
      'ticker',
      'userName',
      'locale',
      'symbol',
      'scene',
      'apiKey',
      'orderId',
    ];
    const bodies = [
      JSON.stringify(Object.fromEntries(fields.map((field) => [field, 'a\u0000b']))),
      `{${fields.map((field) => `"${field}":"\\udc00"`).join(',')}}`,
      `{"x":${nested(200)}}`,
      '{"a":',
      '"\u0000"',
    ];
    const query = fields.map((field) => `${field}=%00`).join('&');
    const statuses: string[] = [];
    for (const route of routes) {
      if (route.method === 'GET') {
        const reply = await user.get(`${route.path}?${query}`);
        statuses.push(`GET ${route.path} ${reply.status}`);
        continue;
      }
      for (const body of bodies) {
        const reply = await user.post(route.path, body);
        statuses.push(`POST ${route.path} ${reply.status}`);
      }
    }
    expect(routes.length).toBeGreaterThan(40);
    expect(statuses.filter((line) => !/ (2\d\d|4\d\d)$/.test(line))).toEqual([]);
    expect((await call(gateway, 'GET', '/healthz')).status).toBe(200);
  });
});

describe('sub-accounts', () => {
  it('caps how many one main account creates, even when the creations race', async () => {
    const user = await signedIn();
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        user.post(ApiPath.subAccountCreate, { userName: `sub${index}` }),
      ),
    );
    const codes = replies.map((reply) => reply.json?.code).sort();
    expect(codes).toEqual(['00000', '00000', '00000', '21016', '21016', '21016']);
    const list = await user.post(ApiPath.subAccountList, {});
    expect(list.json?.data).toMatchObject({ items: [{}, {}, {}] });
  });
});

describe('per-client limits', () => {
  let limited: RunningGateway;
  beforeAll(async () => {
    limited = await startTestGateway({
      publicRateLimit: { limit: 3, windowMs: 60_000 },
      sessionRateLimit: { limit: 4, windowMs: 60_000 },
      loginPlaintextAllowed: GUARDS_RELAXED.loginPlaintextAllowed,
    });
  });
  afterAll(async () => {
    await limited.stop();
  });

  it('limits the public calls per client address, each address on its own', async () => {
    const visitor = new TestBrowser(limited, { 'x-forwarded-for': '203.0.113.20' });
    for (let index = 0; index < 3; index += 1)
      expect((await visitor.get(ApiPath.clientCommonConfig)).status).toBe(200);
    const refused = await visitor.get('/v1/market/ticker?symbol=BTCUSDT');
    expect([refused.status, refused.json?.code]).toEqual([429, GatewayCode.rateLimited]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Health checks and image files are not counted; another address has its own count.
    expect((await visitor.get('/healthz')).status).toBe(200);
    expect((await visitor.get('/images/probe.png')).status).toBe(200);
    const other = new TestBrowser(limited, { 'x-forwarded-for': '203.0.113.21' });
    expect((await other.get(ApiPath.clientCommonConfig)).status).toBe(200);
  });

  it('limits one session however many addresses it spreads over', async () => {
    const first = new TestBrowser(limited, { 'x-forwarded-for': '203.0.113.30' });
    await registerPlaintext(first, uniqueEmail('spread'));
    // The registration carried no session; from here on every call of this session counts.
    const answers: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const hop = new TestBrowser(limited, { 'x-forwarded-for': `203.0.113.${40 + index}` });
      for (const [name, value] of first.cookies) hop.cookies.set(name, value);
      answers.push((await hop.post(ApiPath.subAccountList, {})).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('reply headers', () => {
  it('marks every reply nosniff', async () => {
    for (const path of [ApiPath.clientCommonConfig, '/no/such/call', '/healthz']) {
      const reply = await call(gateway, 'GET', path);
      expect([path, reply.headers.get('x-content-type-options')]).toEqual([path, 'nosniff']);
    }
  });
});
