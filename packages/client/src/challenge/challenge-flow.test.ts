import { ApiPath } from '@exchange-web/protocol/paths';
import { captchaCheckRequestSchema } from '@exchange-web/protocol/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCookieJar } from '../cookie-jar';
import { ApiError, isApiError, isCancelledError, isChallengeDismissedError } from '../errors';
import { createHttpClient, type ChallengeOptions, type HttpClientOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import { fail, ok, startLocalServer, type LocalServer, type Reply } from '../testing/local-server';
import type { ChallengePresentation, ChallengePresenter } from './challenge-presenter';

// The whole flow through the public client against a real local server that plays the gateway:
// get-captcha-id issues numbered challenges, check-captcha refuses wrong or replayed solutions and
// hands out single-use tokens, and a guarded call answers 10021 (HTTP 403, like ours) unless its
// captcha-token is one of them.

interface Issued {
  id: number;
  scene: string;
  bizId: string;
  solved: boolean;
}

interface GatewayOptions {
  /** get-captcha-id status. @default 1 (a challenge is needed) */
  status?: number;
  /** How many checks to refuse before judging solutions. @default 0 */
  refuse?: number;
}

const NEEDS_HUMAN = 'Please verify you are human';

function playGateway(server: LocalServer, options: GatewayOptions = {}) {
  const issued = new Map<string, Issued>();
  const tokens = new Set<string>();
  let refusals = options.refuse ?? 0;
  server.on(ApiPath.captchaId, (request) => {
    const { scene } = JSON.parse(request.body) as { scene: string };
    const id = issued.size + 1;
    issued.set(`c${id}`, { id, scene, bizId: `${scene}:${id}`, solved: false });
    return ok({
      bizId: `${scene}:${id}`,
      captchaId: `c${id}`,
      status: options.status ?? 1,
      challenge: { puzzle: id },
    });
  });
  server.on(ApiPath.captchaCheck, (request) => {
    const check = captchaCheckRequestSchema.safeParse(JSON.parse(request.body));
    if (!check.success) return fail('40001', 'malformed check', 400);
    const { extras, captchaValidate } = check.data;
    const entry = issued.get(String(extras.captchaId));
    if (!entry || entry.bizId !== extras.bizId || entry.scene !== extras.scene)
      return fail('22006', 'mismatch', 400);
    const solution = JSON.parse(atob(captchaValidate)) as { answer?: number };
    if (refusals > 0 || solution.answer !== entry.id) {
      refusals = Math.max(0, refusals - 1);
      return fail('22002', 'The challenge solution does not verify.', 400);
    }
    if (entry.solved) return fail('22004', 'replayed', 400);
    entry.solved = true;
    const token = `token-${entry.id}`;
    tokens.add(token);
    return ok({ captchaToken: token });
  });
  /** A call guarded by a challenge of `scene`; it answers what it was sent. */
  const guard = (path: string, scene = 'burst') =>
    server.on(path, (request): Reply => {
      const token = request.headers['captcha-token'];
      if (typeof token === 'string' && tokens.delete(token))
        return ok({ path, token, body: request.body });
      return {
        status: 403,
        body: { code: '10021', data: { group: 'gateway', scene }, msg: NEEDS_HUMAN },
      };
    });
  return { guard, issued };
}

/** The payload a widget would send for a challenge of the played gateway. */
const solutionOf = (challenge: unknown) =>
  btoa(JSON.stringify({ answer: (challenge as { puzzle: number }).puzzle }));

/** A presenter that records what it was asked; it solves at once unless told otherwise. */
function fakePresenter(
  answer: (presentation: ChallengePresentation) => Promise<string | null> | string | null = (
    presentation,
  ) => solutionOf(presentation.challenge),
  silently: ((challenge: unknown) => Promise<string | null>) | false = async (challenge) =>
    solutionOf(challenge),
) {
  const shown: ChallengePresentation[] = [];
  const solvedSilently: unknown[] = [];
  const presenter: ChallengePresenter = {
    present: async (presentation) => {
      shown.push(presentation);
      return answer(presentation);
    },
    ...(silently
      ? {
          solveSilently: async (challenge: unknown) => {
            solvedSilently.push(challenge);
            return silently(challenge);
          },
        }
      : {}),
  };
  return { presenter, shown, solvedSilently };
}

let server: LocalServer;
let toasts: string[];
let logged: unknown[][];

beforeEach(async () => {
  server = await startLocalServer();
  toasts = [];
  logged = [];
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const client = (challenge: ChallengeOptions | false, options: HttpClientOptions = {}) => {
  const [ownToasts, ownLogs] = [toasts, logged];
  return createHttpClient({
    baseURL: server.baseURL,
    storage: memoryStorage(),
    cookies: memoryCookieJar(),
    notify: (message) => ownToasts.push(message),
    logger: { error: (...data) => ownLogs.push(data), warn: (...data) => ownLogs.push(data) },
    reload: () => undefined,
    challenge,
    ...options,
  });
};

const tokensSent = (path: string) =>
  server.hits(path).map((request) => request.headers['captcha-token']);

describe('challenge flow', () => {
  it('shows the challenge, checks the solution and retries with captcha-token', async () => {
    const gateway = playGateway(server);
    gateway.guard('/v1/guarded', 'login');
    const { presenter, shown } = fakePresenter();
    const http = client({ presenter });

    await expect(http.post('/v1/guarded', { a: 1 })).resolves.toEqual({
      path: '/v1/guarded',
      token: 'token-1',
      body: '{"a":1}',
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ scene: 'login', challenge: { puzzle: 1 }, failedChecks: 0 });
    expect(server.hits(ApiPath.captchaId).map((request) => request.body)).toEqual([
      '{"scene":"login"}',
    ]);
    // SPEC 5, 7: type 3, the payload as is, the scene and ids as extras.
    expect(JSON.parse(server.hits(ApiPath.captchaCheck)[0]?.body ?? '')).toEqual({
      captchaType: 3,
      captchaValidate: solutionOf({ puzzle: 1 }),
      extras: { scene: 'login', bizId: 'login:1', captchaId: 'c1' },
    });
    // The token goes on the retry only.
    expect(tokensSent('/v1/guarded')).toEqual([undefined, 'token-1']);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('retries at once without a token when get-captcha-id says none is needed (status 0)', async () => {
    let calls = 0;
    server.on('/v1/once', (request) => {
      calls += 1;
      return calls === 1
        ? {
            status: 403,
            body: { code: '10021', data: { group: 'gateway', scene: 'burst' }, msg: 'x' },
          }
        : ok({ token: request.headers['captcha-token'] ?? 'none' });
    });
    playGateway(server, { status: 0 });
    const { presenter, shown } = fakePresenter();
    await expect(client({ presenter }).post('/v1/once')).resolves.toEqual({ token: 'none' });
    expect(shown).toHaveLength(0);
    expect(server.hits(ApiPath.captchaCheck)).toHaveLength(0);
    expect(server.hits('/v1/once')).toHaveLength(2);
    expect(toasts).toEqual([]);
  });

  it('rejects with ChallengeDismissedError (90000001, the original msg) when closed', async () => {
    playGateway(server).guard('/v1/guarded');
    const { presenter, shown } = fakePresenter(() => null);
    const error = await client({ presenter })
      .post('/v1/guarded')
      .catch((caught: unknown) => caught);
    expect(isChallengeDismissedError(error)).toBe(true);
    expect(error).toMatchObject({ code: '90000001', message: NEEDS_HUMAN });
    expect(shown).toHaveLength(1);
    expect(server.hits(ApiPath.captchaCheck)).toHaveLength(0);
    expect(server.hits('/v1/guarded')).toHaveLength(1);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('shares one shown challenge among calls that meet 10021 together, one token each', async () => {
    const gateway = playGateway(server);
    for (const path of ['/v1/a', '/v1/b', '/v1/c']) gateway.guard(path);
    let solve = (_payload: string | null) => undefined as void;
    const { presenter, shown, solvedSilently } = fakePresenter(
      (presentation) =>
        new Promise((resolve) => {
          solve = () => resolve(solutionOf(presentation.challenge));
        }),
    );
    // The duplicate guard on: the waiting calls' identical get-captcha-id posts must all go.
    const http = client({ presenter }, { duplicateGuard: true });
    const calls = Promise.all([http.post('/v1/a'), http.post('/v1/b'), http.post('/v1/c')]);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    await vi.waitFor(() =>
      expect(['/v1/a', '/v1/b', '/v1/c'].map((path) => server.hits(path).length)).toEqual([
        1, 1, 1,
      ]),
    );
    solve(null);
    const results = (await calls) as { token: string }[];

    expect(shown).toHaveLength(1);
    expect(solvedSilently).toHaveLength(2);
    expect(server.hits(ApiPath.captchaId)).toHaveLength(3);
    expect(server.hits(ApiPath.captchaCheck)).toHaveLength(3);
    const tokens = results.map((result) => result.token);
    expect(new Set(tokens)).toEqual(new Set(['token-1', 'token-2', 'token-3']));
    for (const path of ['/v1/a', '/v1/b', '/v1/c'])
      expect(tokensSent(path)).toEqual([undefined, expect.stringMatching(/^token-\d$/)]);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('shows each waiting call its own challenge in turn when the presenter cannot solve silently', async () => {
    const gateway = playGateway(server);
    gateway.guard('/v1/a');
    gateway.guard('/v1/b');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { presenter, shown } = fakePresenter(async (presentation) => {
      await held;
      return solutionOf(presentation.challenge);
    }, false);
    const http = client({ presenter });
    const calls = Promise.all([http.post('/v1/a'), http.post('/v1/b')]);
    await vi.waitFor(() => expect(server.hits('/v1/b')).toHaveLength(1));
    release();
    await expect(calls).resolves.toHaveLength(2);
    expect(shown.map((presentation) => presentation.challenge)).toEqual([
      { puzzle: 1 },
      { puzzle: 2 },
    ]);
  });

  it('falls back to showing the challenge when a silent solve gives up', async () => {
    const gateway = playGateway(server);
    gateway.guard('/v1/a');
    gateway.guard('/v1/b');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { presenter, shown, solvedSilently } = fakePresenter(
      async (presentation) => {
        await held;
        return solutionOf(presentation.challenge);
      },
      async () => null,
    );
    const http = client({ presenter });
    const calls = Promise.all([http.post('/v1/a'), http.post('/v1/b')]);
    await vi.waitFor(() => expect(server.hits('/v1/b')).toHaveLength(1));
    release();
    await expect(calls).resolves.toHaveLength(2);
    expect(solvedSilently).toHaveLength(1);
    expect(shown).toHaveLength(2);
    // The challenge the silent solve gave up on is spent; the shown one is fresh.
    expect(shown[1]?.challenge).toEqual({ puzzle: 3 });
  });

  it('shows a new challenge after a refused solution, telling the presenter', async () => {
    playGateway(server, { refuse: 1 }).guard('/v1/guarded');
    const { presenter, shown } = fakePresenter();
    await expect(client({ presenter }).post('/v1/guarded')).resolves.toMatchObject({
      token: 'token-2',
    });
    expect(shown.map(({ challenge, failedChecks }) => ({ challenge, failedChecks }))).toEqual([
      { challenge: { puzzle: 1 }, failedChecks: 0 },
      { challenge: { puzzle: 2 }, failedChecks: 1 },
    ]);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('rejects with the refusal after three refused solutions in a row, without a toast', async () => {
    playGateway(server, { refuse: 5 }).guard('/v1/guarded');
    const { presenter, shown } = fakePresenter();
    const error = await client({ presenter })
      .post('/v1/guarded')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: '22002',
      message: 'The challenge solution does not verify.',
    });
    expect(shown.map((presentation) => presentation.failedChecks)).toEqual([0, 1, 2]);
    expect(server.hits('/v1/guarded')).toHaveLength(1);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('takes its limits as options', async () => {
    playGateway(server, { refuse: 5 }).guard('/v1/guarded');
    const { presenter, shown } = fakePresenter();
    await client({ presenter, maxFailedChecks: 1 })
      .post('/v1/guarded')
      .catch(() => undefined);
    expect(shown).toHaveLength(1);
  });

  it('solves a 10021 soon after a visible pass silently, and shows it again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const gateway = playGateway(server);
    gateway.guard('/v1/guarded');
    const { presenter, shown, solvedSilently } = fakePresenter();
    const http = client({ presenter });
    await http.post('/v1/guarded');
    vi.advanceTimersByTime(9_999);
    await http.post('/v1/guarded');
    expect([shown.length, solvedSilently.length]).toEqual([1, 1]);
    vi.advanceTimersByTime(10_000);
    await http.post('/v1/guarded');
    expect([shown.length, solvedSilently.length]).toEqual([2, 1]);
  });

  it('gives calls of different scenes their own challenge', async () => {
    const gateway = playGateway(server);
    gateway.guard('/v1/login', 'login');
    gateway.guard('/v1/register', 'register');
    const { presenter, shown } = fakePresenter();
    const http = client({ presenter });
    await Promise.all([http.post('/v1/login'), http.post('/v1/register')]);
    expect(shown.map((presentation) => presentation.scene).sort()).toEqual(['login', 'register']);
  });

  it('retries at most twice: a gateway that keeps asking gets its 10021 back, quietly', async () => {
    playGateway(server);
    server.on('/v1/stubborn', () => ({
      status: 403,
      body: { code: '10021', data: { group: 'gateway', scene: 'burst' }, msg: NEEDS_HUMAN },
    }));
    const { presenter, shown, solvedSilently } = fakePresenter();
    const error = await client({ presenter })
      .post('/v1/stubborn')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ApiError', code: '10021', message: NEEDS_HUMAN });
    expect(server.hits('/v1/stubborn')).toHaveLength(3);
    // The second 10021 came right after a visible pass: solved silently.
    expect([shown.length, solvedSilently.length]).toEqual([1, 1]);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('rejects a cancelled call with CancelledError and closes the challenge nobody waits for', async () => {
    playGateway(server).guard('/v1/guarded');
    const { presenter, shown } = fakePresenter(
      ({ signal }) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve(null))),
    );
    const controller = new AbortController();
    const call = client({ presenter })
      .post('/v1/guarded', {}, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    controller.abort();
    expect(isCancelledError(await call)).toBe(true);
    expect(shown[0]?.signal.aborted).toBe(true);
    expect(server.hits(ApiPath.captchaCheck)).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('rejects the waiting calls with the error of a failed captcha call, without a toast', async () => {
    playGateway(server).guard('/v1/guarded');
    server.on(ApiPath.captchaId, () => ({ status: 500, raw: 'down' }));
    const { presenter, shown } = fakePresenter();
    await expect(client({ presenter }).post('/v1/guarded')).rejects.toThrow(
      'Request failed with status code 500',
    );
    expect(shown).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('rejects a malformed get-captcha-id reply as such', async () => {
    playGateway(server).guard('/v1/guarded');
    server.on(ApiPath.captchaId, () => ok({ bizId: 'b', captchaId: 'c', status: 1 }));
    const { presenter } = fakePresenter();
    await expect(client({ presenter }).post('/v1/guarded')).rejects.toThrow('malformed reply');
  });
});

describe('challenge without a presenter (server side, SPEC 9)', () => {
  it('rejects a 10021 with its plain ApiError, without a toast', async () => {
    playGateway(server).guard('/v1/guarded', 'login');
    const error = await client(false)
      .post('/v1/guarded')
      .catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(isChallengeDismissedError(error)).toBe(false);
    expect(error).toMatchObject({
      code: '10021',
      message: NEEDS_HUMAN,
      data: { group: 'gateway', scene: 'login' },
    });
    expect(server.hits(ApiPath.captchaId)).toHaveLength(0);
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('leaves a 10021 of another group to the ordinary error handling', async () => {
    server.on('/v1/other', () => ({
      status: 403,
      body: { code: '10021', data: { group: 'risk', scene: 'login' }, msg: 'Other layer' },
    }));
    const { presenter, shown } = fakePresenter();
    await expect(client({ presenter }).post('/v1/other')).rejects.toMatchObject({
      code: '10021',
    });
    expect(shown).toHaveLength(0);
    expect(toasts).toEqual(['Other layer']);
  });
});
