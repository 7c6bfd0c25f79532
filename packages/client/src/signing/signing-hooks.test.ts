import 'fake-indexeddb/auto';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, HeaderName, SessionStorageKey } from '@exchange-web/protocol/registry';
import { signData } from '@exchange-web/protocol/signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryCookieJar } from '../cookie-jar';
import type { HttpClientOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import type { CallerHook } from '../request/hooks';
import { ok, startLocalServer, type LocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import { freshDatabaseName, testSignConfig, verifiesWith } from '../testing/signing-fixture';
import { TEST_TRUST_ROOT_PUBLIC_KEY } from '../testing/test-trust-root';
import { indexedDbKeyRecords, memoryKeyRecords } from './key-records';
import { SIGNING_SLOTS } from './lazy-signing-hooks';
import { createSigningHooks } from './signing-hooks';

const signing = () =>
  createSigningHooks({
    fetchConfig: async () => ({ gatewaySignConfig: testSignConfig() }),
    notify: () => undefined,
    endSession: async () => undefined,
    trustRootPublicKey: TEST_TRUST_ROOT_PUBLIC_KEY,
    sessionStorage: memoryStorage(),
    storage: memoryStorage(),
    openKeyRecords: async () => memoryKeyRecords(),
    cookies: memoryCookieJar(),
  });

describe('the signing hooks', () => {
  it('fill the four signing slots, one hook each', () => {
    expect(
      signing()
        .hooks.map((hook) => hook.slot)
        .sort(),
    ).toEqual([...SIGNING_SLOTS].sort());
  });

  it('runs the signing setup ahead of need with prepare()', async () => {
    const hooks = signing();
    await hooks.prepare();
    expect(await hooks.keyPairs.current()).toBeDefined();
    expect(await hooks.signConfig.serverKey()).toMatchObject({ ok: true });
    await hooks.keyPairs.idle();
    expect(await hooks.keyPairs.backup()).toBeDefined();
  });
});

describe('signing in the wrapper', () => {
  let server: LocalServer;
  beforeEach(async () => {
    server = await startLocalServer();
    server.on(ApiPath.gatewaySignConfig, () => ok({ gatewaySignConfig: testSignConfig() }));
    server.on('/v1/asset/overview', () => ok({}));
  });
  afterEach(async () => {
    await server.close();
  });

  const client = (options: HttpClientOptions = {}) => {
    const cookies = memoryCookieJar();
    let userId = '';
    server.on(ApiPath.login, () => {
      cookies.set(CookieName.signedIn, '1');
      userId = 'u1';
      return ok({ userId: 'u1', loginName: 'a', userName: 'a', subAccount: false });
    });
    return quietClient(server, { cookies, userId: () => userId, ...options });
  };
  const signingOptions = () => ({
    trustRootPublicKey: TEST_TRUST_ROOT_PUBLIC_KEY,
    sessionStorage: memoryStorage(),
    openKeyRecords: () => indexedDbKeyRecords(freshDatabaseName()),
  });

  it('is off unless asked for: no config call, plain login, no signature', async () => {
    const http = client();
    await http.post(ApiPath.login, { loginName: 'a', pwd: 'b' });
    await http.get('/v1/asset/overview');
    expect(server.hits(ApiPath.gatewaySignConfig)).toHaveLength(0);
    expect(JSON.parse(server.hits(ApiPath.login)[0]?.body ?? '')).toEqual({
      loginName: 'a',
      pwd: 'b',
    });
    expect(server.hits('/v1/asset/overview')[0]?.headers[HeaderName.deviceSign]).toBeUndefined();
  });

  it('caches the config in the session storage it is given', async () => {
    const options = signingOptions();
    await client({ signing: options }).post(ApiPath.login, { loginName: 'a', pwd: 'b' });
    expect(options.sessionStorage.getItem(SessionStorageKey.gatewaySignConfig)).toContain(
      '"clientOpen":true',
    );
  });

  it('signs after every caller hook, so a body a caller hook changed is what is signed', async () => {
    const late: CallerHook = {
      slot: 'caller-request',
      beforeRequest(request) {
        if (request.method === 'GET') request.query = { ...request.query, added: 'late' };
      },
    };
    const http = client({ signing: signingOptions(), hooks: [late] });
    await http.post(ApiPath.login, { loginName: 'a', pwd: 'b' });
    await http.get('/v1/asset/overview', { coin: 'BTC' });
    const seen = server.hits('/v1/asset/overview').at(-1);
    expect(seen?.url).toBe('/v1/asset/overview?coin=BTC&added=late');
    const header = (name: string) => String(seen?.headers[name.toLowerCase()]);
    const data = signData(0, {
      path: seen?.url ?? '',
      tm: header(HeaderName.tm),
      uhti: '',
      body: '',
    });
    expect(
      verifiesWith(header(HeaderName.deviceSignKey), data, header(HeaderName.deviceSign)),
    ).toBe(true);
  });
});
