import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName } from '@exchange-web/protocol/registry';
import { sessionReplySchema } from '@exchange-web/protocol/schemas';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import vectors from '@exchange-web/protocol/vectors/signing.json';
import { sweepExpired } from '../src/accounts/sweep';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG } from '../src/config';
import type { RunningGateway } from '../src/server';
import {
  deviceCheckHeaders,
  encryptText,
  encryptedBody,
  envelope,
  fetchSignConfig,
  newClientKey,
  newFreshness,
  SigningClient,
  type ClientKeyPair,
} from './signing-client';
import {
  CHALLENGES_OFF,
  STRONG_PASSWORD,
  TestBrowser,
  parseSetCookie,
  registrationBody,
  startTestGateway,
  uniqueEmail,
} from './support';

/** These gateways send no mail: their logins, from new devices, are finished without a code. */
const NO_NEW_DEVICE_CODE = { newDeviceVerify: false } as const;

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The keys bound to the session the browser's cookies belong to. */
async function boundKeys(browser: TestBrowser): Promise<string[]> {
  const token = browser.cookies.get('token') ?? '';
  const rows = await gateway.db.query<{ public_key: string }>(
    `SELECT k.public_key FROM session_sign_keys k JOIN sessions s USING (session_id)
     WHERE s.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') ORDER BY k.bound_at`,
    [token],
  );
  return rows.map((row) => row.public_key);
}

async function deviceKeys(userId: string): Promise<string[]> {
  const rows = await gateway.db.query<{ public_key: string }>(
    'SELECT public_key FROM user_device_keys WHERE user_id = $1 ORDER BY first_seen_at',
    [userId],
  );
  return rows.map((row) => row.public_key);
}

/** Registers a user by email with an encrypted body; answers the client and the user id. */
async function registerEncrypted(key?: ClientKeyPair) {
  const client = key
    ? new SigningClient(new TestBrowser(gateway), key)
    : await SigningClient.create(gateway);
  const email = uniqueEmail('crypto');
  const response = await client.postEncrypted(ApiPath.registerEmail, registrationBody(email));
  expect(response.json?.code).toBe('00000');
  return { client, email, userId: sessionReplySchema.parse(response.json?.data).userId };
}

describe('encrypted login and registration', () => {
  it('registers from an encrypted body and binds the client key to the new session', async () => {
    const { client, userId } = await registerEncrypted();
    expect(await boundKeys(client.browser)).toEqual([client.key.publicKey]);
    expect(await deviceKeys(userId)).toEqual([client.key.publicKey]);
  });

  it('logs in from an encrypted body, binding that login’s key to its session only', async () => {
    const { client, email, userId } = await registerEncrypted();
    const laptop = await SigningClient.create(gateway, 'rsa2048');
    const response = await laptop.postEncrypted(ApiPath.login, {
      loginName: email,
      pwd: STRONG_PASSWORD,
    });
    expect(response.status).toBe(200);
    const reply = sessionReplySchema.parse(response.json?.data);
    expect(reply).toEqual({
      userId,
      loginName: email,
      userName: reply.userName,
      subAccount: false,
    });
    expect(await boundKeys(laptop.browser)).toEqual([laptop.key.publicKey]);
    expect(await deviceKeys(userId)).toEqual([client.key.publicKey, laptop.key.publicKey]);
  });

  it('registers by mobile with every field encrypted', async () => {
    const client = await SigningClient.create(gateway);
    const mobile = String(Math.floor(Math.random() * 1e9)).padStart(9, '7');
    const response = await client.postEncrypted(ApiPath.registerMobile, {
      areaCode: '+44',
      mobile,
      pwd: STRONG_PASSWORD,
    });
    expect(response.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(response.json?.data).loginName).toBe(`+44 ${mobile}`);
  });

  it('checks the password it decrypted like any other (21003)', async () => {
    const { email } = await registerEncrypted();
    const other = await SigningClient.create(gateway);
    const response = await other.postEncrypted(ApiPath.login, { loginName: email, pwd: 'wrong-1' });
    expect(response.status).toBe(401);
    expect(response.json?.code).toBe(AccountCode.wrongCredentials);
  });

  it('accepts the shared test vector once its server key is the gateway’s', async () => {
    const { loginEncryption: vector, keys } = vectors;
    // The vector's bodyTime is fixed: a gateway whose window reaches it (ten years either way).
    const lenient = createApp({
      db: gateway.db,
      config: {
        ...DEFAULT_APP_CONFIG,
        ...CHALLENGES_OFF,
        ...NO_NEW_DEVICE_CODE,
        loginFreshnessMs: 10 * 365 * 86_400_000,
      },
    });
    const plain = await new TestBrowser(gateway).post(ApiPath.registerEmail, {
      email: vector.fields.loginName,
      pwd: vector.fields.pwd,
    });
    expect(plain.json?.code).toBe('00000');
    await gateway.db.transaction(async (tx) => {
      await tx.query('UPDATE sign_server_keys SET retired_at = now() WHERE retired_at IS NULL');
      await tx.query('INSERT INTO sign_server_keys (public_key, private_key_pem) VALUES ($1, $2)', [
        keys.server.publicKey,
        keys.server.privateKeyPem,
      ]);
    });
    const post = () =>
      lenient.request(ApiPath.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          bodyCiphertext: vector.bodyCiphertext,
          algorithm: vector.algorithm,
          publicKey: vector.publicKey,
          initSign: vector.initSign,
        }),
      });
    const response = await post();
    const json = (await response.json()) as { code: string; data: unknown };
    expect(json.code).toBe('00000');
    expect(sessionReplySchema.parse(json.data).loginName).toBe(vector.fields.loginName);
    const browser = new TestBrowser(gateway);
    for (const cookie of response.headers.getSetCookie().map(parseSetCookie)) {
      browser.cookies.set(cookie.name, cookie.value);
    }
    expect(await boundKeys(browser)).toEqual([vector.publicKey]);
    const config = (await (await lenient.request(ApiPath.gatewaySignConfig)).json()) as {
      data: { gatewaySignConfig: { serverPublicKey: string } };
    };
    expect(config.data.gatewaySignConfig.serverPublicKey).toBe(keys.server.publicKey);
    // Its nonce is used now: the vector is taken once.
    expect(await (await post()).json()).toMatchObject({
      code: AccountCode.loginCiphertextReplayed,
    });
  });
});

describe('plaintext login bodies', () => {
  it('takes one while allowed, warns with the path and no secret, and binds no key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const warned = createApp({
      db: gateway.db,
      config: {
        ...DEFAULT_APP_CONFIG,
        ...CHALLENGES_OFF,
        ...NO_NEW_DEVICE_CODE,
        loginPlaintextAllowed: true,
      },
    });
    const { email } = await registerEncrypted();
    const response = await warned.request(ApiPath.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: email, pwd: STRONG_PASSWORD }),
    });
    expect(((await response.json()) as { code: string }).code).toBe('00000');
    expect(warn).toHaveBeenCalledTimes(1);
    const [message] = warn.mock.calls[0] ?? [];
    expect(message).toContain(ApiPath.login);
    expect(message).not.toContain(STRONG_PASSWORD);
    expect(message).not.toContain(email);

    const browser = new TestBrowser(gateway);
    await browser.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(browser.cookies.get('token')).toBeDefined();
    expect(await boundKeys(browser)).toEqual([]);
  });

  it('refuses one with 21011 when the gateway requires encryption, and takes an encrypted one', async () => {
    const strict = createApp({
      db: gateway.db,
      config: {
        ...DEFAULT_APP_CONFIG,
        ...CHALLENGES_OFF,
        ...NO_NEW_DEVICE_CODE,
        loginPlaintextAllowed: false,
      },
    });
    const { email } = await registerEncrypted();
    const post = (body: unknown) =>
      strict.request(ApiPath.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const plain = await post({ loginName: email, pwd: STRONG_PASSWORD });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ code: AccountCode.loginEncryptionRequired });
    expect(plain.headers.get('set-cookie')).toBeNull();

    const key = await newClientKey();
    const { serverPublicKey } = await fetchSignConfig(gateway);
    const encrypted = await post(
      encryptedBody(key, serverPublicKey, { loginName: email, pwd: STRONG_PASSWORD }),
    );
    expect(await encrypted.json()).toMatchObject({ code: '00000' });
  });
});

describe('refusals of an encrypted body', () => {
  let key: ClientKeyPair;
  let otherKey: ClientKeyPair;
  let serverPublicKey: string;
  let email: string;
  const otherServerKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');

  beforeAll(async () => {
    [key, otherKey] = await Promise.all([newClientKey(), newClientKey()]);
    serverPublicKey = (await fetchSignConfig(gateway)).serverPublicKey;
    email = (await registerEncrypted()).email;
  });

  const login = () => ({ loginName: email, pwd: STRONG_PASSWORD });
  const wrappedPart = () => encryptText(serverPublicKey, '{}').split('.')[0] ?? '';

  it.each<[string, () => unknown, number, string]>([
    ['a body that is not JSON', () => '{"bodyCiphertext":', 400, GatewayCode.badRequest],
    [
      'a bodyCiphertext of no known form',
      () => envelope(key, 'not-a-ciphertext'),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'a bodyCiphertext that is not base64',
      () => envelope(key, '@@@@.AAAA'),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'a key wrapped for another server key',
      () => envelope(key, encryptText(otherServerKey, JSON.stringify(login()))),
      400,
      AccountCode.loginServerKeyOutdated,
    ],
    [
      'a ciphertext that is not whole AES blocks',
      () => envelope(key, `${wrappedPart()}.${Buffer.alloc(15).toString('base64')}`),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'a plaintext that is not JSON',
      () => envelope(key, encryptText(serverPublicKey, 'loginName=x')),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'a plaintext that is a JSON array',
      () => envelope(key, encryptText(serverPublicKey, '[1,2]')),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'no algorithm',
      () => ({ ...encryptedBody(key, serverPublicKey, login()), algorithm: undefined }),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'an unknown algorithm',
      () => ({ ...encryptedBody(key, serverPublicKey, login()), algorithm: 'rsa4096' }),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'an initSign by another key',
      () => ({
        ...encryptedBody(key, serverPublicKey, login()),
        initSign: encryptedBody(otherKey, serverPublicKey, login()).initSign,
      }),
      401,
      ErrorCode.signInvalid,
    ],
    [
      'an initSign that is not base64',
      () => ({ ...encryptedBody(key, serverPublicKey, login()), initSign: 'x!' }),
      401,
      ErrorCode.signInvalid,
    ],
    [
      'a publicKey that is no key',
      () => ({ ...encryptedBody(key, serverPublicKey, login()), publicKey: 'AAAA' }),
      401,
      ErrorCode.signInvalid,
    ],
    [
      'a publicKey of another size than its algorithm',
      () => ({ ...encryptedBody(key, serverPublicKey, login()), algorithm: 'rsa2048' }),
      401,
      ErrorCode.signInvalid,
    ],
    [
      'an encrypted field sent in clear beside the ciphertext',
      () => encryptedBody(key, serverPublicKey, { loginName: email }, { pwd: STRONG_PASSWORD }),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'a field sent both inside and beside the ciphertext',
      () => encryptedBody(key, serverPublicKey, { ...login(), locale: 'en' }, { locale: 'en' }),
      400,
      AccountCode.loginCiphertextInvalid,
    ],
    [
      'an unknown field inside the ciphertext',
      () => encryptedBody(key, serverPublicKey, { ...login(), referrer: 'x' }),
      400,
      GatewayCode.validationFailed,
    ],
    [
      'a missing field inside the ciphertext',
      () => encryptedBody(key, serverPublicKey, { loginName: email }),
      400,
      GatewayCode.validationFailed,
    ],
  ])('refuses %s with its code and signs nobody in', async (_case, make, status, code) => {
    const body = make();
    const response = await new TestBrowser(gateway).post(ApiPath.login, body);
    expect(response.status).toBe(status);
    expect(response.json?.code).toBe(code);
    expect(response.cookies).toEqual([]);
    if (code === ErrorCode.signInvalid) {
      expect(response.headers.get(HeaderName.gwSignError)).toBe('init-sign');
    }
  });

  it('names the field it refuses', async () => {
    const response = await new TestBrowser(gateway).post(
      ApiPath.login,
      encryptedBody(key, serverPublicKey, { loginName: email }, { pwd: STRONG_PASSWORD }),
    );
    expect(response.json?.msg).toContain('pwd');
    const missing = await new TestBrowser(gateway).post(
      ApiPath.login,
      encryptedBody(key, serverPublicKey, { loginName: email }),
    );
    expect(missing.json?.msg).toContain('pwd');
  });
});

describe('freshness of an encrypted body', () => {
  let email: string;
  let key: ClientKeyPair;
  let serverPublicKey: string;
  beforeAll(async () => {
    email = (await registerEncrypted()).email;
    key = await newClientKey();
    serverPublicKey = (await fetchSignConfig(gateway)).serverPublicKey;
  });
  const loginBody = (freshness: Parameters<typeof encryptedBody>[4] = {}) =>
    JSON.stringify(
      encryptedBody(
        key,
        serverPublicKey,
        { loginName: email, pwd: STRONG_PASSWORD },
        {},
        freshness,
      ),
    );
  const send = (body: string) => new TestBrowser(gateway).send('POST', ApiPath.login, body);

  it('refuses a captured body sent again: 21015 with HTTP 409, signing nobody in', async () => {
    const liveSessions = async () =>
      (
        await gateway.db.query<{ live: number }>(
          `SELECT count(*)::int AS live FROM sessions s JOIN users u USING (user_id)
           WHERE u.login_name = $1 AND s.ended_reason IS NULL`,
          [email],
        )
      )[0]?.live;
    const captured = loginBody();
    const first = await send(captured);
    expect(first.json?.code).toBe('00000');
    const before = await liveSessions();
    const replayed = await send(captured);
    expect(replayed.status).toBe(409);
    expect(replayed.json?.code).toBe(AccountCode.loginCiphertextReplayed);
    expect(replayed.json?.msg).toContain('bodyNonce');
    expect(replayed.cookies).toEqual([]);
    // The replay started no session and ended none: the captured body's is the user's still.
    expect(await liveSessions()).toBe(before);
  });

  it('lets exactly one of many concurrent sends of one body through', async () => {
    const captured = loginBody();
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(captured)));
    const codes = replies.map((reply) => reply.json?.code).sort();
    expect(codes).toEqual(['00000', ...Array<string>(5).fill(AccountCode.loginCiphertextReplayed)]);
  });

  it('refuses a replay on another gateway sharing the database', async () => {
    const other = createApp({
      db: gateway.db,
      config: { ...DEFAULT_APP_CONFIG, ...CHALLENGES_OFF },
    });
    const captured = loginBody();
    expect((await send(captured)).json?.code).toBe('00000');
    const there = await other.request(ApiPath.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: captured,
    });
    expect(there.status).toBe(409);
    expect(await there.json()).toMatchObject({ code: AccountCode.loginCiphertextReplayed });
  });

  it.each([
    ['older than the window', -DEFAULT_APP_CONFIG.loginFreshnessMs - 5000],
    ['ahead of the window', DEFAULT_APP_CONFIG.loginFreshnessMs + 5000],
    ['minutes old', -10 * 60_000],
  ])('refuses a body %s: 21014 with HTTP 400', async (_case, offset) => {
    const stale = await send(loginBody({ time: Date.now() + offset }));
    expect(stale.status).toBe(400);
    expect(stale.json?.code).toBe(AccountCode.loginCiphertextStale);
    expect(stale.json?.msg).toContain('bodyTime');
    expect(stale.cookies).toEqual([]);
  });

  it('takes a body just inside the window either way', async () => {
    const margin = DEFAULT_APP_CONFIG.loginFreshnessMs - 10_000;
    for (const offset of [-margin, margin]) {
      expect((await send(loginBody({ time: Date.now() + offset }))).json?.code).toBe('00000');
    }
  });

  it('refuses a stale body even when its nonce is new, and a replayed one even when fresh', async () => {
    const { nonce } = newFreshness();
    const stale = await send(loginBody({ time: Date.now() - 3 * 60_000, nonce }));
    expect(stale.json?.code).toBe(AccountCode.loginCiphertextStale);
    // A stale body does not use its nonce up: judged before the claim.
    expect((await send(loginBody({ nonce }))).json?.code).toBe('00000');
    expect((await send(loginBody({ nonce }))).json?.code).toBe(AccountCode.loginCiphertextReplayed);
  });

  it.each<[string, () => unknown]>([
    ['no freshness fields inside', () => JSON.parse(loginBody('none'))],
    [
      'a freshness field beside the ciphertext',
      () => ({ ...(JSON.parse(loginBody()) as object), bodyNonce: newFreshness().nonce }),
    ],
    ['a nonce that is not hex', () => JSON.parse(loginBody({ nonce: 'z'.repeat(32) }))],
  ])('refuses %s with 21012', async (_case, make) => {
    const response = await new TestBrowser(gateway).post(ApiPath.login, make());
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(AccountCode.loginCiphertextInvalid);
  });

  it('refuses a replayed switch body too', async () => {
    const { client } = await registerEncrypted();
    const created = await client.browser.post(ApiPath.subAccountCreate, { userName: 'desk-r' });
    const subId = (created.json?.data as { userId: string }).userId;
    const body = JSON.stringify(encryptedBody(client.key, serverPublicKey, { userId: subId }));
    expect((await client.browser.send('POST', ApiPath.subAccountSwitch, body)).json?.code).toBe(
      '00000',
    );
    const again = await client.browser.send('POST', ApiPath.subAccountSwitch, body);
    expect(again.json?.code).toBe(AccountCode.loginCiphertextReplayed);
  });

  it('sweeps used nonces once their window has passed, and keeps the others', async () => {
    await gateway.db.query(
      `INSERT INTO login_nonces (nonce, expires_at) VALUES
         ('sweep-old', now() - interval '1 second'), ('sweep-live', now() + interval '1 hour')`,
    );
    await sweepExpired(gateway.db);
    const rows = await gateway.db.query<{ nonce: string }>(
      "SELECT nonce FROM login_nonces WHERE nonce LIKE 'sweep-%'",
    );
    expect(rows.map((row) => row.nonce)).toEqual(['sweep-live']);
  });
});

describe('encrypted sub-account switches', () => {
  it('switches from encrypted bodies, binding none of their keys: the login’s key stays', async () => {
    const { client } = await registerEncrypted();
    const created = await client.browser.post(ApiPath.subAccountCreate, { userName: 'desk-1' });
    const subId = sessionReplySchema.shape.userId.parse(
      (created.json?.data as { userId: string }).userId,
    );
    const switching = new SigningClient(client.browser, await newClientKey());
    const switched = await switching.postEncrypted(ApiPath.subAccountSwitch, { userId: subId });
    expect(switched.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(switched.json?.data)).toMatchObject({
      userId: subId,
      subAccount: true,
    });
    expect(await boundKeys(client.browser)).toEqual([client.key.publicKey]);

    // switchBack has no field to encrypt: its body is the encryption of {}.
    const back = await client.postEncrypted(ApiPath.subAccountSwitchBack, {});
    expect(back.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(back.json?.data).subAccount).toBe(false);
  });
});

describe('device check on login', () => {
  /** Logs in with `key`, the device-check headers signed by `lastKey` over this very request. */
  async function loginChecked(
    email: string,
    key: ClientKeyPair,
    lastKey: ClientKeyPair | undefined,
    tamper: (headers: Record<string, string>) => Record<string, string> = (headers) => headers,
  ) {
    const { serverPublicKey } = await fetchSignConfig(gateway);
    const body = JSON.stringify(
      encryptedBody(key, serverPublicKey, { loginName: email, pwd: STRONG_PASSWORD }),
    );
    const headers = lastKey ? tamper(deviceCheckHeaders(lastKey, ApiPath.login, body)) : {};
    const response = await new TestBrowser(gateway).send('POST', ApiPath.login, body, headers);
    expect(response.json?.code).toBe('00000');
    return sessionReplySchema.parse(response.json?.data);
  }

  it('says a device is known when its last key signed the request, and records each key', async () => {
    const { client, email, userId } = await registerEncrypted();
    const next = await newClientKey();
    expect((await loginChecked(email, next, client.key)).deviceKnown).toBe(true);
    // The key of that login is now known too.
    expect((await loginChecked(email, await newClientKey(), next)).deviceKnown).toBe(true);
    expect(await deviceKeys(userId)).toHaveLength(3);
  });

  it('says a device is unknown when no key of the user verifies', async () => {
    const { email } = await registerEncrypted();
    const stranger = await newClientKey();
    expect((await loginChecked(email, await newClientKey(), stranger)).deviceKnown).toBe(false);
  });

  it('says unknown when the check covers another request or lacks lastAlgorithm', async () => {
    const { client, email } = await registerEncrypted();
    const otherBody = deviceCheckHeaders(client.key, ApiPath.login, '{}');
    const signedOtherBody = await loginChecked(email, await newClientKey(), client.key, (h) => ({
      ...h,
      [HeaderName.userCheckDeviceSign]: otherBody[HeaderName.userCheckDeviceSign] ?? '',
    }));
    expect(signedOtherBody.deviceKnown).toBe(false);
    const noAlgorithm = await loginChecked(email, await newClientKey(), client.key, (h) => {
      const { [HeaderName.lastAlgorithm]: _dropped, ...rest } = h;
      return rest;
    });
    expect(noAlgorithm.deviceKnown).toBe(false);
  });

  it('answers no deviceKnown when no check was asked', async () => {
    const { email } = await registerEncrypted();
    const reply = await loginChecked(email, await newClientKey(), undefined);
    expect(reply).not.toHaveProperty('deviceKnown');
  });
});
