import {
  ApiError,
  CancelledError,
  HttpStatusError,
  NetworkError,
  TimeoutError,
} from '@exchange-web/client/errors';
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { describe, expect, it } from 'vitest';
import { errorMessageKey } from './error-message';

describe('errorMessageKey', () => {
  it.each([
    [AccountCode.wrongCredentials, 'auth.wrongCredentials'],
    [AccountCode.loginNameTaken, 'auth.nameTaken'],
    [AccountCode.weakPassword, 'auth.passwordRule'],
    [AccountCode.passwordsDiffer, 'auth.passwordsDiffer'],
    [AccountCode.tooManyAttempts, 'auth.tooManyAttempts'],
    [ErrorCode.accountFrozen, 'auth.frozen'],
    [ErrorCode.sessionExpired, 'errors.sessionExpired'],
    [GatewayCode.rateLimited, 'errors.tooManyRequests'],
    [ErrorCode.signMissing, 'errors.signRetry'],
    [ErrorCode.signModeNotMatched, 'errors.signRetry'],
    [ErrorCode.signExpired, 'errors.signExpired'],
    [ErrorCode.signInvalid, 'errors.signInvalid'],
    [ErrorCode.challengeDismissed, 'errors.challengeClosed'],
    [AccountCode.verifyCodeInvalid, 'auth.codeWrong'],
    [AccountCode.verifyCodeTooSoon, 'auth.codeTooSoon'],
    [GatewayCode.channelUnavailable, 'auth.channelUnavailable'],
    [GatewayCode.deliveryFailed, 'auth.codeNotDelivered'],
    ['99999', 'errors.server'],
  ])('turns code %s into %s', (code, key) => {
    expect(errorMessageKey(new ApiError('server text', code))).toBe(key);
  });

  it('tells a timeout, a lost network and a throttled request apart', () => {
    expect(errorMessageKey(new TimeoutError('timeout of 20000ms exceeded'))).toBe('errors.timeout');
    expect(errorMessageKey(new NetworkError('Network Error'))).toBe('errors.network');
    expect(errorMessageKey(new CancelledError())).toBe('errors.network');
    expect(errorMessageKey(new HttpStatusError(429, ''))).toBe('errors.tooManyRequests');
    expect(errorMessageKey(new HttpStatusError(502, ''))).toBe('errors.server');
    expect(errorMessageKey(new Error('anything else'))).toBe('errors.server');
  });

  it('reads the kind, not the name or shape: look-alikes are server errors', () => {
    const named = (name: string, extra: object = {}) =>
      Object.assign(new Error('m'), { name, ...extra });
    expect(errorMessageKey(named('TimeoutError', { code: 'ECONNABORTED' }))).toBe('errors.server');
    expect(errorMessageKey(named('NetworkError', { isAxiosError: true }))).toBe('errors.server');
    expect(errorMessageKey(named('HttpStatusError', { status: 429 }))).toBe('errors.server');
  });
});
