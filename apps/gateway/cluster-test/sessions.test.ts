import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { sessionReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, type CallResult, type TestBrowser } from '../test/support';
import { ClusterBrowser, doors, register } from './support';

// Sessions live in the shared database (README "Accounts and sessions"): whichever process a
// request reaches, it sees the same sessions, so the balancer needs no stickiness.
const { a, b, proxy } = doors();

const userInfo = (visitor: TestBrowser) => visitor.post(ApiPath.userInfo, { locale: 'en' });

function expectUser(response: CallResult, userId: string) {
  expect(response.json?.code, response.text).toBe('00000');
  expect(userInfoReplySchema.parse(response.json?.data).userInfo.userId).toBe(userId);
}

function expectRefused(response: CallResult, code: string) {
  expect(response.status).toBe(401);
  expect(response.json?.code).toBe(code);
}

/** A registered user, then logged in through `door`: the browser holds that login's session. */
async function loggedIn(door: typeof a) {
  const { email, userId } = await register(new ClusterBrowser(door));
  const visitor = new ClusterBrowser(door);
  const login = await visitor.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
  expect(login.json?.code, login.text).toBe('00000');
  expect(sessionReplySchema.parse(login.json?.data).userId).toBe(userId);
  return { visitor, email, userId };
}

describe('a session made through one gateway', () => {
  it('serves through the other and through the proxy', async () => {
    const { visitor, userId } = await loggedIn(a);
    expectUser(await userInfo(visitor.on(b)), userId);
    // Through nginx the calls alternate between the gateways: each must know the session.
    for (let call = 0; call < 4; call += 1) expectUser(await userInfo(visitor.on(proxy)), userId);
  });

  it('ends everywhere on a logout through the other: its cookies then get 00004', async () => {
    const { visitor, userId } = await loggedIn(a);
    // Copied first: a refusal clears the cookies of the browser that got it.
    const viaProxy = visitor.on(proxy);
    const onB = visitor.on(b);
    expectUser(await userInfo(onB), userId);
    const logout = await onB.post(ApiPath.logout, {});
    expect(logout.json?.code).toBe('00000');

    // The old cookies, replayed to A where the session was made, and through the proxy.
    expectRefused(await userInfo(visitor), ErrorCode.sessionExpired);
    expectRefused(await userInfo(viaProxy), ErrorCode.sessionExpired);
  });

  it('is replaced by a newer login through the other: the first then gets 20906', async () => {
    const { visitor, email, userId } = await loggedIn(a);
    const onB = visitor.on(b);
    const elsewhere = new ClusterBrowser(b);
    const login = await elsewhere.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(login.json?.code).toBe('00000');

    expectRefused(await userInfo(visitor), ErrorCode.sessionReplaced);
    expectRefused(await userInfo(onB), ErrorCode.sessionReplaced);
    expectUser(await userInfo(elsewhere.on(a)), userId);
  });

  it('is not forged by cookies no gateway issued: 00004 on both, 40100 without any', async () => {
    const { visitor } = await loggedIn(a);
    const forged = visitor.on(b);
    for (const name of forged.cookies.keys()) forged.cookies.set(name, 'forged-token-value');
    const forgedOnA = forged.on(a);
    expectRefused(await userInfo(forged), ErrorCode.sessionExpired);
    expectRefused(await userInfo(forgedOnA), ErrorCode.sessionExpired);
    expectRefused(await userInfo(new ClusterBrowser(proxy)), GatewayCode.unauthorized);
  });
});
