import {
  isApiError,
  isCancelledError,
  isHttpStatusError,
  isNetworkError,
  isTimeoutError,
} from '@exchange-web/client/errors';
import { AccountCode, ErrorCode, GatewayCode, HttpStatus } from '@exchange-web/protocol/codes';
import type { MessageKey } from '../i18n/messages';

// Envelope codes a person can act on, each with the sentence that tells them how.
const messageForCode: Record<string, MessageKey> = {
  [AccountCode.wrongCredentials]: 'auth.wrongCredentials',
  [AccountCode.loginNameTaken]: 'auth.nameTaken',
  [AccountCode.weakPassword]: 'auth.passwordRule',
  [AccountCode.passwordsDiffer]: 'auth.passwordsDiffer',
  [AccountCode.tooManyAttempts]: 'auth.tooManyAttempts',
  [ErrorCode.accountFrozen]: 'auth.frozen',
  [ErrorCode.sessionExpired]: 'errors.sessionExpired',
  [ErrorCode.sessionReplaced]: 'errors.sessionExpired',
  [GatewayCode.rateLimited]: 'errors.tooManyRequests',
  [ErrorCode.signMissing]: 'errors.signRetry',
  [ErrorCode.signModeNotMatched]: 'errors.signRetry',
  [ErrorCode.signExpired]: 'errors.signExpired',
  [ErrorCode.signInvalid]: 'errors.signInvalid',
  [ErrorCode.challengeDismissed]: 'errors.challengeClosed',
  // A registration's code: a wrong one and an address already registered answer alike (21017).
  [AccountCode.verifyCodeInvalid]: 'auth.codeWrong',
  [AccountCode.verifyCodeTooSoon]: 'auth.codeTooSoon',
  [GatewayCode.channelUnavailable]: 'auth.channelUnavailable',
  [GatewayCode.deliveryFailed]: 'auth.codeNotDelivered',
  // The authenticator app (README "Account security").
  [AccountCode.authenticatorCodeInvalid]: 'auth.authenticatorCodeInvalid',
  [AccountCode.loginTicketInvalid]: 'auth.loginTicketInvalid',
  [AccountCode.authenticatorBound]: 'auth.authenticatorLinked',
  [AccountCode.authenticatorNotBound]: 'auth.authenticatorNotLinked',
  [AccountCode.authenticatorSetupMissing]: 'auth.authenticatorSetupExpired',
  [AccountCode.securityLocked]: 'auth.securityLocked',
  // QR sign-in.
  [AccountCode.qrKeyInvalid]: 'auth.qrKeyInvalid',
  [AccountCode.qrKeyTaken]: 'auth.qrKeyTaken',
  // Passkeys.
  [AccountCode.passkeyInvalid]: 'auth.passkeyInvalid',
  [AccountCode.passkeyNotFound]: 'auth.passkeyNotFound',
  [AccountCode.passkeyLimitReached]: 'auth.passkeyLimit',
  // Third-party sign-in (README "Third-party sign-in").
  [AccountCode.thirdPartyProofInvalid]: 'auth.walletProofInvalid',
  [AccountCode.thirdPartyNotBound]: 'auth.walletNotBound',
  [AccountCode.thirdPartyBound]: 'auth.walletTaken',
  [AccountCode.lastWayIn]: 'auth.walletLastWayIn',
  [AccountCode.thirdPartyUnavailable]: 'auth.thirdPartyUnavailable',
};

/**
 * The translation key of the sentence a form shows for a failed request: the account refusals
 * by their code, then the transport failures by kind; anything else is our side's fault.
 * @example t(errorMessageKey(error)) // 'The login name or password is incorrect'
 */
export function errorMessageKey(error: unknown): MessageKey {
  if (isApiError(error)) return messageForCode[error.code] ?? 'errors.server';
  if (isHttpStatusError(error) && error.status === HttpStatus.tooManyRequests)
    return 'errors.tooManyRequests';
  if (isTimeoutError(error)) return 'errors.timeout';
  // A cancelled call got no reply either: worded like a lost network.
  if (isNetworkError(error) || isCancelledError(error)) return 'errors.network';
  return 'errors.server';
}
