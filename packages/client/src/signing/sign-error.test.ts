import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRequestSignError } from '../errors';
import { errorNoticeHook } from '../request/error-notice';
import { createPipeline, type TransportReply } from '../request/pipeline';
import { fail, startLocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import { defaultTimers } from '../timers';
import type { FailureDetail, FailureEventName } from './failure-report';
import { signErrorHook } from './sign-error';

let toasts: string[];
let events: { event: FailureEventName; detail: FailureDetail }[];
let refetches: number;
let logouts: number;

beforeEach(() => {
  vi.useFakeTimers();
  toasts = [];
  events = [];
  refetches = 0;
  logouts = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

// The hook before the error notice, as the wrapper places it, over a fake transport.
function setup(reply: () => TransportReply) {
  const notify = (message: string) => void toasts.push(message);
  const send = createPipeline({
    transport: async () => reply(),
    hooks: [
      signErrorHook({
        notify,
        refetchConfig: async () => void (refetches += 1),
        endSession: async () => void (logouts += 1),
        reportFailure: (event, detail) => events.push({ event, detail }),
        timers: defaultTimers,
      }),
      errorNoticeHook({
        notify,
        logger: { error: () => undefined, warn: () => undefined },
        now: () => Date.now(),
      }),
    ],
  });
  return (path = '/v1/asset/overview') =>
    send('GET', path, undefined).catch((error: unknown) => error);
}

const coded = (
  code: string,
  status = 200,
  headers: Record<string, string> = {},
): TransportReply => ({
  status,
  headers,
  body: { code, data: null, msg: `msg ${code}` },
});

describe('sign errors', () => {
  it.each([['00020'], ['00021']])(
    '%s: toast, then the config refetched 2 s later',
    async (code) => {
      const call = setup(() => coded(code));
      const error = await call();
      expect(isRequestSignError(error)).toBe(true);
      expect(error).toMatchObject({ code, message: `msg ${code}` });
      expect(toasts).toEqual([`msg ${code}`]);
      await vi.advanceTimersByTimeAsync(1999);
      expect(refetches).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(refetches).toBe(1);
      expect(logouts).toBe(0);
      expect(events).toEqual([]);
    },
  );

  it('refetches once for many refused calls, and one toast shows for them in 2 s', async () => {
    const call = setup(() => coded('00020', 401));
    await Promise.all([call('/v1/a'), call('/v1/b'), call('/v1/c')]);
    expect(toasts).toEqual(['msg 00020']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refetches).toBe(1);
    await call();
    expect(toasts).toEqual(['msg 00020', 'msg 00020']);
  });

  it('00022: toast only', async () => {
    const call = setup(() => coded('00022'));
    expect(isRequestSignError(await call())).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect([toasts, refetches, logouts, events]).toEqual([['msg 00022'], 0, 0, []]);
  });

  it('00023: toast, one forced logout for several replies, an event per reply', async () => {
    const call = setup(() => coded('00023', 403));
    await Promise.all([call('/v1/a'), call('/v1/b'), call('/v1/c')]);
    expect(toasts).toEqual(['msg 00023']);
    expect(logouts).toBe(1);
    expect(events).toEqual(
      ['/v1/a', '/v1/b', '/v1/c'].map((path) => ({
        event: 'signInvalid',
        detail: { reason: 'signInvalid', path, cause: '00023' },
      })),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await call();
    expect(logouts).toBe(2);
    expect(refetches).toBe(0);
  });

  it('logs a gw-sign-error header, whatever the reply', async () => {
    const call = setup(() => ({
      status: 200,
      headers: { 'gw-sign-error': 'bad-md5' },
      body: { code: '00000', data: 1, msg: 'ok' },
    }));
    expect(await call()).toBe(1);
    expect(events).toEqual([
      {
        event: 'gwSignError',
        detail: { reason: 'gwSignError', path: '/v1/asset/overview', cause: 'bad-md5' },
      },
    ]);
    expect(toasts).toEqual([]);
  });

  it('leaves other codes and network errors to the later hooks, reporting nothing', async () => {
    expect(await setup(() => coded('30001', 400))()).toMatchObject({ code: '30001' });
    expect(toasts).toEqual(['msg 30001']);
    const send = createPipeline({
      transport: async () => {
        throw new Error('Network Error');
      },
      hooks: [
        signErrorHook({
          notify: (message) => void toasts.push(message),
          refetchConfig: async () => void (refetches += 1),
          endSession: async () => void (logouts += 1),
          reportFailure: (event, detail) => events.push({ event, detail }),
          timers: defaultTimers,
        }),
      ],
    });
    await expect(send('GET', '/v1/a', undefined)).rejects.toThrow('Network Error');
    expect(events).toEqual([]);
  });
});

describe('sign errors through the wrapper', () => {
  it('shows one toast for a sign error (the error notice does not repeat it) and logs out on 00023', async () => {
    vi.useRealTimers();
    const server = await startLocalServer();
    try {
      const posted: string[] = [];
      server.on('/v1/asset/overview', () => fail('00023', 'Signature invalid', 403));
      for (const path of ['/v1/user/logout', '/btapi/common/logout', '/v1/user/public/clearCookie'])
        server.on(path, (request) => {
          posted.push(request.path);
          return fail('00023', 'Signature invalid', 403);
        });
      let reloads = 0;
      const http = quietClient(server, {
        notify: (message) => void toasts.push(message),
        reload: () => void (reloads += 1),
        // Sign refusals come only to a signed-in user: the gateway checks the session first.
        userId: () => '1001',
        signing: { reportFailure: (event, detail) => events.push({ event, detail }) },
      });
      const error = await http.get('/v1/asset/overview').catch((caught: unknown) => caught);
      expect(isRequestSignError(error)).toBe(true);
      await vi.waitFor(() => expect(reloads).toBe(1));
      expect(toasts).toEqual(['Signature invalid']);
      // The logout calls skip the sign-error hook: their own 00023 starts no second logout.
      expect(posted).toEqual([
        '/v1/user/logout',
        '/btapi/common/logout',
        '/v1/user/public/clearCookie',
      ]);
      // One signInvalid event (this server serves no sign config, hence loginEncryptFailed too).
      expect(events.filter(({ event }) => event === 'signInvalid')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
