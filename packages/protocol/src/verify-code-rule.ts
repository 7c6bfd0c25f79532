/**
 * What a verification code is sent for, where it goes and its rules (see `verification.ts`), kept
 * apart from the schemas so the registration form can use them without carrying the schema
 * library in its first load.
 */

/**
 * What a code is asked for: a registration; the holder's consent to a change of the account's
 * e-mail or mobile (sent to the current address); proof of the new address of such a change.
 */
export const VerifyScene = {
  register: 'register',
  changeContact: 'changeContact',
  bindContact: 'bindContact',
} as const;
export type VerifyScene = (typeof VerifyScene)[keyof typeof VerifyScene];

/** Where a code goes. */
export const VerifyChannel = { email: 'email', mobile: 'mobile' } as const;
export type VerifyChannel = (typeof VerifyChannel)[keyof typeof VerifyChannel];

/** The code's rules, the same on both sides. */
export const VerifyCodeRule = {
  /** Digits of a code. */
  length: 6,
  /** How long a code serves after it is sent. */
  ttlSeconds: 600,
  /** Wrong tries of one code before it is used up. */
  maxAttempts: 5,
  /** The pause before another code may be sent to the same address or number. */
  resendAfterSeconds: 60,
} as const;
