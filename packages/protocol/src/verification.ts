import { z } from 'zod';
import { areaCodeField, emailField, mobileField } from './schemas';

/**
 * Verification codes of a registration (ours: SPEC 7 names the encrypted fields `emailCode` and
 * `mobileCode`, and shows no flow). An address is proved by a code sent to it before the account
 * is made, so a registration never tells whether an address is registered: a registered address
 * is sent a notice instead of a code, and its registration then answers as a wrong code does.
 */

/** What a code is asked for. */
export const VerifyScene = { register: 'register' } as const;
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

/** Payload of `/v1/user/public/sendVerifyCode`: an e-mail address, or a mobile number. */
export const sendVerifyCodeRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({
    scene: z.enum(VerifyScene),
    channel: z.literal(VerifyChannel.email),
    email: emailField,
  }),
  z.strictObject({
    scene: z.enum(VerifyScene),
    channel: z.literal(VerifyChannel.mobile),
    areaCode: areaCodeField,
    mobile: mobileField,
  }),
]);
export type SendVerifyCodeRequest = z.infer<typeof sendVerifyCodeRequestSchema>;

/** Reply of `sendVerifyCode`: the same for every address, registered or not. */
export const sendVerifyCodeReplySchema = z.strictObject({
  expiresInSeconds: z.number().int().positive(),
  resendAfterSeconds: z.number().int().positive(),
});
export type SendVerifyCodeReply = z.infer<typeof sendVerifyCodeReplySchema>;
