import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, HeaderName } from '@exchange-web/protocol/registry';
import type { GatewaySignConfig } from '@exchange-web/protocol/schemas';
import { signData } from '@exchange-web/protocol/signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryCookieJar } from '../cookie-jar';
import type { SigningOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import { ok, startLocalServer, type LocalServer, type SeenRequest } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import {
  freshDatabaseName,
  testSignConfig,
  testSigning,
  verifiesWith,
} from '../testing/signing-fixture';
import { indexedDbKeyRecords } from './key-records';

// Signed requests against a real local server; the test checks them as the gateway would, with
// node:crypto, over what the server actually received.
let server: LocalServer;
const credentials = { loginName: 'trader@example.com', pwd: 'Secret-Pass-2026' };

beforeEach(async () => {
  server = await startLocalServer();
  useConfig(testSignConfig());
  for (const path of [
    '/v1/asset/overview',
    '/v1/user/apiKey/list',
    '/v1/user/apiKey/create',
    '/v1/other',
  ])
    server.on(path, () => ok({}));
});
afterEach(async () => {
  await server.close();
});

function useConfig(config: GatewaySignConfig) {
  server.on(ApiPath.gatewaySignConfig, () => ok({ gatewaySignConfig: config }));
}

// A fresh client whose login sets the session marker, as the gateway's Set-Cookie does; pass the
// same platform to play a reload.
function client(
  signing: SigningOptions = {},
  platform = { storage: memoryStorage(), database: freshDatabaseName() },
) {
  const cookies = memoryCookieJar();
  let userId = '';
  server.on(ApiPath.login, () => {
    cookies.set(CookieName.signedIn, '1');
    return ok({ userId: 'u1', loginName: 'trader', userName: 'T', subAccount: false });
  });
  const http = quietClient(server, {
    storage: platform.storage,
    cookies,
    userId: () => userId,
    signing: testSigning(() => indexedDbKeyRecords(platform.database), signing),
  });
  return {
    http,
    platform,
    async logIn() {
      await http.post(ApiPath.login, credentials);
      userId = 'u1';
    },
    setUserId(id: string) {
      userId = id;
    },
  };
}

const header = (seen: SeenRequest | undefined, name: string) => {
  const value = seen?.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Checks a received request's signature headers as the gateway would, for a given mode. */
function expectSigned(seen: SeenRequest | undefined, mode: 0 | 1 | 2) {
  const data = signData(mode, {
    path: seen?.url ?? '',
    tm: header(seen, HeaderName.tm) ?? '',
    uhti: header(seen, HeaderName.uhti) ?? '',
    body: seen?.body ?? '',
    paptrading: header(seen, HeaderName.paptrading) ?? '',
  });
  expect(header(seen, HeaderName.deviceSignMode)).toBe(String(mode));
  expect(header(seen, HeaderName.deviceSignDataMd5)).toBe(
    createHash('md5').update(data, 'utf8').digest('hex'),
  );
  const key = header(seen, HeaderName.deviceSignKey) ?? '';
  expect(verifiesWith(key, data, header(seen, HeaderName.deviceSign) ?? '')).toBe(true);
  return key;
}

describe('core request signing', () => {
  it('signs a listed get in its mode (0), over the path and query as sent', async () => {
    const { http, logIn } = client();
    await logIn();
    await http.get('/v1/asset/overview', {
      coin: 'BTC',
      note: 'a b&c/ü',
      empty: '',
      skip: undefined,
    });
    const seen = server.hits('/v1/asset/overview').at(-1);
    expect(seen?.url).toBe('/v1/asset/overview?coin=BTC&note=a+b%26c%2F%C3%BC&empty=');
    const key = expectSigned(seen, 0);
    expect(key).toBe(JSON.parse(server.hits(ApiPath.login).at(-1)?.body ?? '{}').publicKey);
  });

  it('signs mode 1 with uhti, and arrays, dates and objects as axios would send them', async () => {
    const { http, logIn } = client();
    await logIn();
    await http.get('/v1/user/apiKey/list', {
      ids: [1, 2],
      at: new Date(Date.UTC(2026, 0, 2)),
      filter: { a: 1 },
    });
    const seen = server.hits('/v1/user/apiKey/list').at(-1);
    expect(decodeURIComponent(seen?.url ?? '')).toBe(
      '/v1/user/apiKey/list?ids[]=1&ids[]=2&at=2026-01-02T00:00:00.000Z&filter={"a":1}',
    );
    expectSigned(seen, 1);
  });

  it('signs the paptrading header of a simulation call, so it cannot be flipped', async () => {
    const { http, logIn } = client();
    await logIn();
    await http.post('/v1/asset/overview', {}, { headers: { [HeaderName.paptrading]: '1' } });
    const seen = server.hits('/v1/asset/overview').at(-1);
    expect(header(seen, HeaderName.paptrading)).toBe('1');
    const key = expectSigned(seen, 2);
    // The same request as a real-account call (header dropped) does not verify.
    const asReal = signData(2, {
      path: seen?.url ?? '',
      tm: header(seen, HeaderName.tm) ?? '',
      uhti: header(seen, HeaderName.uhti) ?? '',
      body: seen?.body ?? '',
    });
    expect(verifiesWith(key, asReal, header(seen, HeaderName.deviceSign) ?? '')).toBe(false);
  });

  it('signs a post in mode 2 over the exact body text, with a prefix-listed path', async () => {
    const { http, logIn } = client();
    await logIn();
    await http.post('/v1/user/apiKey/create', { label: 'bot ü €', ips: ['1.2.3.4'] });
    const seen = server.hits('/v1/user/apiKey/create').at(-1);
    expect(seen?.body).toBe('{"label":"bot ü €","ips":["1.2.3.4"]}');
    expect(header(seen, HeaderName.contentType)).toBe('application/json');
    expectSigned(seen, 2);
  });

  it('raises a get to the mode the config lists, and a post to 2 whatever it lists', async () => {
    useConfig(
      testSignConfig({ signModes: { '/v1/asset/overview': 2, '/v1/user/apiKey/create': 0 } }),
    );
    const { http, logIn } = client();
    await logIn();
    await http.get('/v1/asset/overview');
    expectSigned(server.hits('/v1/asset/overview').at(-1), 2);
    await http.post('/v1/user/apiKey/create', {});
    expectSigned(server.hits('/v1/user/apiKey/create').at(-1), 2);
  });

  it('takes the mode of the longest listed prefix for a path without its own', async () => {
    server.on('/v1/user/apiKey/detail', () => ok({}));
    useConfig(testSignConfig({ signModes: { '/v1/user/': 2, '/v1/user/apiKey/': 1 } }));
    const { http, logIn } = client();
    await logIn();
    await http.get('/v1/user/apiKey/detail', { id: 7 });
    expectSigned(server.hits('/v1/user/apiKey/detail').at(-1), 1);
  });

  it('signs with the key read back from IndexedDB after a reload', async () => {
    const first = client();
    await first.logIn();
    const second = client({}, first.platform);
    second.setUserId('u1');
    await second.http.get('/v1/asset/overview');
    expectSigned(server.hits('/v1/asset/overview').at(-1), 0);
  });

  it.each([
    ['an anonymous visitor', {}, '', '/v1/asset/overview'],
    ['clientOpen off', { clientOpen: false }, 'u1', '/v1/asset/overview'],
    ['an unlisted path', {}, 'u1', '/v1/other'],
  ])('leaves requests unsigned for %s', async (_case, config, userId, path) => {
    useConfig(testSignConfig(config));
    const { http, logIn, setUserId } = client();
    await logIn();
    setUserId(userId);
    await http.get(path);
    expect(header(server.hits(path).at(-1), HeaderName.deviceSign)).toBeUndefined();
  });

  it('sends unsigned when the signed-in user has no key bound (the gateway answers 00020)', async () => {
    const { http, setUserId } = client();
    setUserId('u1');
    await http.get('/v1/asset/overview');
    expect(header(server.hits('/v1/asset/overview').at(-1), HeaderName.deviceSign)).toBeUndefined();
  });

  it('sends unsigned outside a secure context', async () => {
    const { http, setUserId } = client({ isSecureContext: () => false });
    setUserId('u1');
    await http.get('/v1/asset/overview');
    expect(header(server.hits('/v1/asset/overview').at(-1), HeaderName.deviceSign)).toBeUndefined();
  });
});

describe('device check', () => {
  it('is absent on the first login, when the device has no earlier key', async () => {
    const { logIn } = client();
    await logIn();
    const seen = server.hits(ApiPath.login).at(-1);
    expect(header(seen, HeaderName.userCheckDeviceSign)).toBeUndefined();
    expect(header(seen, HeaderName.lastAlgorithm)).toBeUndefined();
  });

  it('signs the final (encrypted) login request with the earlier key, also after a reload', async () => {
    const first = client();
    await first.logIn();
    const earlierKey = JSON.parse(server.hits(ApiPath.login).at(-1)?.body ?? '{}').publicKey;
    const second = client({}, first.platform);
    await second.logIn();
    const seen = server.hits(ApiPath.login).at(-1);
    const body = JSON.parse(seen?.body ?? '{}') as Record<string, string>;
    expect(body.publicKey).toBe(earlierKey);
    expect(body.bodyCiphertext).toBeDefined();
    expect(header(seen, HeaderName.lastAlgorithm)).toBe('rsa1024');
    const data = signData(2, {
      path: seen?.url ?? '',
      tm: header(seen, HeaderName.tm) ?? '',
      uhti: header(seen, HeaderName.uhti) ?? '',
      body: seen?.body ?? '',
    });
    expect(verifiesWith(earlierKey, data, header(seen, HeaderName.userCheckDeviceSign) ?? '')).toBe(
      true,
    );
  });

  it('is only on the config userCheckDeviceUrl paths', async () => {
    server.on(ApiPath.registerEmail, () => ok(null));
    const { http, logIn } = client();
    await logIn();
    await http.post(ApiPath.registerEmail, { email: 'a@b.c', pwd: 'x', rePwd: 'x' });
    const seen = server.hits(ApiPath.registerEmail).at(-1);
    expect(JSON.parse(seen?.body ?? '{}')).toHaveProperty('bodyCiphertext');
    expect(header(seen, HeaderName.userCheckDeviceSign)).toBeUndefined();
  });

  it('still proves the earlier key when the login goes unencrypted', async () => {
    const platform = { storage: memoryStorage(), database: freshDatabaseName() };
    await client({}, platform).logIn();
    useConfig(testSignConfig({ serverPublicKeySign: '' }));
    const second = client({}, platform);
    await second.logIn();
    const seen = server.hits(ApiPath.login).at(-1);
    expect(JSON.parse(seen?.body ?? '{}')).toEqual(credentials);
    expect(header(seen, HeaderName.userCheckDeviceSign)).toBeDefined();
  });
});
