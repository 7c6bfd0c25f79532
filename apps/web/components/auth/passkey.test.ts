import { ApiError } from '@exchange-web/client/errors';
import { AccountCode } from '@exchange-web/protocol/codes';
import { describe, expect, it } from 'vitest';
import { passkeyFailureKey } from './passkey';

/** A failure of `navigator.credentials`, named as the browser names it. */
const domFailure = (name: string) => Object.assign(new Error('prompt failed'), { name });

describe('passkeyFailureKey', () => {
  it('words the browser’s refusals by their name', () => {
    expect(passkeyFailureKey(domFailure('NotAllowedError'))).toBe('auth.passkeyCancelled');
    expect(passkeyFailureKey(domFailure('AbortError'))).toBe('auth.passkeyCancelled');
    expect(passkeyFailureKey(domFailure('InvalidStateError'))).toBe('auth.passkeyExists');
    expect(passkeyFailureKey(domFailure('SecurityError'))).toBe('auth.passkeyUnsupported');
    expect(passkeyFailureKey(domFailure('NotSupportedError'))).toBe('auth.passkeyUnsupported');
  });

  it('words the gateway’s refusals by their code, and anything else as our fault', () => {
    expect(passkeyFailureKey(new ApiError('no', AccountCode.passkeyInvalid))).toBe(
      'auth.passkeyInvalid',
    );
    expect(passkeyFailureKey(new ApiError('no', AccountCode.passkeyLimitReached))).toBe(
      'auth.passkeyLimit',
    );
    expect(passkeyFailureKey(new ApiError('no', AccountCode.wrongCredentials))).toBe(
      'auth.wrongCredentials',
    );
    expect(passkeyFailureKey(domFailure('UnknownError'))).toBe('errors.server');
  });
});
