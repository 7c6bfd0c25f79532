import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName } from '@exchange-web/protocol/registry';
import { sessionReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/db/seed';
import type { RunningGateway } from '../src/server';
import { STRONG_PASSWORD, TestBrowser, call, startTestGateway, uniqueEmail } from './support';

const ACCOUNT_FAILURE_LIMIT = 3;
const IP_FAILURE_LIMIT = 6;

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({
    loginFailuresPerAccount: { limit: ACCOUNT_FAILURE_LIMIT, windowMs: 60_000 },
    loginFailuresPerIp: { limit: IP_FAILURE_LIMIT, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await gateway.stop();
});

let ipCounter = 0;
/** A browser with a visitor address of its own, so throttling by IP never spills between tests. */
const browser = () => {
  ipCounter += 1;
  return new TestBrowser(gateway, { 'x-forwarded-for': `198.51.100.${ipCounter}` });
};

const userInfo = async (visitor: TestBrowser) => {
  const response = await visitor.post(ApiPath.userInfo, { locale: 'en' });
  expect(response.json?.code).toBe('00000');
  return userInfoReplySchema.parse(response.json?.data);
};

describe('registration', () => {
  it('registers by email, signs the user in, and answers the session', async () => {
    const visitor = browser();
    const email = uniqueEmail('Mixed.Case');
    const response = await visitor.post(ApiPath.registerEmail, {
      email,
      pwd: STRONG_PASSWORD,
      rePwd: STRONG_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.json?.code).toBe('00000');
    const reply = sessionReplySchema.parse(response.json?.data);
    expect(reply.userId).toMatch(/^\d{10,}$/);
    expect(reply.loginName).toBe(email.toLowerCase());
    expect(reply.subAccount).toBe(false);
    expect([...visitor.cookies.keys()].sort()).toEqual(
      [CookieName.refreshToken, CookieName.signedIn, CookieName.token].sort(),
    );

    const info = await userInfo(visitor);
    expect(info.userInfo).toMatchObject({
      userId: reply.userId,
      email: email.toLowerCase(),
      bindEmail: true,
      bindPhone: false,
      emailEnable: true,
    });

    const login = await browser().post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(sessionReplySchema.parse(login.json?.data).userId).toBe(reply.userId);
  });

  it('registers by mobile with +{areaCode} {mobile} as login name; login takes it with or without +', async () => {
    const mobile = String(9_000_000_000 + Math.floor(Math.random() * 999_999_999));
    const visitor = browser();
    const response = await visitor.post(ApiPath.registerMobile, {
      areaCode: '+81',
      mobile,
      pwd: STRONG_PASSWORD,
    });
    expect(response.json?.code).toBe('00000');
    const reply = sessionReplySchema.parse(response.json?.data);
    expect(reply.loginName).toBe(`+81 ${mobile}`);
    const info = await userInfo(visitor);
    expect(info.userInfo).toMatchObject({
      areaCode: '81',
      mobile,
      phone: `+81 ${mobile}`,
      bindPhone: true,
      bindEmail: false,
      phoneEnable: true,
    });
    for (const loginName of [`+81 ${mobile}`, `81 ${mobile}`]) {
      const login = await browser().post(ApiPath.login, { loginName, pwd: STRONG_PASSWORD });
      expect(login.json?.code, loginName).toBe('00000');
      expect(sessionReplySchema.parse(login.json?.data).userId).toBe(reply.userId);
    }
  });

  it('registers by mobile and email: the email is the login name, and the mobile signs in too', async () => {
    const email = uniqueEmail('both');
    const mobile = String(7_000_000_000 + Math.floor(Math.random() * 999_999_999));
    const response = await browser().post(ApiPath.registerMobileAndEmail, {
      email,
      areaCode: '44',
      mobile,
      pwd: STRONG_PASSWORD,
    });
    expect(response.json?.code).toBe('00000');
    const reply = sessionReplySchema.parse(response.json?.data);
    expect(reply.loginName).toBe(email);
    const byMobile = await browser().post(ApiPath.login, {
      loginName: `+44 ${mobile}`,
      pwd: STRONG_PASSWORD,
    });
    expect(sessionReplySchema.parse(byMobile.json?.data).userId).toBe(reply.userId);

    // The same mobile cannot be registered twice, whichever call is used.
    const again = await browser().post(ApiPath.registerMobile, {
      areaCode: '+44',
      mobile,
      pwd: STRONG_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.json?.code).toBe(AccountCode.loginNameTaken);
  });

  it('refuses a taken email, whatever its letter case', async () => {
    const email = uniqueEmail('taken');
    await browser().post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
    const again = await browser().post(ApiPath.registerEmail, {
      email: email.toUpperCase(),
      pwd: STRONG_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: AccountCode.loginNameTaken, data: null });
    expect(again.cookies).toEqual([]);
  });

  it('lets exactly one of two racing registrations of one name win, and never answers 500', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      [1, 2, 3].map(() => browser().post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD })),
    );
    expect(replies.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      AccountCode.loginNameTaken,
      AccountCode.loginNameTaken,
    ]);
  });

  it('refuses a weak password and differing passwords, each with its own code', async () => {
    const weak = await browser().post(ApiPath.registerEmail, {
      email: uniqueEmail(),
      pwd: 'password',
    });
    expect(weak.status).toBe(400);
    expect(weak.json?.code).toBe(AccountCode.weakPassword);
    expect(weak.json?.msg).toContain('pwd');

    const differ = await browser().post(ApiPath.registerMobile, {
      areaCode: '1',
      mobile: '5550001234',
      pwd: STRONG_PASSWORD,
      rePwd: `${STRONG_PASSWORD}x`,
    });
    expect(differ.status).toBe(400);
    expect(differ.json?.code).toBe(AccountCode.passwordsDiffer);
    expect(differ.json?.msg).toContain('rePwd');
  });

  it.each([
    ['a body that is not JSON', ApiPath.registerEmail, '{"email":', GatewayCode.badRequest, 'JSON'],
    [
      'a missing field',
      ApiPath.registerEmail,
      JSON.stringify({ pwd: STRONG_PASSWORD }),
      GatewayCode.validationFailed,
      'email',
    ],
    [
      'an unknown field',
      ApiPath.registerMobile,
      JSON.stringify({ areaCode: '1', mobile: '5550001', pwd: STRONG_PASSWORD, referrer: 'x' }),
      GatewayCode.validationFailed,
      'referrer',
    ],
    [
      'a field of the wrong type',
      ApiPath.registerMobileAndEmail,
      JSON.stringify({
        email: uniqueEmail(),
        areaCode: 1,
        mobile: '5550001',
        pwd: STRONG_PASSWORD,
      }),
      GatewayCode.validationFailed,
      'areaCode',
    ],
    [
      'a malformed email',
      ApiPath.registerEmail,
      JSON.stringify({ email: 'not-an-email', pwd: STRONG_PASSWORD }),
      GatewayCode.validationFailed,
      'email',
    ],
    [
      'a login without password',
      ApiPath.login,
      JSON.stringify({ loginName: DEMO_ACCOUNT.loginName }),
      GatewayCode.validationFailed,
      'pwd',
    ],
  ])('refuses %s with its code, naming the field', async (_case, path, body, code, field) => {
    const response = await browser().post(path, body);
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(code);
    expect(response.json?.msg).toContain(field);
    expect(response.cookies).toEqual([]);
  });
});

describe('login', () => {
  it('signs the demo account in', async () => {
    const response = await browser().post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    expect(response.status).toBe(200);
    expect(sessionReplySchema.parse(response.json?.data)).toEqual({
      userId: DEMO_ACCOUNT.userId,
      loginName: DEMO_ACCOUNT.loginName,
      userName: DEMO_ACCOUNT.userName,
      subAccount: false,
    });
  });

  it('answers a wrong password and an unknown login name identically', async () => {
    const wrongPassword = await browser().post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: 'Wrong-Password-1',
    });
    const unknownName = await browser().post(ApiPath.login, {
      loginName: uniqueEmail('nobody'),
      pwd: 'Wrong-Password-1',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json?.code).toBe(AccountCode.wrongCredentials);
    expect(unknownName.status).toBe(wrongPassword.status);
    expect(unknownName.json).toEqual(wrongPassword.json);
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('refuses a frozen account with 20205, only once the password is right', async () => {
    const email = uniqueEmail('frozen');
    const registered = await browser().post(ApiPath.registerEmail, {
      email,
      pwd: STRONG_PASSWORD,
    });
    const { userId } = sessionReplySchema.parse(registered.json?.data);
    await gateway.db.query('UPDATE users SET frozen = true WHERE user_id = $1', [userId]);

    const right = await browser().post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.json?.code).toBe(ErrorCode.accountFrozen);
    expect(right.cookies).toEqual([]);
    const wrong = await browser().post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' });
    expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);
  });

  it('throttles failed logins per account, whichever address they come from', async () => {
    const email = uniqueEmail('throttled');
    await browser().post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      const failed = await browser().post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' });
      expect(failed.json?.code).toBe(AccountCode.wrongCredentials);
    }
    // Even the right password waits: the window has to pass first.
    const blocked = await browser().post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.json?.code).toBe(AccountCode.tooManyAttempts);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('requesttime'))).toBeGreaterThan(0);
    expect(blocked.cookies).toEqual([]);

    await gateway.db.query('DELETE FROM throttle_counters');
    const afterWindow = await browser().post(ApiPath.login, {
      loginName: email,
      pwd: STRONG_PASSWORD,
    });
    expect(afterWindow.json?.code).toBe('00000');
  });

  it('forgets an account’s failures after a successful login', async () => {
    const email = uniqueEmail('forgiven');
    await browser().post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
    const visitor = browser();
    const fail = () => visitor.post(ApiPath.login, { loginName: email, pwd: 'Wrong-Pass-1' });
    for (let attempt = 1; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) await fail();
    await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    for (let attempt = 1; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      expect((await fail()).json?.code).toBe(AccountCode.wrongCredentials);
    }
  });

  it('throttles failed logins per address, across login names', async () => {
    const visitor = browser();
    for (let attempt = 0; attempt < IP_FAILURE_LIMIT; attempt += 1) {
      const failed = await visitor.post(ApiPath.login, {
        loginName: uniqueEmail('spray'),
        pwd: 'Wrong-Pass-1',
      });
      expect(failed.json?.code).toBe(AccountCode.wrongCredentials);
    }
    const blocked = await visitor.post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json?.code).toBe(AccountCode.tooManyAttempts);

    // Another address is not affected.
    const elsewhere = await browser().post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    expect(elsewhere.json?.code).toBe('00000');
  });
});

describe('session cookies', () => {
  it('sets token and refresh_token HttpOnly, SameSite=Lax, Path=/, and no Secure on 127.0.0.1', async () => {
    const response = await browser().post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    const byName = new Map(response.cookies.map((cookie) => [cookie.name, cookie]));
    for (const name of [CookieName.token, CookieName.refreshToken]) {
      const cookie = byName.get(name);
      expect(cookie?.value, name).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie?.attributes, name).toMatchObject({
        httponly: '',
        samesite: 'Lax',
        path: '/',
        'max-age': String(7 * 24 * 60 * 60),
      });
      expect(cookie?.attributes, name).not.toHaveProperty('secure');
    }
    expect(byName.get(CookieName.token)?.value).not.toBe(
      byName.get(CookieName.refreshToken)?.value,
    );
    const marker = byName.get(CookieName.signedIn);
    expect(marker?.value).toBe('1');
    expect(marker?.attributes).toMatchObject({ samesite: 'Lax', path: '/' });
    expect(marker?.attributes).not.toHaveProperty('httponly');
  });

  it('adds Secure when the browser reached the site by another host name than localhost', async () => {
    const response = await call(
      gateway,
      'POST',
      ApiPath.login,
      JSON.stringify({ loginName: DEMO_ACCOUNT.loginName, pwd: DEMO_ACCOUNT.password }),
      {
        'content-type': 'application/json',
        'x-forwarded-host': 'exchange.example',
        'x-forwarded-for': '198.51.100.250',
      },
    );
    expect(response.cookies).toHaveLength(3);
    for (const cookie of response.cookies) expect(cookie.attributes).toHaveProperty('secure');
  });

  it('keeps only hashes of the tokens in the database', async () => {
    const visitor = browser();
    await visitor.post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    const token = visitor.cookies.get(CookieName.token) ?? '';
    const rows = await gateway.db.query<{ found: boolean }>(
      `SELECT count(*) > 0 AS found FROM sessions
       WHERE token_hash = $1 OR refresh_token_hash = $1 OR token_hash = encode(sha256($2), 'hex')`,
      [token, Buffer.from(token)],
    );
    expect(rows[0]?.found).toBe(true);
    const raw = await gateway.db.query(
      'SELECT 1 FROM sessions WHERE token_hash = $1 OR refresh_token_hash = $1',
      [token],
    );
    expect(raw).toEqual([]);
  });
});
