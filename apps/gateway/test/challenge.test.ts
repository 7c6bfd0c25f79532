import {
  AccountCode,
  CAPTCHA_STATUS_NOT_NEEDED,
  ChallengeCode,
  ErrorCode,
  GatewayCode,
} from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { ChallengeScene, HeaderName } from '@exchange-web/protocol/registry';
import {
  captchaCheckReplySchema,
  captchaIdReplySchema,
  challengeRequiredDataSchema,
  sessionReplySchema,
} from '@exchange-web/protocol/schemas';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLoginName } from '../src/accounts/login-names';
import { sweepExpired } from '../src/accounts/sweep';
import { encodeAltchaPayload } from '../src/challenge/altcha-payload';
import type { RunningGateway } from '../src/server';
import { check, passChallenge, requestChallenge, solve } from './challenge-client';
import {
  SigningClient,
  deviceCheckHeaders,
  encryptedBody,
  fetchSignConfig,
  newClientKey,
  type ClientKeyPair,
} from './signing-client';
import {
  STRONG_PASSWORD,
  TestBrowser,
  sleep,
  startTestGateway,
  uniqueEmail,
  type CallResult,
} from './support';

const MAX_NUMBER = 2000;
const LOGIN_FAILURES = 3;
const LOGIN_FAILURES_PER_IP = 5;
const BURST_LIMIT = 5;

/** Every rule on but the burst (its own gateway below), with easy challenges. */
let gateway: RunningGateway;
/** Challenges and tokens that expire at once. */
let shortLived: RunningGateway;
/** The burst and registration rules, and a configured HMAC key. */
let bursty: RunningGateway;
/** Every rule off (the test support's default). */
let relaxed: RunningGateway;
const CONFIGURED_KEY = 'configured-challenge-key-0123456789abcdef';

beforeAll(async () => {
  const rulesOn = {
    challengeRegister: true,
    challengeLoginFailures: LOGIN_FAILURES,
    challengeLoginFailuresPerIp: LOGIN_FAILURES_PER_IP,
    challengeNewDevice: true,
    challengeMaxNumber: MAX_NUMBER,
  };
  [gateway, shortLived, bursty, relaxed] = await Promise.all([
    startTestGateway(rulesOn),
    startTestGateway({ ...rulesOn, challengeTtlMs: 1000, challengeTokenTtlMs: 300 }),
    startTestGateway({
      challengeRegister: true,
      challengeBurst: { limit: BURST_LIMIT, windowMs: 60_000 },
      challengeMaxNumber: MAX_NUMBER,
      challengeHmacKey: CONFIGURED_KEY,
    }),
    startTestGateway(),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway, shortLived, bursty, relaxed].map((running) => running.stop()));
});

let ipCounter = 0;
/** A browser with a visitor address of its own, so per-address counters never spill between tests. */
const browser = (on: RunningGateway = gateway) => {
  ipCounter += 1;
  return new TestBrowser(on, { 'x-forwarded-for': `198.51.100.${ipCounter}` });
};

/** Posts a JSON body with the pass token header, as the retried request does (SPEC 5). */
const postWithToken = (visitor: TestBrowser, path: string, body: unknown, token: string) =>
  visitor.send('POST', path, JSON.stringify(body), { [HeaderName.captchaToken]: token });

/** Expects a 10021 reply in group gateway for the scene (SPEC 4, 8), that set no cookie. */
function expectChallenge(response: CallResult, scene: ChallengeScene) {
  expect(response.status).toBe(403);
  expect(response.json?.code).toBe(ErrorCode.challengeRequired);
  expect(challengeRequiredDataSchema.parse(response.json?.data)).toEqual({
    group: 'gateway',
    scene,
  });
  expect(response.json?.msg).toMatch(/human verification is required/i);
  expect(response.cookies).toEqual([]);
}

const registration = () => ({ email: uniqueEmail('challenge'), pwd: STRONG_PASSWORD });

async function userCount(on: RunningGateway, email: string): Promise<number> {
  const rows = await on.db.query('SELECT 1 FROM users WHERE login_name = $1', [email]);
  return rows.length;
}

describe('registration (scene register)', () => {
  it('challenges every registration and creates nothing', async () => {
    const visitor = browser();
    const body = registration();
    const response = await visitor.post(ApiPath.registerEmail, body);
    expectChallenge(response, ChallengeScene.register);
    expect(response.json?.msg).toBe('Human verification is required to register.');
    expect(await userCount(gateway, body.email)).toBe(0);
  });

  it('registers with a pass token of its scene, which serves once only', async () => {
    const visitor = browser();
    const token = await passChallenge(visitor, ChallengeScene.register);
    const body = registration();
    const response = await postWithToken(visitor, ApiPath.registerEmail, body, token);
    expect(response.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(response.json?.data).loginName).toBe(body.email);

    const again = await postWithToken(browser(), ApiPath.registerEmail, registration(), token);
    expectChallenge(again, ChallengeScene.register);
  });

  it('lets only one of two registrations racing with one token through', async () => {
    const token = await passChallenge(browser(), ChallengeScene.register);
    const replies = await Promise.all(
      [1, 2, 3].map(() => postWithToken(browser(), ApiPath.registerEmail, registration(), token)),
    );
    expect(replies.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      ErrorCode.challengeRequired,
      ErrorCode.challengeRequired,
    ]);
  });

  it('refuses a token of another scene, an unknown token and an expired one', async () => {
    const visitor = browser();
    const loginToken = await passChallenge(visitor, ChallengeScene.login);
    expectChallenge(
      await postWithToken(visitor, ApiPath.registerEmail, registration(), loginToken),
      ChallengeScene.register,
    );
    expectChallenge(
      await postWithToken(visitor, ApiPath.registerEmail, registration(), 'not-a-token'),
      ChallengeScene.register,
    );
    expectChallenge(
      await postWithToken(visitor, ApiPath.registerEmail, registration(), 'x'.repeat(5000)),
      ChallengeScene.register,
    );

    const late = browser(shortLived);
    const token = await passChallenge(late, ChallengeScene.register);
    await sleep(500);
    expectChallenge(
      await postWithToken(late, ApiPath.registerEmail, registration(), token),
      ChallengeScene.register,
    );
  });

  it('answers the body’s own errors before asking a challenge', async () => {
    const weak = await browser().post(ApiPath.registerEmail, {
      email: uniqueEmail(),
      pwd: 'password',
    });
    expect([weak.status, weak.json?.code]).toEqual([400, AccountCode.weakPassword]);
    const malformed = await browser().post(ApiPath.registerMobile, { areaCode: '1' });
    expect([malformed.status, malformed.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });

  it('takes every registration without a challenge when the rule is off', async () => {
    const visitor = browser(relaxed);
    expect((await visitor.post(ApiPath.registerEmail, registration())).json?.code).toBe('00000');
  });
});

describe('login (scene login)', () => {
  /** Registers an account in clear: it has no device key, so only the failure rule applies. */
  async function plainAccount(): Promise<string> {
    const token = await passChallenge(browser(), ChallengeScene.register);
    const body = registration();
    const response = await postWithToken(browser(), ApiPath.registerEmail, body, token);
    expect(response.json?.code).toBe('00000');
    return body.email;
  }

  const failuresOf = async (email: string) => {
    const [row] = await gateway.db.query<{ hits: number }>(
      'SELECT hits FROM throttle_counters WHERE bucket = $1',
      [`login-account:${parseLoginName(email).key}`],
    );
    return row?.hits ?? 0;
  };

  it('is not challenged below the failure threshold', async () => {
    const email = await plainAccount();
    const visitor = browser();
    for (let attempt = 1; attempt < LOGIN_FAILURES; attempt += 1) {
      const wrong = await visitor.post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' });
      expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);
    }
    const login = await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(login.json?.code).toBe('00000');
  });

  it('challenges the login name’s logins after its failures, counting none of them', async () => {
    const email = await plainAccount();
    for (let attempt = 0; attempt < LOGIN_FAILURES; attempt += 1) {
      const wrong = await browser().post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' });
      expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);
    }
    expect(await failuresOf(email)).toBe(LOGIN_FAILURES);
    // From any address, with the right password or not.
    const visitor = browser();
    const right = await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expectChallenge(right, ChallengeScene.login);
    expect(right.json?.msg).toBe('Human verification is required to log in.');
    expectChallenge(
      await visitor.post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' }),
      ChallengeScene.login,
    );
    expect(await failuresOf(email)).toBe(LOGIN_FAILURES);

    const token = await passChallenge(visitor, ChallengeScene.login);
    const login = await postWithToken(
      visitor,
      ApiPath.login,
      { loginName: email, pwd: STRONG_PASSWORD },
      token,
    );
    expect(login.json?.code).toBe('00000');
    expect(visitor.cookies.size).toBeGreaterThan(0);
    // A success forgives the failures: the next login is not challenged.
    expect(
      (await browser().post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD })).json?.code,
    ).toBe('00000');
  });

  it('challenges an address’s logins after its failures, whatever the login name', async () => {
    const visitor = browser();
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_IP; attempt += 1) {
      const wrong = await visitor.post(ApiPath.login, {
        loginName: uniqueEmail('nobody'),
        pwd: 'Wrong-Pass-1',
      });
      expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);
    }
    const email = await plainAccount();
    expectChallenge(
      await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD }),
      ChallengeScene.login,
    );
    // Another address logs in to the same account unchallenged.
    expect(
      (await browser().post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD })).json?.code,
    ).toBe('00000');
  });

  describe('from a device the account has not seen', () => {
    /** Registers with login encryption: the registration's key becomes a device key. */
    async function encryptedAccount(): Promise<{ email: string; device: ClientKeyPair }> {
      const client = await SigningClient.create(gateway);
      const token = await passChallenge(client.browser, ChallengeScene.register);
      const email = uniqueEmail('device');
      const response = await client.postEncrypted(
        ApiPath.registerEmail,
        { email, pwd: STRONG_PASSWORD },
        {},
        { [HeaderName.captchaToken]: token },
      );
      expect(response.json?.code).toBe('00000');
      return { email, device: client.key };
    }

    /** An encrypted login with a new key, its device check signed by `lastKey` when given. */
    async function loginFrom(
      visitor: TestBrowser,
      email: string,
      lastKey: ClientKeyPair | undefined,
      headers: Record<string, string> = {},
      pwd = STRONG_PASSWORD,
    ): Promise<CallResult> {
      const { serverPublicKey } = await fetchSignConfig(gateway);
      const body = JSON.stringify(
        encryptedBody(await newClientKey(), serverPublicKey, { loginName: email, pwd }),
      );
      const check = lastKey ? deviceCheckHeaders(lastKey, ApiPath.login, body) : {};
      return visitor.send('POST', ApiPath.login, body, { ...check, ...headers });
    }

    it('is not challenged when the device check recognises the device', async () => {
      const { email, device } = await encryptedAccount();
      const response = await loginFrom(browser(), email, device);
      expect(response.json?.code).toBe('00000');
      expect(response.json?.data).toMatchObject({ deviceKnown: true });
    });

    it('challenges a login without a device check, or whose device is unknown', async () => {
      const { email } = await encryptedAccount();
      const visitor = browser();
      expectChallenge(await loginFrom(visitor, email, undefined), ChallengeScene.login);
      expectChallenge(await loginFrom(visitor, email, await newClientKey()), ChallengeScene.login);
      // Nothing was counted, nor any session started.
      const sessions = await gateway.db.query(
        'SELECT 1 FROM sessions JOIN users USING (user_id) WHERE login_name = $1',
        [email],
      );
      expect(sessions).toHaveLength(1); // the registration's

      const token = await passChallenge(visitor, ChallengeScene.login);
      const passed = await loginFrom(visitor, email, undefined, {
        [HeaderName.captchaToken]: token,
      });
      expect(passed.json?.code).toBe('00000');
    });

    it('tells a stranger with a wrong password only that, never asking a challenge', async () => {
      const { email } = await encryptedAccount();
      const wrong = await loginFrom(browser(), email, undefined, {}, 'Wrong-Pass-1');
      expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);
    });

    it('does not challenge an account that has no device key on record', async () => {
      const visitor = browser();
      const token = await passChallenge(visitor, ChallengeScene.register);
      const body = registration();
      await postWithToken(visitor, ApiPath.registerEmail, body, token);
      const response = await loginFrom(browser(), body.email, undefined);
      expect(response.json?.code).toBe('00000');
    });
  });
});

describe('burst (scene burst)', () => {
  const userInfo = (visitor: TestBrowser, headers: Record<string, string> = {}) =>
    visitor.send('POST', ApiPath.userInfo, JSON.stringify({ locale: 'en' }), headers);

  it('challenges the account calls of an address past the threshold, until it passes one', async () => {
    const visitor = browser(bursty);
    const status = async () =>
      captchaIdReplySchema.parse(
        (await visitor.post(ApiPath.captchaId, { scene: 'burst' })).json?.data,
      ).status;
    for (let request = 0; request < BURST_LIMIT; request += 1) {
      expect((await userInfo(visitor)).json?.code).not.toBe(ErrorCode.challengeRequired);
    }
    expect(await status()).toBe(CAPTCHA_STATUS_NOT_NEEDED);
    const burst = await userInfo(visitor);
    expectChallenge(burst, ChallengeScene.burst);
    expect(burst.json?.msg).toBe(
      'Too many requests from this address: human verification is required to continue.',
    );
    expectChallenge(
      await visitor.post(ApiPath.login, { loginName: uniqueEmail(), pwd: 'x' }),
      ChallengeScene.burst,
    );
    // Leaving always works; other addresses and the public calls are not counted.
    expect((await visitor.post(ApiPath.logout, {})).json?.code).toBe('00000');
    expect((await userInfo(browser(bursty))).json?.code).not.toBe(ErrorCode.challengeRequired);
    expect((await visitor.get(ApiPath.coinChainList)).json?.code).toBe('00000');
    expect(await status()).not.toBe(CAPTCHA_STATUS_NOT_NEEDED);

    const token = await passChallenge(visitor, ChallengeScene.burst);
    expect((await userInfo(visitor, { [HeaderName.captchaToken]: token })).json?.code).not.toBe(
      ErrorCode.challengeRequired,
    );
    // The pass starts a new window.
    expect((await userInfo(visitor)).json?.code).not.toBe(ErrorCode.challengeRequired);
    expect(await status()).toBe(CAPTCHA_STATUS_NOT_NEEDED);
  });

  it('takes a pass token of any scene, once', async () => {
    const visitor = browser(bursty);
    for (let request = 0; request <= BURST_LIMIT; request += 1) await userInfo(visitor);
    expectChallenge(await userInfo(visitor), ChallengeScene.burst);
    const token = await passChallenge(visitor, ChallengeScene.register);
    const passed = await userInfo(visitor, { [HeaderName.captchaToken]: token });
    expect(passed.json?.code).not.toBe(ErrorCode.challengeRequired);
    for (let request = 0; request < BURST_LIMIT; request += 1) await userInfo(visitor);
    expectChallenge(
      await userInfo(visitor, { [HeaderName.captchaToken]: token }),
      ChallengeScene.burst,
    );
  });
});

describe('POST get-captcha-id', () => {
  it('answers status 0 and no challenge when no rule would ask', async () => {
    for (const scene of Object.values(ChallengeScene)) {
      const response = await browser(relaxed).post(ApiPath.captchaId, { scene });
      expect(response.json?.code, scene).toBe('00000');
      const reply = captchaIdReplySchema.parse(response.json?.data);
      expect(reply).toEqual({
        bizId: expect.stringMatching(new RegExp(`^${scene}:`)) as unknown,
        captchaId: '',
        status: CAPTCHA_STATUS_NOT_NEEDED,
      });
    }
  });

  it('answers a signed ALTCHA challenge when a rule would ask', async () => {
    const response = await browser().post(ApiPath.captchaId, { scene: 'register' });
    expect(response.status).toBe(200);
    const issued = await requestChallenge(browser(), ChallengeScene.register);
    expect(captchaIdReplySchema.parse(response.json?.data).status).toBe(1);
    expect(issued.bizId).toMatch(/^register:[\w-]+$/);
    expect(issued.captchaId).toMatch(/^[\w-]{22}$/);
    expect(issued.challenge.maxnumber).toBe(MAX_NUMBER);
    const expires = Number(new URLSearchParams(issued.challenge.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 300_000 + 1000);
    // Each call issues a new one.
    const other = await requestChallenge(browser(), ChallengeScene.register);
    expect(other.captchaId).not.toBe(issued.captchaId);
    expect(other.challenge.salt).not.toBe(issued.challenge.salt);
  });

  it('signs with the key kept in the database, or with the configured one', async () => {
    const [row] = await gateway.db.query<{ value: string }>(
      "SELECT value FROM gateway_secrets WHERE name = 'challenge-hmac-key'",
    );
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/);
    const hmac = (key: string, challenge: string) =>
      createHmac('sha256', key).update(challenge).digest('hex');
    const stored = await requestChallenge(browser(), ChallengeScene.login);
    expect(stored.challenge.signature).toBe(hmac(row?.value ?? '', stored.challenge.challenge));
    const configured = await requestChallenge(browser(bursty), ChallengeScene.register);
    expect(configured.challenge.signature).toBe(
      hmac(CONFIGURED_KEY, configured.challenge.challenge),
    );
  });

  it.each([
    [
      'an unknown scene',
      JSON.stringify({ scene: 'checkout' }),
      GatewayCode.validationFailed,
      'scene',
    ],
    ['an empty scene', JSON.stringify({ scene: '' }), GatewayCode.validationFailed, 'scene'],
    ['no scene', '{}', GatewayCode.validationFailed, 'scene'],
    [
      'an unknown field',
      JSON.stringify({ scene: 'login', x: 1 }),
      GatewayCode.validationFailed,
      'x',
    ],
    ['a body that is not JSON', '{"scene":', GatewayCode.badRequest, 'JSON'],
  ])('refuses %s with 400', async (_name, body, code, mention) => {
    const response = await browser().post(ApiPath.captchaId, body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code, data: null });
    expect(response.json?.msg).toContain(mention);
  });
});

describe('POST check-captcha', () => {
  it('answers a pass token for a valid solution', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const response = await check(visitor, issued, await solve(issued.challenge));
    expect(response.status).toBe(200);
    expect(response.json?.code).toBe('00000');
    const { captchaToken } = captchaCheckReplySchema.parse(response.json?.data);
    expect(captchaToken).toMatch(/^[\w-]{43}$/);
    // Only its hash is kept, with its scene.
    const tokens = await gateway.db.query<{ token_hash: string; scene: string }>(
      'SELECT token_hash, scene FROM challenge_tokens WHERE token_hash IN ($1, $2)',
      [captchaToken, createHash('sha256').update(captchaToken).digest('hex')],
    );
    expect(tokens).toEqual([
      { token_hash: createHash('sha256').update(captchaToken).digest('hex'), scene: 'register' },
    ]);
  });

  it('refuses a solution used before', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    expect((await check(visitor, issued, solution)).json?.code).toBe('00000');
    const replay = await check(visitor, issued, solution);
    expect([replay.status, replay.json?.code]).toEqual([403, ChallengeCode.solutionReplayed]);
    // Racing checks of one solution: one passes.
    const fresh = await requestChallenge(visitor, ChallengeScene.register);
    const freshSolution = await solve(fresh.challenge);
    const codes = await Promise.all([1, 2, 3].map(() => check(visitor, fresh, freshSolution)));
    expect(codes.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      ChallengeCode.solutionReplayed,
      ChallengeCode.solutionReplayed,
    ]);
  });

  it.each([
    ['a wrong number', (s: { number: number }) => ({ number: s.number + 1 })],
    ['a forged signature', () => ({ signature: 'f'.repeat(64) })],
    ['a tampered challenge', () => ({ challenge: '0'.repeat(64) })],
    ['a tampered salt', (s: { salt: string }) => ({ salt: s.salt.replace(/^./, 'x') })],
  ])('refuses %s with 22002', async (_name, tamper) => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    const response = await check(visitor, issued, { ...solution, ...tamper(solution) });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ code: ChallengeCode.solutionInvalid, data: null });
    // The genuine solution still passes afterwards.
    expect((await check(visitor, issued, solution)).json?.code).toBe('00000');
  });

  it('refuses a challenge signed with another key', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    const signature = createHmac('sha256', 'another-key').update(solution.challenge).digest('hex');
    const response = await check(visitor, issued, { ...solution, signature });
    expect(response.json?.code).toBe(ChallengeCode.solutionInvalid);
  });

  it('refuses Base64 that is not a solution payload with 22001', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    for (const garbage of [
      base64('garbage'),
      base64('{"number":'),
      base64(JSON.stringify({ ...solution, algorithm: 'SHA-1' })),
      base64(JSON.stringify({ ...solution, number: 'one' })),
      base64('[]'),
    ]) {
      const response = await check(visitor, issued, garbage);
      expect([response.status, response.json?.code], garbage).toEqual([
        400,
        ChallengeCode.solutionMalformed,
      ]);
      expect(response.json?.msg).toContain('captchaValidate');
    }
  });

  it('refuses a solution for another scene, business flow or challenge with 22006', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    const wrongScene = await check(visitor, issued, solution, { scene: 'login' });
    expect([wrongScene.status, wrongScene.json?.code]).toEqual([
      403,
      ChallengeCode.challengeMismatch,
    ]);
    const wrongBiz = await check(visitor, issued, solution, { bizId: 'register:other' });
    expect(wrongBiz.json?.code).toBe(ChallengeCode.challengeMismatch);
    // A genuine solution of this challenge, named with another challenge's id.
    const other = await requestChallenge(visitor, ChallengeScene.register);
    const swapped = await check(visitor, other, solution);
    expect(swapped.json?.code).toBe(ChallengeCode.challengeMismatch);
    expect((await check(visitor, issued, solution)).json?.code).toBe('00000');
  });

  it('refuses an unknown captchaId with 404 and 22005', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    const response = await check(visitor, { ...issued, captchaId: 'no-such-challenge' }, solution);
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: ChallengeCode.challengeUnknown, data: null });
  });

  it('refuses an expired challenge with 22003, and the sweep forgets it', async () => {
    const visitor = browser(shortLived);
    const issued = await requestChallenge(visitor, ChallengeScene.register);
    const solution = await solve(issued.challenge);
    // The expiry is whole seconds after a 1 s lifetime: at most 2 s.
    await sleep(2100);
    const response = await check(visitor, issued, solution);
    expect([response.status, response.json?.code]).toEqual([403, ChallengeCode.challengeExpired]);

    await sweepExpired(shortLived.db);
    const rows = await shortLived.db.query(
      'SELECT 1 FROM challenges WHERE expires_at <= now() UNION ALL SELECT 1 FROM challenge_tokens WHERE expires_at <= now()',
    );
    expect(rows).toEqual([]);
    expect((await check(visitor, issued, solution)).json?.code).toBe(
      ChallengeCode.challengeUnknown,
    );
  });

  it.each([
    ['a body that is not JSON', '{"captchaType":', GatewayCode.badRequest, 'JSON'],
    [
      'no extras',
      { captchaType: 3, captchaValidate: 'e30=' },
      GatewayCode.validationFailed,
      'extras',
    ],
    [
      'captchaType 2',
      { captchaType: 2, captchaValidate: 'e30=', extras: {} },
      GatewayCode.validationFailed,
      'captchaType',
    ],
    [
      'captchaValidate that is not Base64',
      { captchaType: 3, captchaValidate: '{"number":1}', extras: {} },
      GatewayCode.validationFailed,
      'captchaValidate',
    ],
    [
      'extras without captchaId',
      { captchaType: 3, captchaValidate: 'e30=', extras: { scene: 'login', bizId: 'b' } },
      GatewayCode.validationFailed,
      'extras.captchaId',
    ],
    [
      'extras with an unknown scene',
      {
        captchaType: 3,
        captchaValidate: 'e30=',
        extras: { scene: 'checkout', bizId: 'b', captchaId: 'c' },
      },
      GatewayCode.validationFailed,
      'extras.scene',
    ],
  ])('refuses %s with 400', async (_name, body, code, mention) => {
    const response = await browser().post(ApiPath.captchaCheck, body);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code, data: null });
    expect(response.json?.msg).toContain(mention);
  });

  it('keeps the payload the widget sends: Base64 of its JSON (SPEC 5)', async () => {
    const visitor = browser();
    const issued = await requestChallenge(visitor, ChallengeScene.login);
    const solution = await solve(issued.challenge);
    const text = encodeAltchaPayload(solution);
    expect(JSON.parse(Buffer.from(text, 'base64').toString('utf8'))).toEqual(solution);
    expect((await check(visitor, issued, text)).json?.code).toBe('00000');
  });
});
