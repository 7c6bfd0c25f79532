import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isSessionExpiredError } from '../errors';
import { createPipeline, type TransportReply } from './pipeline';
import { sessionExpiryHook, type SessionExpiryOptions } from './session-expiry';

function setup(reply: () => TransportReply, options: Partial<SessionExpiryOptions> = {}) {
  let ended = 0;
  const later: string[] = [];
  const send = createPipeline({
    transport: async () => reply(),
    hooks: [
      sessionExpiryHook({
        endSession: async () => void (ended += 1),
        now: () => Date.now(),
        ...options,
      }),
      { slot: 'error-notice', afterResponse: () => void later.push('ran') },
    ],
  });
  const call = (path = '/v1/a') => send('POST', path, {}).catch((error: unknown) => error);
  return { call, ended: () => ended, later };
}

const coded = (code: string, status = 200): TransportReply => ({
  status,
  headers: {},
  body: { code, data: { why: code }, msg: `msg ${code}` },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session expiry', () => {
  it.each([
    ['00004', 200],
    ['20906', 200],
    ['20205', 200],
    ['00004', 401],
    ['20906', 403],
  ])(
    'ends the session on %s under HTTP %i and rejects with SessionExpiredError',
    async (code, status) => {
      const { call, ended, later } = setup(() => coded(code, status));
      const error = await call();
      expect(isSessionExpiredError(error)).toBe(true);
      expect(error).toMatchObject({ code, message: `msg ${code}`, data: { why: code } });
      expect(ended()).toBe(1);
      expect(later).toEqual([]);
    },
  );

  it('ends the session once for ten failing calls, and again after 2 s', async () => {
    const { call, ended } = setup(() => coded('00004'));
    const errors = await Promise.all(
      Array.from({ length: 10 }, (_, index) => call(`/v1/c${index}`)),
    );
    expect(errors.every(isSessionExpiredError)).toBe(true);
    expect(ended()).toBe(1);
    vi.advanceTimersByTime(1999);
    await call();
    expect(ended()).toBe(1);
    vi.advanceTimersByTime(1);
    await call();
    expect(ended()).toBe(2);
  });

  it('lets the user-info call just reject', async () => {
    const { call, ended, later } = setup(() => coded('00004'));
    const error = await call('v1/user/overview/userinfo');
    expect(error).toBeInstanceOf(ApiError);
    expect(isSessionExpiredError(error)).toBe(false);
    expect(error).toMatchObject({ code: '00004' });
    expect([ended(), later]).toEqual([0, ['ran']]);
  });

  it('takes other exempt paths', async () => {
    const { call, ended } = setup(() => coded('00004'), { exemptPaths: ['v1/quiet'] });
    await call('/v1/quiet');
    expect(ended()).toBe(0);
  });

  it('leaves other codes alone', async () => {
    const { call, ended, later } = setup(() => coded('30001'));
    const error = await call();
    expect(isSessionExpiredError(error)).toBe(false);
    expect([ended(), later]).toEqual([0, ['ran']]);
  });
});
