import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import type { UserInfoReply } from '@exchange-web/protocol/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import { createHttpClient } from './http-client';
import { memoryStorage } from './key-value-storage';
import { LocalCache } from './local-cache';
import { createSession, isLoggedIn } from './session';
import { userInfoReplyFixture } from '@exchange-web/protocol/fixtures';
import { fail, ok, startLocalServer, type LocalServer } from './testing/local-server';

const userInfo = (userId: string): UserInfoReply => userInfoReplyFixture(userId);

let server: LocalServer;

beforeEach(async () => {
  server = await startLocalServer();
});
afterEach(async () => {
  await server.close();
});

// A fresh session over a fresh client, storage and cookies; signed in when `cookies` says so.
function setup(
  cookies: Record<string, string> = { [CookieName.signedIn]: '1' },
  storedUserId = '',
  httpOptions: { duplicateGuard?: boolean } = {},
) {
  const storage = memoryStorage({
    [LocalStorageKey.localCache]: JSON.stringify({ globalUserId: storedUserId }),
  });
  const localCache = new LocalCache(storage);
  const jar = memoryCookieJar({ [CookieName.language]: 'ja', ...cookies });
  const errors: unknown[][] = [];
  const logger = { error: (...data: unknown[]) => errors.push(data), warn: () => undefined };
  const steps: string[] = [];
  const reload = () => steps.push('reload');
  const http = createHttpClient({
    baseURL: server.baseURL,
    storage,
    localCache,
    cookies: jar,
    logger,
    notify: () => undefined,
    reload,
    ...httpOptions,
  });
  const session = createSession({ http, localCache, cookies: jar, logger });
  return { session, localCache, jar, errors, steps };
}

describe('session: user info', () => {
  it('loads the user with {locale}, stores globalUserId and tells subscribers', async () => {
    server.on(ApiPath.userInfo, () => ok(userInfo('1001')));
    const { session, localCache } = setup();
    const states: string[] = [];
    session.subscribe(() => states.push(session.getState().status));
    await expect(session.loadUserInfo()).resolves.toMatchObject({ userName: 'trader' });
    expect(JSON.parse(server.hits(ApiPath.userInfo)[0]?.body ?? '')).toEqual({ locale: 'ja' });
    expect(localCache.get('globalUserId')).toBe('1001');
    expect(session.getState()).toMatchObject({ status: 'signedIn', userId: '1001' });
    expect(session.getState().user?.loginName).toBe('trader@example.com');
    expect([isLoggedIn(session.getState()), session.userId()]).toEqual([true, '1001']);
    expect(states).toEqual(['loading', 'signedIn']);
  });

  it('is anonymous when the reply has an empty userId', async () => {
    server.on(ApiPath.userInfo, () => ok(userInfo('')));
    const { session } = setup();
    await session.loadUserInfo();
    expect(isLoggedIn(session.getState())).toBe(false);
    expect(session.getState().status).toBe('anonymous');
  });

  it.each([
    ['a refusal', () => fail('00004', 'Session expired')],
    ['a malformed reply', () => ok({ userInfo: { userId: 5 } })],
    ['an HTTP error', () => ({ status: 502, raw: 'bad gateway' })],
  ])('on %s logs "get user info error" and clears the stored id', async (_name, reply) => {
    server.on(ApiPath.userInfo, reply);
    const { session, localCache, errors, steps } = setup(undefined, '1001');
    expect(session.getState().userId).toBe('1001');
    await expect(session.loadUserInfo()).resolves.toBeNull();
    expect(errors.filter(([message]) => message === 'get user info error').length).toBe(1);
    expect(localCache.get('globalUserId')).toBe('');
    expect(session.getState()).toEqual({ status: 'anonymous', userId: '', user: null });
    // The user-info call is exempt from session expiry: no logout, no reload.
    expect([server.hits(ApiPath.logout).length, steps]).toEqual([0, []]);
  });

  it('without a session cookie is anonymous without a request', async () => {
    server.on(ApiPath.userInfo, () => ok(userInfo('1001')));
    const { session, localCache } = setup({}, '1001');
    expect(session.getState().userId).toBe('');
    await expect(session.loadUserInfo()).resolves.toBeNull();
    expect(server.seen.length).toBe(0);
    expect(localCache.get('globalUserId')).toBe('');
    expect(session.getState().status).toBe('anonymous');
  });

  it('shares one request between concurrent loads', async () => {
    server.on(ApiPath.userInfo, () => ok(userInfo('1001')));
    const { session } = setup();
    await Promise.all([session.loadUserInfo(), session.loadUserInfo()]);
    expect(server.hits(ApiPath.userInfo).length).toBe(1);
  });

  it('asks anew for a fresh load, past the duplicate guard and a load in flight', async () => {
    let userId = '1001';
    server.on(ApiPath.userInfo, () => ok(userInfo(userId)));
    const { session } = setup(undefined, '', { duplicateGuard: true });
    await session.loadUserInfo();
    await session.loadUserInfo();
    userId = '1002';
    // A third identical call within the guard's second would share the last answer (1001).
    const stale = session.loadUserInfo();
    const fresh = session.loadUserInfo({ fresh: true });
    expect((await stale)?.userInfo.userId).toBe('1001');
    expect((await fresh)?.userInfo.userId).toBe('1002');
    expect(session.getState().userId).toBe('1002');
    expect(server.hits(ApiPath.userInfo).length).toBe(3);
  });

  it('feeds its user id to the http client as the userId provider', async () => {
    server.on(ApiPath.userInfo, () => ok(userInfo('1001')));
    const { session } = setup();
    const ids: string[] = [];
    const http = createHttpClient({
      baseURL: server.baseURL,
      storage: memoryStorage(),
      userId: session.userId,
      hooks: [
        { slot: 'caller-request', beforeRequest: (request) => void ids.push(request.userId) },
      ],
    });
    await http.post(ApiPath.userInfo, { locale: 'en' });
    await session.loadUserInfo();
    await http.post(ApiPath.userInfo, { locale: 'en' });
    expect(ids).toEqual(['', '1001']);
  });
});

describe('session: logout', () => {
  it('posts both logouts, removes the cookies, posts clear cookie, then reloads', async () => {
    const { session, jar, steps } = setup({
      [CookieName.signedIn]: '1',
      [CookieName.refreshToken]: 'r',
    });
    for (const path of [ApiPath.logout, ApiPath.btapiLogout])
      server.on(path, () => {
        steps.push(`${path} (refresh cookie ${jar.get(CookieName.refreshToken) ?? 'gone'})`);
        return ok(null);
      });
    server.on(ApiPath.clearCookie, () => {
      steps.push(
        `${ApiPath.clearCookie} (refresh cookie ${jar.get(CookieName.refreshToken) ?? 'gone'})`,
      );
      return ok(null);
    });
    await session.logout();
    expect(steps).toEqual([
      '/v1/user/logout (refresh cookie r)',
      '/btapi/common/logout (refresh cookie r)',
      '/v1/user/public/clearCookie (refresh cookie gone)',
      'reload',
    ]);
    expect([jar.get(CookieName.signedIn), jar.get(CookieName.language)]).toEqual([undefined, 'ja']);
    expect(session.getState()).toEqual({ status: 'anonymous', userId: '', user: null });
  });

  it('reloads even when the logout calls fail', async () => {
    server.on(ApiPath.logout, () => ({ status: 500, raw: 'down' }));
    server.on(ApiPath.btapiLogout, () => fail('00004', 'Session expired'));
    const { session, steps, jar } = setup();
    await session.logout();
    expect(steps).toEqual(['reload']);
    expect(jar.get(CookieName.signedIn)).toBeUndefined();
    // The expired reply to a logout call does not start the session-expiry logout again.
    expect(server.hits(ApiPath.logout).length).toBe(1);
  });

  it('reloads when the server cannot be reached at all', async () => {
    const { session, steps } = setup();
    await server.close();
    await session.logout();
    expect(steps).toEqual(['reload']);
  });
});
