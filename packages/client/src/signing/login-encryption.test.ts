import 'fake-indexeddb/auto';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, HeaderName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { readLoginFreshness } from '@exchange-web/protocol/signing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryCookieJar } from '../cookie-jar';
import type { SigningOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import { fail, ok, startLocalServer, type LocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import {
  decryptBodyCiphertext,
  freshDatabaseName,
  serverKeys,
  signServerKey,
  testSignConfig,
  testSigning,
  vectors,
  verifiesWith,
} from '../testing/signing-fixture';
import type { FailureDetail, FailureEventName } from './failure-report';
import { indexedDbKeyRecords } from './key-records';

// Through the wrapper against a real local server: what it received is what left the browser.
let server: LocalServer;
let events: { event: FailureEventName; detail: FailureDetail }[];
const credentials = { loginName: 'trader@example.com', pwd: 'Secret-Pass-2026', remember: true };
const sessionReply = {
  userId: 'u1',
  loginName: 'trader@example.com',
  userName: 'T',
  subAccount: false,
};

beforeEach(async () => {
  server = await startLocalServer();
  events = [];
  server.on(ApiPath.gatewaySignConfig, () => ok({ gatewaySignConfig: testSignConfig() }));
  server.on(ApiPath.login, () => ok(sessionReply));
  server.on(ApiPath.registerEmail, () => ok(sessionReply));
});
afterEach(async () => {
  await server.close();
});

// A fresh client per call; pass the same storages to play a reload.
function client(
  signing: SigningOptions = {},
  platform = {
    storage: memoryStorage(),
    cookies: memoryCookieJar(),
    database: freshDatabaseName(),
  },
) {
  const http = quietClient(server, {
    storage: platform.storage,
    cookies: platform.cookies,
    signing: testSigning(() => indexedDbKeyRecords(platform.database), {
      reportFailure: (event, detail) => events.push({ event, detail }),
      ...signing,
    }),
  });
  return { http, ...platform };
}

const lastBody = (path: string) =>
  JSON.parse(server.hits(path).at(-1)?.body ?? 'null') as Record<string, unknown>;

/** What the gateway reads from a bodyCiphertext: the login fields and the freshness fields. */
function decryptLogin(bodyCiphertext: unknown) {
  const decrypted = decryptBodyCiphertext(String(bodyCiphertext)) as Record<string, unknown>;
  const read = readLoginFreshness(decrypted);
  if (!read.ok) throw new Error(read.message);
  return read;
}

describe('login encryption', () => {
  it('sends the listed fields only inside bodyCiphertext, which the server decrypts', async () => {
    const { http } = client();
    await http.post(ApiPath.login, credentials);
    const seen = server.hits(ApiPath.login).at(-1);
    expect(seen?.body).not.toContain('trader@example.com');
    expect(seen?.body).not.toContain('Secret-Pass-2026');
    const body = lastBody(ApiPath.login);
    expect(Object.keys(body).sort()).toEqual(
      ['algorithm', 'bodyCiphertext', 'initSign', 'publicKey', 'remember'].sort(),
    );
    expect(body).toMatchObject({ remember: true, algorithm: 'rsa1024' });
    expect(decryptLogin(body.bodyCiphertext).fields).toEqual({
      loginName: 'trader@example.com',
      pwd: 'Secret-Pass-2026',
    });
    // initSign proves the sender holds the key it sends, for this very ciphertext.
    expect(
      verifiesWith(String(body.publicKey), String(body.bodyCiphertext), String(body.initSign)),
    ).toBe(true);
    expect(events).toEqual([]);
  });

  it('uses a fresh AES key and IV for every request, and the same client key', async () => {
    const { http } = client();
    await http.post(ApiPath.login, credentials);
    await http.post(ApiPath.login, credentials);
    const [first, second] = server
      .hits(ApiPath.login)
      .map((hit) => JSON.parse(hit.body) as Record<string, string>);
    expect(first?.bodyCiphertext).not.toBe(second?.bodyCiphertext);
    expect(first?.bodyCiphertext?.split('.')[1]).not.toBe(second?.bodyCiphertext?.split('.')[1]);
    expect(first?.publicKey).toBe(second?.publicKey);
  });

  it('puts bodyTime and a random bodyNonce inside, beside the fields and nowhere else', async () => {
    const { http } = client();
    await http.post(ApiPath.login, credentials);
    await http.post(ApiPath.login, credentials);
    const [first, second] = server.hits(ApiPath.login).map((hit) => {
      const body = JSON.parse(hit.body) as Record<string, unknown>;
      expect(body).not.toHaveProperty('bodyTime');
      expect(body).not.toHaveProperty('bodyNonce');
      // bodyTime is the request's tm, the clock the signing uses too.
      const read = decryptLogin(body.bodyCiphertext);
      expect(read.freshness.time).toBe(Number(hit.headers[HeaderName.tm]));
      return read.freshness;
    });
    expect(first?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.nonce).not.toBe(second?.nonce);
  });

  it('takes bodyTime from the server-corrected clock, not the local one', async () => {
    // The gateway's clock is an hour ahead: every reply says so in requesttime (SPEC 7).
    const serverAhead = 3_600_000;
    server.on(ApiPath.gatewaySignConfig, () => ({
      ...ok({ gatewaySignConfig: testSignConfig() }),
      headers: { [HeaderName.requestTime]: String(Date.now() + serverAhead) },
    }));
    const { http } = client();
    // The config call (made ahead of need, as pages do) is what the clock learns the offset from.
    await http.prepareSigning();
    const before = Date.now();
    await http.post(ApiPath.login, credentials);
    const { time } = decryptLogin(lastBody(ApiPath.login).bodyCiphertext).freshness;
    expect(time).toBeGreaterThanOrEqual(before + serverAhead - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + serverAhead + 1000);
  });

  it('makes rsa2048 keys when the config says so', async () => {
    server.on(ApiPath.gatewaySignConfig, () =>
      ok({ gatewaySignConfig: testSignConfig({ defaultAlgorithm: 'rsa2048' }) }),
    );
    await client().http.post(ApiPath.login, credentials);
    expect(lastBody(ApiPath.login)).toMatchObject({ algorithm: 'rsa2048' });
    expect(String(lastBody(ApiPath.login).publicKey).length).toBeGreaterThan(
      vectors.keys.clientRsa1024.publicKey.length,
    );
  });

  it('leaves other paths and gets alone', async () => {
    server.on('/v1/user/loginx', () => ok(null));
    const { http } = client();
    await http.post('/v1/user/loginx', credentials);
    expect(lastBody('/v1/user/loginx')).toEqual(credentials);
  });

  it.each([
    [
      'a signature by another key',
      {
        serverPublicKeySign: signServerKey(
          serverKeys.publicKey,
          vectors.keys.clientRsa2048.privateKeyPem,
        ),
      },
      'serverKeySignatureInvalid',
    ],
    [
      'a signature over another key',
      { serverPublicKeySign: signServerKey(vectors.keys.clientRsa1024.publicKey) },
      'serverKeySignatureInvalid',
    ],
    ['no signature', { serverPublicKeySign: '' }, 'serverKeyUnsigned'],
  ])(
    'sends the plain body and logs loginEncryptFailed with %s',
    async (_case, overrides, reason) => {
      server.on(ApiPath.gatewaySignConfig, () =>
        ok({ gatewaySignConfig: testSignConfig(overrides) }),
      );
      await client().http.post(ApiPath.login, credentials);
      expect(lastBody(ApiPath.login)).toEqual(credentials);
      expect(events).toContainEqual({
        event: 'loginEncryptFailed',
        detail: { reason, path: ApiPath.login },
      });
    },
  );

  it('sends the plain body when the page is not a secure context', async () => {
    await client({ isSecureContext: () => false }).http.post(ApiPath.login, credentials);
    expect(lastBody(ApiPath.login)).toEqual(credentials);
    expect(events).toEqual([
      { event: 'loginEncryptFailed', detail: { reason: 'insecureContext', path: ApiPath.login } },
    ]);
  });

  it('sends the plain body when the config cannot be loaded', async () => {
    server.on(ApiPath.gatewaySignConfig, () => ({ status: 500, raw: 'down' }));
    await client().http.post(ApiPath.login, credentials);
    expect(lastBody(ApiPath.login)).toEqual(credentials);
    expect(events.map(({ event, detail }) => [event, detail.reason])).toEqual([
      ['loginEncryptFailed', 'configUnavailable'],
      ['loginEncryptFailed', 'configUnavailable'],
    ]);
  });

  it('sends the plain body when no key pair can be made, logging genKeypairFailed too', async () => {
    const failure = new Error('OperationError');
    await client({ generateKeyPair: () => Promise.reject(failure) }).http.post(
      ApiPath.login,
      credentials,
    );
    expect(lastBody(ApiPath.login)).toEqual(credentials);
    expect(events).toEqual([
      { event: 'genKeypairFailed', detail: { reason: 'keyGenerationFailed', cause: failure } },
      {
        event: 'loginEncryptFailed',
        detail: { reason: 'keyPairUnavailable', path: ApiPath.login },
      },
    ]);
  });

  it('fetches the config once for many logins, skipping the signing hooks', async () => {
    const { http } = client();
    await http.post(ApiPath.login, credentials);
    await http.post(ApiPath.registerEmail, { email: 'a@b.c', pwd: 'x', rePwd: 'x' });
    expect(server.hits(ApiPath.gatewaySignConfig)).toHaveLength(1);
    expect(decryptLogin(lastBody(ApiPath.registerEmail).bodyCiphertext).fields).toEqual({
      email: 'a@b.c',
      pwd: 'x',
      rePwd: 'x',
    });
  });

  it('refetches the config and encrypts again, once, when the server key is outdated (21013)', async () => {
    let logins = 0;
    server.on(ApiPath.login, () =>
      (logins += 1) === 1 ? fail('21013', 'Server key outdated', 400) : ok(sessionReply),
    );
    await expect(client().http.post(ApiPath.login, credentials)).resolves.toEqual(sessionReply);
    expect(server.hits(ApiPath.gatewaySignConfig)).toHaveLength(2);
    expect(server.hits(ApiPath.login)).toHaveLength(2);
    expect(decryptLogin(lastBody(ApiPath.login).bodyCiphertext).fields).toEqual({
      loginName: credentials.loginName,
      pwd: credentials.pwd,
    });
    // The retry is a new body: its own time and nonce.
    const [first, retried] = server
      .hits(ApiPath.login)
      .map((hit) => decryptLogin((JSON.parse(hit.body) as Record<string, unknown>).bodyCiphertext));
    expect(retried?.freshness.nonce).not.toBe(first?.freshness.nonce);
    server.on(ApiPath.login, () => fail('21013', 'Server key outdated', 400));
    await expect(client().http.post(ApiPath.login, credentials)).rejects.toMatchObject({
      code: '21013',
    });
  });

  it('encrypts again, once, with a new time and nonce when the body was stale (21014)', async () => {
    let logins = 0;
    server.on(ApiPath.login, () =>
      (logins += 1) === 1 ? fail('21014', 'stale', 400) : ok(sessionReply),
    );
    await expect(client().http.post(ApiPath.login, credentials)).resolves.toEqual(sessionReply);
    const [first, retried] = server
      .hits(ApiPath.login)
      .map((hit) => decryptLogin((JSON.parse(hit.body) as Record<string, unknown>).bodyCiphertext));
    expect(retried?.freshness.nonce).not.toBe(first?.freshness.nonce);
    expect(retried?.fields).toEqual(first?.fields);
    server.on(ApiPath.login, () => fail('21014', 'stale', 400));
    await expect(client().http.post(ApiPath.login, credentials)).rejects.toMatchObject({
      code: '21014',
    });
  });

  it('passes a refusal of the login through unchanged', async () => {
    server.on(ApiPath.login, () => fail('21003', 'Wrong login name or password'));
    await expect(client().http.post(ApiPath.login, credentials)).rejects.toMatchObject({
      code: '21003',
    });
  });
});

describe('binding the key pair to the user (SPEC 4)', () => {
  const metadata = (storage: ReturnType<typeof memoryStorage>) =>
    JSON.parse(storage.getItem(LocalStorageKey.signKeyPair) ?? 'null') as Record<string, unknown>;

  it('binds the key sent after a login reply with a userId while the session marker exists', async () => {
    const platform = {
      storage: memoryStorage(),
      cookies: memoryCookieJar(),
      database: freshDatabaseName(),
    };
    server.on(ApiPath.login, () => {
      platform.cookies.set(CookieName.signedIn, '1');
      return ok(sessionReply);
    });
    await client({}, platform).http.post(ApiPath.login, credentials);
    expect(metadata(platform.storage)).toMatchObject({
      boundUserId: 'u1',
      publicKey: lastBody(ApiPath.login).publicKey,
    });
  });

  it('moves the pair to the user a switch goes to only when it was bound to the user it left', async () => {
    const platform = {
      storage: memoryStorage(),
      cookies: memoryCookieJar({ [CookieName.signedIn]: '1' }),
      database: freshDatabaseName(),
    };
    const sub = { userId: 's1', loginName: 'desk@sub.u1', userName: 'desk', subAccount: true };
    server.on(ApiPath.subAccountSwitch, () => ok(sub));
    server.on(ApiPath.subAccountSwitchBack, () => ok(sessionReply));
    let userId = '';
    const http = quietClient(server, {
      storage: platform.storage,
      cookies: platform.cookies,
      userId: () => userId,
      signing: testSigning(() => indexedDbKeyRecords(platform.database)),
    });
    // A switch before any login binds nothing: the gateway keeps the login's key, not this one.
    userId = 'u1';
    await http.post(ApiPath.subAccountSwitch, { userId: 's1' });
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: '' });

    userId = '';
    await http.post(ApiPath.login, credentials);
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: 'u1' });
    userId = 'u1';
    await http.post(ApiPath.subAccountSwitch, { userId: 's1' });
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: 's1' });
    userId = 's1';
    await http.post(ApiPath.subAccountSwitchBack, {});
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: 'u1' });
    // The same key went out with the login and both switches.
    const keys = [ApiPath.login, ApiPath.subAccountSwitch, ApiPath.subAccountSwitchBack].map(
      (path) => lastBody(path).publicKey,
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('does not bind without the session marker cookie', async () => {
    const platform = {
      storage: memoryStorage(),
      cookies: memoryCookieJar(),
      database: freshDatabaseName(),
    };
    await client({}, platform).http.post(ApiPath.login, credentials);
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: '' });
  });

  it('does not bind after a reply without a userId, nor after a plain (unencrypted) login', async () => {
    const platform = {
      storage: memoryStorage(),
      cookies: memoryCookieJar({ [CookieName.signedIn]: '1' }),
      database: freshDatabaseName(),
    };
    server.on(ApiPath.login, () => ok({ needVerify: true }));
    await client({}, platform).http.post(ApiPath.login, credentials);
    expect(metadata(platform.storage)).toMatchObject({ boundUserId: '' });

    server.on(ApiPath.login, () => ok(sessionReply));
    server.on(ApiPath.gatewaySignConfig, () =>
      ok({ gatewaySignConfig: testSignConfig({ serverPublicKeySign: '' }) }),
    );
    await client({}, { ...platform, storage: memoryStorage() }).http.post(
      ApiPath.login,
      credentials,
    );
    expect(lastBody(ApiPath.login)).toEqual(credentials);
  });
});
