import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ChallengeDismissedError,
  MalformedReplyError,
  SessionExpiredError,
  isApiError,
  isChallengeDismissedError,
  isMalformedReplyError,
  isSessionExpiredError,
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
