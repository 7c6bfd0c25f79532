import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import {
  ApiError,
  isCancelledError,
  isHttpStatusError,
  isNetworkError,
  isSessionExpiredError,
  isTimeoutError,
  isWrongApiNameError,
} from './errors';
import {
  createHttpClient,
  type CallerHook,
  type HttpClientOptions,
  type RequestSlot,
} from './http-client';
import { memoryStorage } from './key-value-storage';
import { LocalCache } from './local-cache';
import { fail, ok, startLocalServer, type LocalServer } from './testing/local-server';

// A real local server per test, not a mocked transport: what it saw is what the wrapper sent.
let server: LocalServer;
let toasts: string[];
let logged: unknown[][];

beforeEach(async () => {
  server = await startLocalServer();
  toasts = [];
  logged = [];
  server.on('/v1/ok', (request) => ok({ echo: request.body }));
  server.on('/v1/two-hundred', () => ({ body: { code: 200, data: 7, msg: 'ok' } }));
  server.on('/v1/refused', () => fail('30001', 'Insufficient balance'));
  server.on('/v1/bad-input', () => fail('40001', 'locale: Required', 400));
  server.on('/v1/plain-500', () => ({ status: 500, raw: 'oops' }));
  server.on('/v1/other', () => ({ body: 'not an envelope' }));
  server.on('/v1/busy', () => fail('42900', 'Too many requests', 429));
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

// A fresh client with fake platform pieces; toasts and logs go to this test's lists only.
const client = (options: HttpClientOptions = {}) => {
  const [ownToasts, ownLogs] = [toasts, logged];
  return createHttpClient({
    baseURL: server.baseURL,
    storage: memoryStorage(),
    cookies: memoryCookieJar(),
    notify: (message) => ownToasts.push(message),
    logger: { error: (...data) => ownLogs.push(data), warn: (...data) => ownLogs.push(data) },
    reload: () => undefined,
    ...options,
  });
};

describe('http wrapper: envelope and paths', () => {
  it('posts JSON under the site root and resolves data on 00000', async () => {
    const http = client();
    await expect(http.post('v1/ok', { locale: 'en' })).resolves.toEqual({
      echo: '{"locale":"en"}',
    });
    expect(server.seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/ok' });
    expect(server.seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('gets with query parameters and resolves data on 200', async () => {
    const http = client();
    await expect(http.get('/v1/two-hundred', { symbol: 'BTCUSDT', page: 2 })).resolves.toBe(7);
    expect(server.seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/v1/two-hundred?symbol=BTCUSDT&page=2',
    });
  });

  it('rejects any other code with the server msg and code', async () => {
    const error = await client()
      .post('/v1/refused')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Insufficient balance', code: '30001' });
  });

  it('rejects an HTTP refusal that carries an envelope the same way', async () => {
    await expect(client().post('/v1/bad-input')).rejects.toMatchObject({
      message: 'locale: Required',
      code: '40001',
    });
  });

  it('rejects transport failures with named errors that keep axios messages', async () => {
    const status = await client()
      .get('/v1/plain-500')
      .catch((caught: unknown) => caught);
    expect(isHttpStatusError(status)).toBe(true);
    expect(status).toMatchObject({
      status: 500,
      body: 'oops',
      message: 'Request failed with status code 500',
    });
    const network = await client({ baseURL: 'http://127.0.0.1:1' })
      .get('/v1/ok')
      .catch((caught: unknown) => caught);
    expect([isNetworkError(network), (network as Error).message]).toEqual([true, 'Network Error']);
    const controller = new AbortController();
    server.on('/v1/hang', () => new Promise(() => undefined));
    const hanging = client()
      .get('/v1/hang', {}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort();
    const cancelled = await hanging;
    expect([isCancelledError(cancelled), (cancelled as Error).message]).toEqual([true, 'canceled']);
    expect(toasts).toEqual(['Request failed with status code 500', 'Network Error']);
  });

  it('refuses an empty path with "wrong api name!" before any request', async () => {
    const http = client();
    const post = await http.post('', {}).catch((caught: unknown) => caught);
    const get = await http.get('').catch((caught: unknown) => caught);
    expect([isWrongApiNameError(post), isWrongApiNameError(get)]).toEqual([true, true]);
    expect((post as Error).message).toBe('wrong api name!');
    expect(server.seen.length).toBe(0);
  });

  it('rejects a reply that is not an envelope', async () => {
    await expect(client().get('/v1/other')).rejects.toThrow('malformed reply');
  });
});

describe('http wrapper: platform', () => {
  it('works outside a browser with no platform given (SSR): memory storage, console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const http = createHttpClient({ baseURL: server.baseURL });
      await expect(http.get('/v1/ok')).resolves.toEqual({ echo: '' });
      await http.get('/v1/plain-500').catch(() => undefined);
      expect(server.seen[0]?.headers.deviceid).toMatch(/^[0-9a-f]{11}$/);
      expect(warn).toHaveBeenCalledWith('Request failed with status code 500');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('http wrapper: headers', () => {
  it('sends the common headers on the wire, with the ids the tracker stored', async () => {
    const storage = memoryStorage({
      [LocalStorageKey.deviceFingerprint]: 'fingerprint-1',
      [LocalStorageKey.terminalCode]: 'terminal-1',
    });
    const http = client({ storage });
    await http.post('/v1/ok', {});
    await http.get('/v1/ok');
    const [first, second] = server.seen.map((request) => request.headers);
    for (const headers of [first, second])
      expect(headers).toMatchObject({
        website: 'mix',
        terminaltype: '1',
        locale: 'en_US',
        language: 'en_US',
        deviceid: 'fingerprint-1',
        terminalcode: 'terminal-1',
      });
  });

  it('sends one provisional device id and terminal code per page before the tracker stores them', async () => {
    const http = client({ storage: memoryStorage() });
    await http.post('/v1/ok', {});
    await http.get('/v1/ok');
    const [first, second] = server.seen.map((request) => request.headers);
    expect(first?.deviceid).toMatch(/^[0-9a-f]{11}$/);
    expect(first?.terminalcode).toMatch(/^[0-9a-f]{11}$/);
    expect(first?.deviceid).not.toBe(first?.terminalcode);
    expect([second?.deviceid, second?.terminalcode]).toEqual([
      first?.deviceid,
      first?.terminalcode,
    ]);
  });

  it('takes device id and terminal code providers', async () => {
    await client({ deviceId: () => 'fp-1', terminalCode: () => 'tc-1' }).get('/v1/ok');
    expect(server.seen[0]?.headers).toMatchObject({ deviceid: 'fp-1', terminalcode: 'tc-1' });
  });

  it.each([
    ['zh-CN', 'zh_CN'],
    ['ar', 'ar_US'],
    ['en-GB', 'en_GB'],
  ])('sends the stored language %s as %s', async (language, key) => {
    await client({ cookies: memoryCookieJar({ [CookieName.language]: language }) }).get('/v1/ok');
    expect(server.seen[0]?.headers).toMatchObject({ locale: key, language: key });
  });

  it('sends a unique uhti and a tm corrected by the requesttime of the last reply', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    server.on('/v1/time', () => ({
      ...ok(null),
      headers: { requesttime: String(1_700_000_360_000) },
    }));
    const http = client();
    await http.get('/v1/time');
    vi.advanceTimersByTime(5);
    await Promise.all([http.get('/v1/ok'), http.get('/v1/ok')]);
    const [first, second, third] = server.seen.map((request) => request.headers);
    expect(first?.tm).toBe('1700000000000');
    // 360 s ahead of the local clock, seen 5 ms before.
    expect([second?.tm, third?.tm]).toEqual(['1700000360005', '1700000360005']);
    expect(http.now()).toBe(1_700_000_360_005);
    const uhtis = [first, second, third].map((headers) => String(headers?.uhti));
    for (const [index, uhti] of uhtis.entries())
      expect(uhti).toBe(`w${uhti.slice(1, 12)}${[first, second, third][index]?.tm}`);
    expect(uhtis[1]).toMatch(/^w[0-9a-f]{11}\d{13}$/);
    expect(new Set(uhtis).size).toBe(3);
  });

  it('sends pfb and beta only when set', async () => {
    await client().get('/v1/ok');
    await client({ testEnvironment: { pfb: 'test3' } }).get('/v1/ok');
    await client({ testEnvironment: { beta: 'b2', pfb: 'test4' } }).get('/v1/ok');
    const [none, pfb, both] = server.seen.map((request) => request.headers);
    expect([none?.pfb, none?.beta]).toEqual([undefined, undefined]);
    expect([pfb?.pfb, pfb?.beta]).toEqual(['test3', undefined]);
    expect([both?.pfb, both?.beta]).toEqual(['test4', 'b2']);
  });

  it('sends the same headers signed in or not, and gives hooks the user id', async () => {
    const ids: string[] = [];
    const spy: CallerHook = {
      slot: 'caller-request',
      beforeRequest: (request) => void ids.push(request.userId),
    };
    const storage = memoryStorage();
    const localCache = new LocalCache(storage);
    const stable = { deviceId: () => 'd', terminalCode: () => 't', hooks: [spy] };
    await client({ ...stable, storage, localCache }).get('/v1/ok');
    localCache.set('globalUserId', '1001');
    await client({ ...stable, storage, localCache }).get('/v1/ok');
    await client({ ...stable, userId: () => '2002' }).get('/v1/ok');
    expect(ids).toEqual(['', '1001', '2002']);
    const names = server.seen.map((request) => Object.keys(request.headers).sort().join());
    expect(new Set(names).size).toBe(1);
  });
});

describe('http wrapper: simulation header', () => {
  it('sends paptrading: 1 while the flag is in storage, read at each request', async () => {
    const storage = memoryStorage();
    const http = client({ storage });
    await http.get('/v1/ok');
    storage.setItem(LocalStorageKey.simulationTrade, '1');
    await http.get('/v1/ok', { again: 1 });
    await http.post('/v1/ok', { locale: 'en' });
    storage.removeItem(LocalStorageKey.simulationTrade);
    await http.get('/v1/ok', { again: 2 });
    expect(server.hits('/v1/ok').map((request) => request.headers.paptrading)).toEqual([
      undefined,
      '1',
      '1',
      undefined,
    ]);
  });

  it('takes a simulation provider', async () => {
    let on = true;
    const http = client({ simulation: () => on });
    await http.get('/v1/ok');
    on = false;
    await http.get('/v1/ok', { real: 1 });
    expect(server.hits('/v1/ok').map((request) => request.headers.paptrading)).toEqual([
      '1',
      undefined,
    ]);
  });
});

describe('http wrapper: duplicate guard', () => {
  it('is off outside a browser: identical calls all go', async () => {
    const http = client();
    await Promise.all([http.get('/v1/ok'), http.get('/v1/ok'), http.get('/v1/ok')]);
    expect(server.hits('/v1/ok').length).toBe(3);
  });

  it('when on, lets 2 identical calls within 1000 ms on the wire, the rest share', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let hits = 0;
    server.on('/v1/count', () => ok((hits += 1)));
    const http = client({ duplicateGuard: true });
    const first = await Promise.all([
      http.post('/v1/count', { a: 1 }),
      http.post('/v1/count', { a: 1 }),
      http.post('/v1/count', { a: 1 }),
    ]);
    expect(first).toEqual([1, 2, 2]);
    vi.advanceTimersByTime(999);
    await expect(http.post('/v1/count', { a: 1 })).resolves.toBe(2);
    expect(hits).toBe(2);
    vi.advanceTimersByTime(1);
    await expect(http.post('/v1/count', { a: 1 })).resolves.toBe(3);
    expect(server.hits('/v1/count').length).toBe(3);
  });
});

describe('http wrapper: timeouts', () => {
  it('gives up on a slow server after the configured timeout, with TimeoutError', async () => {
    server.on('/v1/slow', () => new Promise(() => undefined));
    const slow = await client({ timeoutMs: 50 })
      .get('/v1/slow')
      .catch((caught: unknown) => caught);
    expect([isTimeoutError(slow), (slow as Error).message]).toEqual([
      true,
      'timeout of 50ms exceeded',
    ]);
    expect(toasts).toEqual(['timeout of 50ms exceeded']);
  });

  it('waits 20 s in the shared wrapper, and 60 s for a long call (an export)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.on('/v1/slow', () => new Promise(() => undefined));
    const outcomes: string[] = [];
    const track = (name: string, call: Promise<unknown>) =>
      call.catch((error: unknown) => outcomes.push(`${name}: ${(error as Error).message}`));
    const shared = track('shared', client().get('/v1/slow'));
    const long = track('long', client().get('/v1/slow', undefined, { long: true, fresh: true }));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await shared;
    expect(outcomes).toEqual(['shared: timeout of 20000ms exceeded']);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(outcomes.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await long;
    expect(outcomes.at(-1)).toBe('long: timeout of 60000ms exceeded');
  });
});

describe('http wrapper: error notices', () => {
  it('keeps 429 quiet', async () => {
    await expect(client().get('/v1/busy')).rejects.toMatchObject({ code: '42900' });
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('logs a body status error under HTTP 200 to the console only', async () => {
    await client()
      .post('/v1/refused')
      .catch(() => undefined);
    expect(toasts).toEqual([]);
    expect(logged).toEqual([['request /v1/refused failed', '30001 Insufficient balance']]);
  });

  it('toasts other failures, the same message once within 2 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const http = client();
    await Promise.allSettled([http.get('/v1/plain-500'), http.get('/v1/plain-500')]);
    await http.post('/v1/bad-input').catch(() => undefined);
    expect(toasts).toEqual(['Request failed with status code 500', 'locale: Required']);
    vi.advanceTimersByTime(2000);
    await http.get('/v1/plain-500').catch(() => undefined);
    expect(toasts.length).toBe(3);
  });

  it('logs toasts through the logger when no notify is given', async () => {
    const warnings: unknown[][] = [];
    const http = createHttpClient({
      baseURL: server.baseURL,
      storage: memoryStorage(),
      cookies: memoryCookieJar(),
      logger: { error: () => undefined, warn: (...data) => warnings.push(data) },
    });
    await http.get('/v1/plain-500').catch(() => undefined);
    expect(warnings).toEqual([['Request failed with status code 500']]);
  });
});

describe('http wrapper: session expiry', () => {
  const signedIn = () =>
    memoryCookieJar({
      [CookieName.refreshToken]: 'r',
      [CookieName.signedIn]: '1',
      [CookieName.language]: 'en',
    });

  it('ends the session once for ten failing calls and rejects each with SessionExpiredError', async () => {
    for (let index = 0; index < 10; index += 1)
      server.on(`/v1/private/${index}`, () =>
        index % 2 ? fail('00004', 'Session expired', 401) : fail('20906', 'Logged in elsewhere'),
      );
    server.on(ApiPath.logout, () => ok(null));
    server.on(ApiPath.btapiLogout, () => ok(null));
    server.on(ApiPath.clearCookie, () => ok(null));
    const cookies = signedIn();
    let reloads = 0;
    const http = client({ cookies, reload: () => (reloads += 1) });
    const errors = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        http.post(`/v1/private/${index}`).catch((error: unknown) => error),
      ),
    );
    expect(errors.every(isSessionExpiredError)).toBe(true);
    expect(errors[1]).toMatchObject({ code: '00004', message: 'Session expired' });
    await vi.waitFor(() => expect(reloads).toBe(1));
    expect(
      [ApiPath.logout, ApiPath.btapiLogout, ApiPath.clearCookie].map(
        (path) => server.hits(path).length,
      ),
    ).toEqual([1, 1, 1]);
    expect([...cookies.entries.keys()]).toEqual([CookieName.language]);
    expect(toasts).toEqual([]);
  });

  it('never starts again from its own logout calls, even after the debounce', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.on('/v1/private', () => fail('00004', 'Session expired'));
    // The logout calls answer only after the 2 s debounce, and answer 00004 themselves.
    server.on(ApiPath.logout, async () => {
      await released;
      return fail('00004', 'Session expired', 401);
    });
    server.on(ApiPath.btapiLogout, () => fail('00004', 'Session expired'));
    server.on(ApiPath.clearCookie, () => fail('20205', 'Frozen'));
    let reloads = 0;
    const http = client({ cookies: signedIn(), reload: () => (reloads += 1) });
    await http.post('/v1/private').catch(() => undefined);
    await vi.waitFor(() => expect(server.hits(ApiPath.logout).length).toBe(1));
    vi.advanceTimersByTime(5000);
    release();
    await vi.waitFor(() => expect(reloads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.hits(ApiPath.logout).length).toBe(1);
    expect(reloads).toBe(1);
  });

  it('lets the user-info call just reject', async () => {
    server.on(ApiPath.userInfo, () => fail('00004', 'Session expired'));
    let reloads = 0;
    const http = client({ cookies: signedIn(), reload: () => (reloads += 1) });
    const error = await http
      .post(ApiPath.userInfo, { locale: 'en' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isSessionExpiredError(error)).toBe(false);
    expect(server.hits(ApiPath.logout).length).toBe(0);
    expect(reloads).toBe(0);
  });
});

describe('http wrapper: caller hooks', () => {
  it('runs a caller-request hook after the built-in changes', async () => {
    const seen: string[] = [];
    await client({
      simulation: () => true,
      hooks: [
        {
          slot: 'caller-request',
          beforeRequest: (request) =>
            void seen.push(`${request.headers.website} ${request.headers.paptrading}`),
        },
      ],
    }).get('/v1/ok');
    expect(seen).toEqual(['mix 1']);
  });

  it('shows a caller-response hook only what the built-in steps let through', async () => {
    server.on('/v1/guarded', () => ({
      status: 403,
      body: { code: '10021', data: { group: 'gateway', scene: 'login' }, msg: 'verify' },
    }));
    const seen: string[] = [];
    const http = client({
      hooks: [
        {
          slot: 'caller-response',
          afterResponse: ({ request, envelope }) =>
            void seen.push(`${request.path} ${envelope?.code}`),
        },
      ],
    });
    await http.get('/v1/ok');
    await http.get('/v1/refused').catch(() => undefined);
    // Settled in the challenge slot (no presenter here): it never reaches the caller's.
    await expect(http.post('/v1/guarded')).rejects.toMatchObject({ code: '10021' });
    expect(seen).toEqual(['/v1/ok 00000', '/v1/refused 30001']);
  });

  it('retries from a caller hook, the retry rebuilt by every hook', async () => {
    server.on('/v1/ab', (request) =>
      request.headers['x-ab'] === 'b' ? ok('b') : fail('30002', 'try b'),
    );
    const http = client({
      hooks: [
        {
          slot: 'caller-response',
          afterResponse: ({ envelope }) =>
            envelope?.code === '30002' ? { action: 'retry', headers: { 'x-ab': 'b' } } : undefined,
        },
      ],
    });
    await expect(http.post('/v1/ab')).resolves.toBe('b');
    const [first, second] = server.hits('/v1/ab').map((request) => request.headers);
    expect([first?.['x-ab'], second?.['x-ab']]).toEqual([undefined, 'b']);
    expect(first?.uhti).not.toBe(second?.uhti);
  });

  it('refuses a caller hook outside the caller slots, and two in one slot', () => {
    const hook = (slot: RequestSlot) => ({ slot }) as CallerHook;
    expect(() => client({ hooks: [hook('error-notice')] })).toThrow(
      'the hooks option fills caller-request or caller-response, not error-notice',
    );
    expect(() => client({ hooks: [hook('caller-response'), hook('caller-response')] })).toThrow(
      'request slot caller-response is filled twice',
    );
  });
});
