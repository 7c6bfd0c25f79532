import * as z from 'zod/mini';
import { AuthenticatorRule, RECOVERY_CODE_PATTERN, TIME_CODE_PATTERN } from './authenticator-rule';
import { fidoVerifyCodeField, webAuthnOptionsSchema } from './passkeys';
import { factorCodeField, sessionReplySchema, verifyCodeField } from './schemas';

/**
 * The authenticator app as a second sign-in factor (ours: SPEC 7 names the verify-login paths and
 * the encrypted field `googleCode`, and SPEC 3 the user's `bindGoogle` and `gbf`, and shows no
 * flow). Codes are RFC 6238 time-based one-time passwords; recovery codes stand in for a lost
 * phone. README "Account security" tells the whole flow.
 */

export {
  AuthenticatorRule,
  normaliseFactorCode,
  RECOVERY_CODE_PATTERN,
  TIME_CODE_PATTERN,
} from './authenticator-rule';

const timeCodeField = z
  .string()
  .check(
    z.trim(),
    z.regex(TIME_CODE_PATTERN, 'expected the 6-digit code of the authenticator app'),
  );

/** The one-time ticket of a sign-in waiting for its second factor: 43 base64url characters. */
const loginTicketField = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'expected the ticket of the password step'));

/**
 * The second factors a sign-in may ask for: the authenticator app or a passkey when the account
 * has one; otherwise, from a device the account has not signed in from, a code sent to its e-mail
 * (its number when it has no e-mail). Ours: SPEC 7 names the encrypted fields `emailCode` and
 * `mobileCode`; a device is known when its key signed an earlier sign-in (userCheckDeviceSign).
 */
export const SecondFactor = {
  authenticator: 'google',
  passkey: 'fido',
  email: 'email',
  mobile: 'mobile',
} as const;
export type SecondFactor = (typeof SecondFactor)[keyof typeof SecondFactor];

/**
 * Reply of the password step when the account has a second factor: no session yet, the ticket
 * to finish with (`token`, which login encryption carries encrypted), and the factors taken.
 */
export const secondFactorReplySchema = z.strictObject({
  secondFactor: z.strictObject({
    token: loginTicketField,
    factors: z.array(z.enum(SecondFactor)).check(z.minLength(1)),
    expiresInSeconds: z.number().check(z.int(), z.positive()),
    /** With a passkey among the factors: what `navigator.credentials.get` is given. */
    passkeyOptions: z.optional(webAuthnOptionsSchema),
    /**
     * With an e-mailed (or texted) code among the factors: where it went, partly hidden
     * (`d***@example.com`, `+81 ******5678`), and the seconds until another may be asked for.
     */
    codeSentTo: z.optional(z.string().check(z.maxLength(320))),
    resendAfterSeconds: z.optional(z.number().check(z.int(), z.nonnegative())),
  }),
});
export type SecondFactorReply = z.infer<typeof secondFactorReplySchema>;

/** Reply of `/v1/user/login`: signed in, or one step more. */
export const loginReplySchema = z.union([sessionReplySchema, secondFactorReplySchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

/** Whether a login reply asks for a second factor. */
export const needsSecondFactor = (reply: LoginReply): reply is SecondFactorReply =>
  'secondFactor' in reply;

/**
 * Payload of `/v1/user/verifyLogin`: the ticket and the app's code, a passkey's answer to the
 * ticket's challenge, or the code sent to the account's e-mail or number (all encrypted).
 */
export const verifyLoginRequestSchema = z.union([
  z.strictObject({ token: loginTicketField, googleCode: factorCodeField }),
  z.strictObject({ token: loginTicketField, fidoVerifyCode: fidoVerifyCodeField }),
  z.strictObject({ token: loginTicketField, emailCode: verifyCodeField }),
  z.strictObject({ token: loginTicketField, mobileCode: verifyCodeField }),
]);
export type VerifyLoginRequest = z.infer<typeof verifyLoginRequestSchema>;

/**
 * Payload of `/v1/user/verifyLogin/resendCode` (encrypted): another code for the sign-in of this
 * ticket, to where the first went. Its reply is `sendVerifyCodeReplySchema`'s.
 */
export const resendLoginCodeRequestSchema = z.strictObject({ token: loginTicketField });
export type ResendLoginCodeRequest = z.infer<typeof resendLoginCodeRequestSchema>;

/** Reply of `/v1/user/security/google/setup`: a new secret, for the QR code and for typing. */
export const authenticatorSetupReplySchema = z.strictObject({
  /** The secret in base 32, as an app takes it typed in. */
  secret: z.string().check(z.regex(/^[A-Z2-7]{32}$/, 'expected a base-32 secret')),
  /** The `otpauth://totp/...` URI the QR code holds. */
  otpauthUri: z.string().check(z.startsWith('otpauth://totp/'), z.maxLength(512)),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type AuthenticatorSetupReply = z.infer<typeof authenticatorSetupReplySchema>;

/** Payload of `/v1/user/security/google/bind`: the app's first code proves it holds the secret. */
export const authenticatorBindRequestSchema = z.strictObject({ googleCode: timeCodeField });
export type AuthenticatorBindRequest = z.infer<typeof authenticatorBindRequestSchema>;

/** Reply of the binding: the recovery codes, shown this once (the gateway keeps only hashes). */
export const authenticatorBindReplySchema = z.strictObject({
  recoveryCodes: z
    .array(z.string().check(z.regex(RECOVERY_CODE_PATTERN)))
    .check(z.length(AuthenticatorRule.recoveryCodeCount)),
});
export type AuthenticatorBindReply = z.infer<typeof authenticatorBindReplySchema>;

/** Payload of `/v1/user/security/google/unbind`: a current code or a recovery code. */
export const authenticatorUnbindRequestSchema = z.strictObject({ googleCode: factorCodeField });
export type AuthenticatorUnbindRequest = z.infer<typeof authenticatorUnbindRequestSchema>;

export {
  emptyReplySchema,
  emptyRequestSchema,
  loginRequestSchema,
  sessionReplySchema,
} from './schemas';
export { sendVerifyCodeReplySchema } from './verification';
