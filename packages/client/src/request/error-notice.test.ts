import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelledError, HttpStatusError, NetworkError, TimeoutError } from '../errors';
import { errorNoticeHook } from './error-notice';
import type { RequestHook } from './hooks';
import { createPipeline, type TransportReply } from './pipeline';

function setup(reply: () => TransportReply | Promise<TransportReply>, before: RequestHook[] = []) {
  const toasts: string[] = [];
  const logged: unknown[][] = [];
  const send = createPipeline({
    transport: async () => reply(),
    hooks: [
      ...before,
      errorNoticeHook({
        notify: (message) => toasts.push(message),
        logger: { error: (...data) => logged.push(data), warn: (...data) => logged.push(data) },
        now: () => Date.now(),
      }),
    ],
  });
  const call = (path = '/v1/a') => send('GET', path, undefined).catch((error: unknown) => error);
  return { call, toasts, logged };
}

const statusReply = (status: number, body: unknown = 'x'): TransportReply => ({
  status,
  headers: {},
  body,
  error: new HttpStatusError(status, body),
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('error notice', () => {
  it('keeps HTTP 429 quiet', async () => {
    const { call, toasts, logged } = setup(() =>
      statusReply(429, { code: '42900', data: null, msg: 'Too many requests' }),
    );
    await call();
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('logs a body status error under HTTP 200 to the console only', async () => {
    const { call, toasts, logged } = setup(() => ({
      status: 200,
      headers: {},
      body: { code: '30001', data: null, msg: 'Insufficient balance' },
    }));
    await call('/v1/spend');
    expect(toasts).toEqual([]);
    expect(logged).toEqual([['request /v1/spend failed', '30001 Insufficient balance']]);
  });

  it('says nothing about a success', async () => {
    const { call, toasts, logged } = setup(() => ({
      status: 200,
      headers: {},
      body: { code: '00000', data: 1, msg: 'ok' },
    }));
    await call();
    expect([toasts, logged]).toEqual([[], []]);
  });

  it('toasts another HTTP error with its status message, or the server msg of an envelope', async () => {
    const replies = [statusReply(500), statusReply(400, { code: '40001', data: null, msg: 'bad' })];
    const { call, toasts } = setup(() => replies.shift() ?? statusReply(503));
    await call();
    await call();
    expect(toasts).toEqual(['Request failed with status code 500', 'bad']);
  });

  it('hands the toast what the caller is rejected with, so a page can word it', async () => {
    const causes: unknown[] = [];
    const replies = [statusReply(502), statusReply(400, { code: '40001', data: null, msg: 'bad' })];
    const send = createPipeline({
      transport: async () => replies.shift() ?? statusReply(503),
      hooks: [
        errorNoticeHook({
          notify: (_message, cause) => causes.push(cause),
          logger: { error: () => undefined, warn: () => undefined },
          now: () => Date.now(),
        }),
      ],
    });
    await send('GET', '/v1/a', undefined).catch(() => undefined);
    await send('GET', '/v1/b', undefined).catch(() => undefined);
    expect(causes[0]).toBeInstanceOf(HttpStatusError);
    expect(causes[0]).toMatchObject({ status: 502 });
    expect(causes[1]).toBeInstanceOf(ApiError);
    expect(causes[1]).toMatchObject({ code: '40001', message: 'bad' });
  });

  it('toasts a failure without a response with its message, but not a cancel', async () => {
    const failures: Error[] = [
      new NetworkError('Network Error'),
      new TimeoutError('timeout of 20000ms exceeded'),
      new CancelledError(),
    ];
    const { call, toasts } = setup(() => Promise.reject(failures.shift()));
    const errors = [await call(), await call(), await call()];
    expect(toasts).toEqual(['Network Error', 'timeout of 20000ms exceeded']);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'Network Error',
      'timeout of 20000ms exceeded',
      'canceled',
    ]);
  });

  it('shows the same message once within 2 s', async () => {
    const { call, toasts } = setup(() => statusReply(502));
    await Promise.all([call(), call(), call()]);
    expect(toasts).toEqual(['Request failed with status code 502']);
    vi.advanceTimersByTime(1999);
    await call();
    expect(toasts.length).toBe(1);
    vi.advanceTimersByTime(1);
    await call();
    expect(toasts.length).toBe(2);
  });

  it('shows different messages within 2 s each once', async () => {
    const replies = [statusReply(500), statusReply(502), statusReply(500)];
    const { call, toasts } = setup(() => replies.shift() ?? statusReply(500));
    await call();
    await call();
    await call();
    expect(toasts).toEqual([
      'Request failed with status code 500',
      'Request failed with status code 502',
    ]);
  });

  it('logs a session-expiry code under 401 or 403 instead of a toast (the exempt user-info call)', async () => {
    const replies = [
      statusReply(401, { code: '00004', data: null, msg: 'the session has expired' }),
      statusReply(403, { code: '20205', data: null, msg: 'the account is frozen' }),
    ];
    const { call, toasts, logged } = setup(() => replies.shift() ?? statusReply(500));
    await call('/v1/user/overview/userinfo');
    await call('/v1/user/overview/userinfo');
    expect(toasts).toEqual([]);
    expect(logged.map(([, detail]) => detail)).toEqual([
      '00004 the session has expired',
      '20205 the account is frozen',
    ]);
  });

  it('never sees what an earlier hook settled', async () => {
    const { call, toasts, logged } = setup(
      () => statusReply(401, { code: '00004', data: null, msg: 'expired' }),
      [
        {
          slot: 'session-expiry',
          afterResponse: () => ({ action: 'reject', error: new Error('expired') }),
        },
      ],
    );
    await call();
    expect([toasts, logged]).toEqual([[], []]);
  });
});
