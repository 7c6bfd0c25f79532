import { ApiError } from '@exchange-web/client/errors';
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessageKey } from './error-message';

const httpError = (status: number) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', undefined, null, {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: '',
  });

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
    expect(errorMessageKey(new AxiosError('timeout of 20000ms exceeded', 'ECONNABORTED'))).toBe(
      'errors.timeout',
    );
    expect(errorMessageKey(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe('errors.network');
    expect(errorMessageKey(httpError(429))).toBe('errors.tooManyRequests');
    expect(errorMessageKey(httpError(502))).toBe('errors.server');
    expect(errorMessageKey(new Error('anything else'))).toBe('errors.server');
  });
});
