import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CancelledError,
  ChallengeDismissedError,
  HttpStatusError,
  MalformedReplyError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
  isApiError,
  isCancelledError,
  isChallengeDismissedError,
  isHttpStatusError,
  isInvalidRequestError,
  isMalformedReplyError,
  isNetworkError,
  isRequestSignError,
  isSessionExpiredError,
  isTimeoutError,
  isWrongApiNameError,
} from './errors';

describe('named errors', () => {
  it('keep the server code and message', () => {
    const error = new ApiError('Insufficient balance', '30001', { need: 5 });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message, error.code, error.data]).toEqual([
      'ApiError',
      'Insufficient balance',
      '30001',
      { need: 5 },
    ]);
  });

  it('tell a dismissed challenge from an expired session from any other failure', () => {
    const dismissed = new ChallengeDismissedError('Please verify you are human');
    const expired = new SessionExpiredError('Session expired', '00004');
    const plain = new Error('Network Error');
    expect(dismissed.code).toBe('90000001');
    expect(dismissed.message).toBe('Please verify you are human');
    expect([isChallengeDismissedError(dismissed), isSessionExpiredError(dismissed)]).toEqual([
      true,
      false,
    ]);
    expect([isChallengeDismissedError(expired), isSessionExpiredError(expired)]).toEqual([
      false,
      true,
    ]);
    expect([isApiError(dismissed), isApiError(expired), isApiError(plain)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('name a reply that cannot be read, keeping it and the cause', () => {
    const cause = new Error('userId: expected string');
    const error = new MalformedReplyError({ userId: 5 }, { cause });
    expect([error.name, error.message, error.reply, error.cause]).toEqual([
      'MalformedReplyError',
      'malformed reply',
      { userId: 5 },
      cause,
    ]);
    expect([isMalformedReplyError(error), isApiError(error)]).toEqual([true, false]);
  });
});

describe('transport errors', () => {
  it('name each failure and keep its message, status and body', () => {
    const status = new HttpStatusError(502, '<h1>Bad gateway</h1>');
    expect([status.name, status.message, status.status, status.body]).toEqual([
      'HttpStatusError',
      'Request failed with status code 502',
      502,
      '<h1>Bad gateway</h1>',
    ]);
    expect(new CancelledError().message).toBe('canceled');
    const failures = [
      new TimeoutError('timeout of 20000ms exceeded'),
      new NetworkError('Network Error'),
      new CancelledError(),
      status,
    ];
    const guards = [isTimeoutError, isNetworkError, isCancelledError, isHttpStatusError];
    // Each guard accepts its own error only.
    expect(failures.map((failure) => guards.map((guard) => guard(failure)))).toEqual([
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, false, false, true],
    ]);
    expect(failures.some(isApiError)).toBe(false);
  });
});

describe('guards across realms', () => {
  const brand = Symbol.for('exchange-web.client.error-kinds');
  const guards = {
    ApiError: isApiError,
    SessionExpiredError: isSessionExpiredError,
    ChallengeDismissedError: isChallengeDismissedError,
    RequestSignError: isRequestSignError,
    WrongApiNameError: isWrongApiNameError,
    MalformedReplyError: isMalformedReplyError,
    InvalidRequestError: isInvalidRequestError,
    TimeoutError: isTimeoutError,
    NetworkError: isNetworkError,
    CancelledError: isCancelledError,
    HttpStatusError: isHttpStatusError,
  };

  it('accept errors from a second copy of this module, where instanceof fails', async () => {
    vi.resetModules();
    const copy = await import('./errors');
    const errors = [
      new copy.SessionExpiredError('Session expired', '00004'),
      new copy.TimeoutError('timeout of 20000ms exceeded'),
      new copy.HttpStatusError(500, 'oops'),
      new copy.InvalidRequestError('/v1/a'),
    ];
    expect(errors[0]).not.toBeInstanceOf(ApiError);
    expect([isSessionExpiredError(errors[0]), isApiError(errors[0])]).toEqual([true, true]);
    expect([isTimeoutError(errors[1]), isHttpStatusError(errors[2])]).toEqual([true, true]);
    expect(isInvalidRequestError(errors[3])).toBe(true);
  });

  it('accept errors made in another realm (an iframe) that carry the brand', () => {
    for (const [kinds, guard] of [
      [['ApiError', 'SessionExpiredError'], isSessionExpiredError],
      [['ApiError', 'ChallengeDismissedError'], isApiError],
      [['TimeoutError'], isTimeoutError],
      [['CancelledError'], isCancelledError],
    ] as const) {
      const foreign: unknown = runInNewContext(
        'const error = new Error("m"); error.name = name; error[brand] = kinds; error',
        { brand, kinds: [...kinds], name: kinds.at(-1) },
      );
      expect(foreign).not.toBeInstanceOf(Error);
      expect(guard(foreign)).toBe(true);
    }
  });

  it('reject look-alikes: the right name or shape without the brand', () => {
    for (const [name, guard] of Object.entries(guards)) {
      const named = Object.assign(new Error('m'), { name, code: '00004', status: 500 });
      expect(guard(named)).toBe(false);
      expect(guard({ name, message: 'm' })).toBe(false);
      expect(
        guard(runInNewContext(`const error = new Error('m'); error.name = '${name}'; error`)),
      ).toBe(false);
    }
    // Another brand's error is no ApiError, and a string brand is no brand.
    expect(isApiError(new TimeoutError('t'))).toBe(false);
    expect(isTimeoutError({ [brand]: 'TimeoutError' })).toBe(false);
    expect([isTimeoutError(null), isTimeoutError('TimeoutError')]).toEqual([false, false]);
  });
});
