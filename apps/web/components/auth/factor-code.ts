import {
  normaliseFactorCode,
  RECOVERY_CODE_PATTERN,
  TIME_CODE_PATTERN,
} from '@exchange-web/protocol/authenticator-rule';
import type { MessageKey } from '@exchange-web/react/i18n/messages';

/** Which code the second step takes: the app's current code, or a saved recovery code. */
export type FactorCodeKind = 'app' | 'recovery';

/**
 * What is wrong with a typed code, as the key of its sentence; null when it can be sent. Spaces,
 * a missing dash and lower case are forgiven, as the gateway forgives them.
 * @example factorCodeError('12 34 56', 'app'); // null
 */
export function factorCodeError(input: string, kind: FactorCodeKind): MessageKey | null {
  const code = normaliseFactorCode(input);
  if (code === '') return 'auth.required';
  if (kind === 'app') return TIME_CODE_PATTERN.test(code) ? null : 'auth.invalidAppCode';
  return RECOVERY_CODE_PATTERN.test(code) ? null : 'auth.invalidRecoveryCode';
}

/**
 * Whether a typed code can be sent where either is taken, the app's current code or a recovery
 * code: the security page's changes take both.
 * @example takesEitherCode('7kq2m xc4pa'); // true
 */
export const takesEitherCode = (input: string): boolean =>
  factorCodeError(input, 'app') === null || factorCodeError(input, 'recovery') === null;
