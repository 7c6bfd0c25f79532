import * as z from 'zod/mini';
import {
  areaCodeField,
  emailField,
  factorCodeField,
  mobileField,
  passwordField,
  verifyCodeField,
} from './schemas';

/**
 * Changing the account's e-mail address or mobile number (ours: SPEC 3's user info carries them
 * and SPEC 2 names `modifyverification`, with no flow). A change takes the current factors (the
 * password, and the app's code when one is linked), a code sent to the account's current address
 * (its e-mail, else its number: `verifyCode`, the holder consents), and a code sent to the new one
 * (`emailCode` or `mobileCode`: it is theirs). README "Account security" tells the whole flow.
 */

/**
 * Payload of `/v1/user/security/sendChangeCode` (login-encrypted): a code to the account's
 * current address, or to the new e-mail or number. The reply is `sendVerifyCodeReplySchema`'s,
 * the same whether or not the new address belongs to another account (which is sent a notice
 * instead of a code).
 */
export const sendChangeCodeRequestSchema = z.discriminatedUnion('to', [
  z.strictObject({ to: z.literal('current') }),
  z.strictObject({ to: z.literal('email'), email: emailField }),
  z.strictObject({ to: z.literal('mobile'), areaCode: areaCodeField, mobile: mobileField }),
]);
export type SendChangeCodeRequest = z.infer<typeof sendChangeCodeRequestSchema>;

const currentFactors = {
  verifyCode: verifyCodeField,
  pwd: passwordField,
  googleCode: z.optional(factorCodeField),
};

/** Payload of `/v1/user/security/changeEmail` (login-encrypted). */
export const changeEmailRequestSchema = z.strictObject({
  email: emailField,
  emailCode: verifyCodeField,
  ...currentFactors,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** Payload of `/v1/user/security/changeMobile` (login-encrypted). */
export const changeMobileRequestSchema = z.strictObject({
  areaCode: areaCodeField,
  mobile: mobileField,
  mobileCode: verifyCodeField,
  ...currentFactors,
});
export type ChangeMobileRequest = z.infer<typeof changeMobileRequestSchema>;

export { securityChangeReplySchema } from './schemas';
export { sendVerifyCodeReplySchema } from './verification';
