import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ChallengeDismissedError,
  SessionExpiredError,
  isApiError,
  isChallengeDismissedError,
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
});
