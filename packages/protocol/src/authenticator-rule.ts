/**
 * The authenticator's rules both sides know, free of zod so a form can check a code without
 * loading the schemas (protocol `authenticator.ts` has the calls).
 */

/** The rules both sides know: a code's shape, its period, and the recovery codes given. */
export const AuthenticatorRule = {
  /** Digits of a time-based code. */
  digits: 6,
  /** Seconds a time-based code is valid for (RFC 6238's default). */
  periodSeconds: 30,
  /** Recovery codes handed out at binding, each usable once instead of a time-based code. */
  recoveryCodeCount: 10,
  /** How long the second step of a sign-in may wait for its code. */
  loginTicketTtlSeconds: 300,
  /** Wrong codes one sign-in ticket takes before it is void (the password must be given again). */
  loginTicketAttempts: 5,
  /** How long a secret shown for binding waits for its first code. */
  setupTtlSeconds: 600,
} as const;

/** A time-based code: six digits. */
export const TIME_CODE_PATTERN = /^\d{6}$/;
/** A recovery code: two groups of five base-32 letters and digits (`7KQ2M-XC4PA`). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{5}-[A-Z2-7]{5}$/;

/**
 * What a person types for a code, the way the gateway compares it: spaces gone, letters upper
 * case, and a recovery code's dash put back when it was left out.
 * @example normaliseFactorCode(' 7kq2m xc4pa '); // '7KQ2M-XC4PA'
 */
export function normaliseFactorCode(input: string): string {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z2-7]{10}$/.test(compact) && !/^\d+$/.test(compact)
    ? `${compact.slice(0, 5)}-${compact.slice(5)}`
    : compact;
}
