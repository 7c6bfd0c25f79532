import * as z from 'zod/mini';
import { areaCodeField, emailField, mobileField } from './schemas';
import { VerifyChannel, VerifyScene } from './verify-code-rule';

/**
 * Verification codes of a registration (ours: SPEC 7 names the encrypted fields `emailCode` and
 * `mobileCode`, and shows no flow). An address is proved by a code sent to it before the account
 * is made, so a registration never tells whether an address is registered: a registered address
 * is sent a notice instead of a code, and its registration then answers as a wrong code does.
 */

export { VerifyChannel, VerifyCodeRule, VerifyScene } from './verify-code-rule';

/**
 * Payload of `/v1/user/public/sendVerifyCode`: an e-mail address, or a mobile number. Only the
 * `register` scene is public: the others are sent by their own signed calls to the account's
 * addresses, and a public send of theirs would replace (and so void) a code the holder is waiting
 * for.
 */
export const sendVerifyCodeRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({
    scene: z.literal(VerifyScene.register),
    channel: z.literal(VerifyChannel.email),
    email: emailField,
  }),
  z.strictObject({
    scene: z.literal(VerifyScene.register),
    channel: z.literal(VerifyChannel.mobile),
    areaCode: areaCodeField,
    mobile: mobileField,
  }),
]);
export type SendVerifyCodeRequest = z.infer<typeof sendVerifyCodeRequestSchema>;

/** Reply of `sendVerifyCode`: the same for every address, registered or not. */
export const sendVerifyCodeReplySchema = z.strictObject({
  expiresInSeconds: z.number().check(z.int(), z.positive()),
  resendAfterSeconds: z.number().check(z.int(), z.positive()),
});
export type SendVerifyCodeReply = z.infer<typeof sendVerifyCodeReplySchema>;
