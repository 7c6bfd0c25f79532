import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName } from '@exchange-web/protocol/registry';
import {
  clientCommonConfigReplySchema,
  sessionReplySchema,
  userInfoReplySchema,
} from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/accounts/sweep';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG } from '../src/config';
import { DEMO_ACCOUNT } from '../src/db/seed';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { STRONG_PASSWORD, TestBrowser, sleep, startTestGateway, uniqueEmail } from './support';

// Tiny lifetimes so expiry can be watched: a token serves 400 ms, a refresh token 1500 ms, and a
// rotated refresh token still serves for 600 ms.
const SESSION_TTL_MS = 400;
const REFRESH_TTL_MS = 1500;
const RENEW_GRACE_MS = 600;
const SHORT_TIMES = {
  sessionTtlMs: SESSION_TTL_MS,
  refreshTtlMs: REFRESH_TTL_MS,
  renewGraceMs: RENEW_GRACE_MS,
};

let gateway: RunningGateway;
beforeAll(async () => {
  // One device at a time (GATEWAY_MAX_SESSIONS_PER_USER=1): a newer login ends the older session,
  // which these cases count on; devices.test.ts runs the default of several devices.
  gateway = await startTestGateway({ ...SHORT_TIMES, cookieSecure: true, maxSessionsPerUser: 1 });
});
afterAll(async () => {
  await gateway.stop();
});

const signInDemo = async () => {
  const visitor = new TestBrowser(gateway);
  const response = await visitor.post(ApiPath.login, {
    loginName: DEMO_ACCOUNT.loginName,
    pwd: DEMO_ACCOUNT.password,
  });
  expect(response.json?.code).toBe('00000');
  return visitor;
};

const register = async () => {
  const visitor = new TestBrowser(gateway);
  const email = uniqueEmail('session');
  const response = await visitor.post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
  return { visitor, email, userId: sessionReplySchema.parse(response.json?.data).userId };
};

const userInfo = (visitor: TestBrowser) => visitor.post(ApiPath.userInfo, { locale: 'en' });

describe('POST /v1/user/overview/userinfo', () => {
  it('answers every field of the demo account from the database', async () => {
    const response = await userInfo(await signInDemo());
    expect(response.status).toBe(200);
    const reply = userInfoReplySchema.parse(response.json?.data);
    const { createdDate, updatedDate, ...info } = reply.userInfo;
    expect(info).toEqual({
      userId: DEMO_ACCOUNT.userId,
      loginName: DEMO_ACCOUNT.loginName,
      userName: DEMO_ACCOUNT.userName,
      phone: '',
      email: DEMO_ACCOUNT.loginName,
      mobile: '',
      areaCode: '',
      bindPhone: false,
      bindEmail: true,
      bindGoogle: false,
      isFund: false,
      fundValue: 0,
      fundDisabled: false,
      antiPhishingCode: DEMO_ACCOUNT.antiPhishingCode,
      hasRealValidate: true,
      identityLevel: 2,
      openOtc: true,
      openContract: true,
      openGtFees: false,
      realName: 'Demo Trader',
      starRealName: 'D**********',
      emailEnable: true,
      phoneEnable: false,
      googleEnable: false,
      nickName: DEMO_ACCOUNT.userName,
      familyName: 'Trader',
      givenName: 'Demo',
      frozen: false,
      subAccount: false,
      userType: 0,
      childFlag: false,
      showUserVip: true,
      vipLevel: 1,
      switchFlag: false,
    });
    expect(createdDate).toBeGreaterThan(Date.UTC(2024, 0, 1));
    expect(updatedDate).toBeGreaterThanOrEqual(createdDate);
    expect(reply.settings).toEqual({
      mbf: false,
      ebf: true,
      gbf: false,
      tbf: false,
      tpi: 0,
      tpl: false,
      kf: 2,
      oo: true,
      oc: true,
      ob: false,
      eef: true,
      mef: false,
      gef: false,
    });
    expect(reply.loginName).toBe(DEMO_ACCOUNT.loginName);
    expect(reply.userName).toBe(DEMO_ACCOUNT.userName);
  });

  it('answers a fresh user, and each field follows its column', async () => {
    const { visitor, email, userId } = await register();
    const fresh = userInfoReplySchema.parse((await userInfo(visitor)).json?.data);
    expect(fresh.userInfo).toMatchObject({
      userId,
      loginName: email,
      email,
      bindEmail: true,
      bindGoogle: false,
      identityLevel: 0,
      hasRealValidate: false,
      realName: '',
      starRealName: '',
      vipLevel: 0,
      subAccount: false,
    });
    expect(fresh.userName).toMatch(/^se\*{4}@example\.test$/);

    await gateway.db.query(
      `UPDATE users SET area_code = '49', mobile = '15123456789', google_bound = true,
         email_enabled = false, phone_enabled = true, google_enabled = true,
         fund_password_set = true, fund_value = 2, fund_disabled = true,
         anti_phishing_code = 'PHISH1', real_name = 'Erika Muster', family_name = 'Muster',
         given_name = 'Erika', identity_level = 2, open_otc = true, open_contract = true,
         open_gt_fees = true, user_type = 3, show_user_vip = true, vip_level = 4,
         nick_name = 'erika', updated_at = now() + interval '1 second'
       WHERE user_id = $1`,
      [userId],
    );
    const changed = userInfoReplySchema.parse((await userInfo(visitor)).json?.data);
    expect(changed.userInfo).toMatchObject({
      phone: '+49 15123456789',
      mobile: '15123456789',
      areaCode: '49',
      bindPhone: true,
      bindGoogle: true,
      isFund: true,
      fundValue: 2,
      fundDisabled: true,
      antiPhishingCode: 'PHISH1',
      hasRealValidate: true,
      identityLevel: 2,
      openOtc: true,
      openContract: true,
      openGtFees: true,
      realName: 'Erika Muster',
      starRealName: 'E***********',
      emailEnable: false,
      phoneEnable: true,
      googleEnable: true,
      nickName: 'erika',
      familyName: 'Muster',
      givenName: 'Erika',
      userType: 3,
      showUserVip: true,
      vipLevel: 4,
    });
    expect(changed.userInfo.updatedDate).toBeGreaterThan(changed.userInfo.createdDate);
    expect(changed.settings).toEqual({
      mbf: true,
      ebf: true,
      gbf: true,
      tbf: true,
      tpi: 2,
      tpl: true,
      kf: 2,
      oo: true,
      oc: true,
      ob: true,
      eef: false,
      mef: true,
      gef: true,
    });
  });

  it('answers 40100 with HTTP 401 without session cookies, and keeps requesttime', async () => {
    const response = await userInfo(new TestBrowser(gateway));
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: GatewayCode.unauthorized, data: null });
    expect(Number(response.headers.get('requesttime'))).toBeGreaterThan(0);
  });

  it('validates its body once the session is known', async () => {
    const response = await (await signInDemo()).post(ApiPath.userInfo, { lang: 'en' });
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(GatewayCode.validationFailed);
    expect(response.json?.msg).toContain('locale');
  });
});

describe('logout and clear cookie', () => {
  it.each([ApiPath.logout, ApiPath.btapiLogout])(
    '%s ends the session and clears the cookies; the old cookies no longer work',
    async (path) => {
      const visitor = await signInDemo();
      const before = visitor.clone();
      const response = await visitor.post(path, {});
      expect(response.status).toBe(200);
      expect(response.json?.code).toBe('00000');
      const cleared = response.cookies.filter((cookie) => cookie.attributes['max-age'] === '0');
      expect(cleared.map((cookie) => cookie.name).sort()).toEqual(
        [CookieName.refreshToken, CookieName.signedIn, CookieName.token].sort(),
      );
      expect(visitor.cookies.size).toBe(0);

      expect((await userInfo(visitor)).json?.code).toBe(GatewayCode.unauthorized);
      const replayed = await userInfo(before);
      expect(replayed.status).toBe(401);
      expect(replayed.json?.code).toBe(ErrorCode.sessionExpired);
    },
  );

  it('answers success without a session, however often it is called', async () => {
    const visitor = new TestBrowser(gateway);
    for (const path of [ApiPath.logout, ApiPath.btapiLogout, ApiPath.logout]) {
      const response = await visitor.post(path, '');
      expect(response.json?.code, path).toBe('00000');
    }
  });

  it('clearCookie clears token, refresh_token and signed_in, with or without a session', async () => {
    for (const visitor of [await signInDemo(), new TestBrowser(gateway)]) {
      const response = await visitor.post(ApiPath.clearCookie, {});
      expect(response.json?.code).toBe('00000');
      const byName = new Map(response.cookies.map((cookie) => [cookie.name, cookie]));
      for (const name of [CookieName.token, CookieName.refreshToken, CookieName.signedIn]) {
        expect(byName.get(name)?.attributes, name).toMatchObject({ 'max-age': '0', path: '/' });
        expect(byName.get(name)?.value, name).toBe('');
      }
      expect(visitor.cookies.size).toBe(0);
    }
  });
});

describe('session expiry (SPEC 4 and 8)', () => {
  it('answers 00004 with HTTP 401 once both the token and the refresh token have expired', async () => {
    const visitor = await signInDemo();
    expect((await userInfo(visitor)).json?.code).toBe('00000');
    await sleep(REFRESH_TTL_MS + 100);
    const response = await userInfo(visitor);
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: ErrorCode.sessionExpired, data: null });
    expect(Number(response.headers.get('requesttime'))).toBeGreaterThan(0);
  });

  it('renews an expired token with the refresh token: both rotate and the old ones stop working', async () => {
    const visitor = await signInDemo();
    const old = visitor.clone();
    await sleep(SESSION_TTL_MS + 100);

    const renewed = await userInfo(visitor);
    expect(renewed.json?.code).toBe('00000');
    expect(userInfoReplySchema.parse(renewed.json?.data).userInfo.userId).toBe(DEMO_ACCOUNT.userId);
    const set = new Map(renewed.cookies.map((cookie) => [cookie.name, cookie]));
    expect(set.get(CookieName.token)?.attributes).toMatchObject({ httponly: '', secure: '' });
    for (const name of [CookieName.token, CookieName.refreshToken]) {
      expect(visitor.cookies.get(name), name).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(visitor.cookies.get(name), name).not.toBe(old.cookies.get(name));
    }
    const rows = await gateway.db.query<{ live: number }>(
      `SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND ended_reason IS NULL`,
      [DEMO_ACCOUNT.userId],
    );
    expect(rows[0]?.live).toBe(1);

    // A parallel call that left with the old cookies is still served, without renewing again.
    const straggler = await userInfo(old.clone());
    expect(straggler.json?.code).toBe('00000');
    expect(straggler.cookies).toEqual([]);

    await sleep(RENEW_GRACE_MS + 50);
    const oldRefreshToken = old.cookies.get(CookieName.refreshToken) ?? '';
    const replayed = await userInfo(old);
    expect(replayed.status).toBe(401);
    expect(replayed.json?.code).toBe(ErrorCode.sessionExpired);
    // The old refresh token alone does not work either.
    const refreshOnly = new TestBrowser(gateway);
    refreshOnly.cookies.set(CookieName.refreshToken, oldRefreshToken);
    expect((await userInfo(refreshOnly)).json?.code).toBe(ErrorCode.sessionExpired);

    // That old refresh token coming back after its grace was a reuse: the session it was rotated
    // into has ended too (see "refresh token reuse").
    expect((await userInfo(visitor)).json?.code).toBe(ErrorCode.sessionExpired);
  });

  it('delivers renewed cookies even when the renewing call is refused for its body', async () => {
    const visitor = await signInDemo();
    const old = visitor.clone();
    await sleep(SESSION_TTL_MS + 100);
    const refused = await visitor.post(ApiPath.userInfo, { locale: 7 });
    expect(refused.json?.code).toBe(GatewayCode.validationFailed);
    expect(visitor.cookies.get(CookieName.token)).not.toBe(old.cookies.get(CookieName.token));
    expect((await userInfo(visitor)).json?.code).toBe('00000');
  });

  it('answers 20906 with HTTP 401 to a session ended by a newer login', async () => {
    const first = await signInDemo();
    const second = await signInDemo();
    expect(first.cookies.get(CookieName.signedIn)).toBe('1');
    const response = await userInfo(first);
    expect(response.status).toBe(401);
    expect(response.json?.code).toBe(ErrorCode.sessionReplaced);
    expect((await userInfo(second)).json?.code).toBe('00000');
    // The refused cookies are cleared, so the page stops presenting a session that cannot work.
    expect([...first.cookies.keys()]).toEqual([]);
    expect((await userInfo(first)).json?.code).toBe(GatewayCode.unauthorized);
  });

  it('answers 20205 with HTTP 403 to a live session of a frozen user', async () => {
    const { visitor, userId } = await register();
    expect((await userInfo(visitor)).json?.code).toBe('00000');
    await gateway.db.query('UPDATE users SET frozen = true WHERE user_id = $1', [userId]);
    const response = await userInfo(visitor);
    expect(response.status).toBe(403);
    expect(response.json?.code).toBe(ErrorCode.accountFrozen);
    expect(Number(response.headers.get('requesttime'))).toBeGreaterThan(0);
  });

  it('answers 00004 to session cookies the gateway never issued', async () => {
    const visitor = new TestBrowser(gateway);
    visitor.cookies.set(CookieName.token, 'A'.repeat(43));
    const response = await userInfo(visitor);
    expect(response.status).toBe(401);
    expect(response.json?.code).toBe(ErrorCode.sessionExpired);
  });
});

describe('refresh token reuse', () => {
  /** A user signed in from an encrypted registration (the client's way). */
  const registerEncrypted = async () => {
    const client = await SigningClient.create(gateway);
    const response = await client.postEncrypted(ApiPath.registerEmail, {
      email: uniqueEmail('reuse'),
      pwd: STRONG_PASSWORD,
    });
    expect(response.json?.code).toBe('00000');
    return client.browser;
  };
  const endedReason = async (visitor: TestBrowser) => {
    const rows = await gateway.db.query<{ ended_reason: string | null }>(
      `SELECT ended_reason FROM sessions
       WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [visitor.cookies.get(CookieName.token) ?? ''],
    );
    return rows[0]?.ended_reason;
  };

  it('ends the whole family when a rotated refresh token comes back after its grace', async () => {
    const holder = await registerEncrypted();
    const thief = holder.clone();
    await sleep(SESSION_TTL_MS + 100);
    // The holder renews: both tokens rotate; the thief's copy is now a retired refresh token.
    expect((await userInfo(holder)).json?.code).toBe('00000');
    const renewed = holder.clone();
    await sleep(RENEW_GRACE_MS + 50);

    const reused = await userInfo(thief);
    expect(reused.status).toBe(401);
    expect(reused.json?.code).toBe(ErrorCode.sessionExpired);
    // The session the token was rotated into is over too, for whoever holds it.
    const next = await userInfo(holder);
    expect(next.status).toBe(401);
    expect(next.json?.code).toBe(ErrorCode.sessionExpired);
    expect(await endedReason(renewed)).toBe('reused');
  });

  it('ends it when the thief renewed first and the holder’s old token comes back', async () => {
    const holder = await registerEncrypted();
    const thief = holder.clone();
    await sleep(SESSION_TTL_MS + 100);
    expect((await userInfo(thief)).json?.code).toBe('00000');
    await sleep(RENEW_GRACE_MS + 50);
    expect((await userInfo(holder)).json?.code).toBe(ErrorCode.sessionExpired);
    expect(await endedReason(thief)).toBe('reused');
    expect((await userInfo(thief)).json?.code).toBe(ErrorCode.sessionExpired);
  });

  it('knows a token rotated away twice, and holds across gateways sharing the database', async () => {
    const holder = await registerEncrypted();
    const oldest = holder.clone();
    for (let rotation = 0; rotation < 2; rotation += 1) {
      await sleep(SESSION_TTL_MS + 100);
      const renewed = await userInfo(holder);
      expect(renewed.json?.code).toBe('00000');
      expect(renewed.cookies.map((cookie) => cookie.name)).toContain(CookieName.refreshToken);
    }
    // The oldest refresh token reaches another gateway process on the same database.
    const other = createApp({ db: gateway.db, config: { ...DEFAULT_APP_CONFIG, ...SHORT_TIMES } });
    const cookie = [...oldest.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const there = await other.request(ApiPath.userInfo, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(await there.json()).toMatchObject({ code: ErrorCode.sessionExpired });
    expect(await endedReason(holder)).toBe('reused');
    expect((await userInfo(holder)).json?.code).toBe(ErrorCode.sessionExpired);
  });

  it('ends nothing for a refresh token back within its grace (a page’s parallel calls)', async () => {
    const holder = await registerEncrypted();
    const parallel = holder.clone();
    await sleep(SESSION_TTL_MS + 100);
    expect((await userInfo(holder)).json?.code).toBe('00000');
    expect((await userInfo(parallel)).json?.code).toBe('00000');
    expect((await userInfo(holder)).json?.code).toBe('00000');
    expect(await endedReason(holder)).toBeNull();
  });

  it('sweeps retired refresh tokens that would have expired, and keeps the others', async () => {
    const holder = await registerEncrypted();
    await sleep(SESSION_TTL_MS + 100);
    expect((await userInfo(holder)).json?.code).toBe('00000');
    const [session] = await gateway.db.query<{ session_id: string }>(
      `SELECT session_id::text AS session_id FROM sessions
       WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [holder.cookies.get(CookieName.token) ?? ''],
    );
    await gateway.db.query(
      `INSERT INTO retired_refresh_tokens (token_hash, session_id, expires_at)
       VALUES ('sweep-old', $1, now() - interval '1 second')`,
      [session?.session_id],
    );
    await sweepExpired(gateway.db);
    const rows = await gateway.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM retired_refresh_tokens WHERE session_id = $1',
      [session?.session_id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe('sweep-old');
  });
});

describe('housekeeping', () => {
  it('deletes ended throttle windows and sessions past renewal, and keeps the rest', async () => {
    await gateway.db.query(
      `INSERT INTO throttle_counters (bucket, hits, expires_at) VALUES
         ('sweep-test:old', 3, now() - interval '1 second'),
         ('sweep-test:live', 3, now() + interval '1 hour')`,
    );
    await gateway.db.query(
      `INSERT INTO sessions (token_hash, refresh_token_hash, user_id, access_expires_at,
         refresh_expires_at)
       VALUES ('sweep-a', 'sweep-b', $1, now() - interval '3 days', now() - interval '2 days')`,
      [DEMO_ACCOUNT.userId],
    );
    const live = await signInDemo();
    await sweepExpired(gateway.db);
    const buckets = await gateway.db.query<{ bucket: string }>(
      "SELECT bucket FROM throttle_counters WHERE bucket LIKE 'sweep-test:%'",
    );
    expect(buckets.map((row) => row.bucket)).toEqual(['sweep-test:live']);
    expect(await gateway.db.query("SELECT 1 FROM sessions WHERE token_hash = 'sweep-a'")).toEqual(
      [],
    );
    expect((await userInfo(live)).json?.code).toBe('00000');
  });
});

describe('clientCommonConfig userId', () => {
  const configUserId = async (visitor: TestBrowser) => {
    const response = await visitor.get(ApiPath.clientCommonConfig);
    expect(response.json?.code).toBe('00000');
    return clientCommonConfigReplySchema.parse(response.json?.data).clientCommonConfig.userId;
  };

  it('is the signed-in user, and empty for anonymous callers and ended sessions', async () => {
    const visitor = await signInDemo();
    expect(await configUserId(visitor)).toBe(DEMO_ACCOUNT.userId);
    expect(await configUserId(new TestBrowser(gateway))).toBe('');
    await signInDemo();
    expect(await configUserId(visitor)).toBe('');
  });
});

describe('session cookies when Secure is configured', () => {
  it('marks every session cookie Secure even on 127.0.0.1', async () => {
    const visitor = new TestBrowser(gateway);
    const response = await visitor.post(ApiPath.login, {
      loginName: DEMO_ACCOUNT.loginName,
      pwd: DEMO_ACCOUNT.password,
    });
    expect(response.cookies).toHaveLength(3);
    for (const cookie of response.cookies) {
      expect(cookie.attributes, cookie.name).toHaveProperty('secure');
      expect(cookie.attributes, cookie.name).toMatchObject({ samesite: 'Lax', path: '/' });
    }
  });
});
