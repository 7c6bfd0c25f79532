import * as z from 'zod/mini';
import { factorCodeField } from './schemas';

/**
 * Passkeys (WebAuthn; SPEC 7 names the encrypted field `fidoVerifyCode` and `verifySystemLogin`,
 * and shows no flow). Our reading: `fidoVerifyCode` is the authenticator's response as JSON text,
 * checked by the gateway against a challenge it issued; `verifySystemLogin` signs in with a
 * passkey the system holds, with no password. A passkey is also a second factor after the
 * password. README "Account security" tells the whole flow.
 */

/** The rules both sides know. */
export const PasskeyRule = {
  /** How long a challenge (to add a passkey, or to sign in with one) waits for its answer. */
  challengeTtlSeconds: 300,
  /** Passkeys one account may hold. */
  maxPerAccount: 10,
  /** Longest name a person gives a passkey. */
  nameMaxLength: 64,
  /** Longest `fidoVerifyCode` taken: a response is a few kilobytes at most. */
  responseMaxLength: 16_384,
} as const;

/**
 * The authenticator's response (what `navigator.credentials.create` or `get` gave, in its JSON
 * form) as text: parsed and verified by the gateway.
 */
export const fidoVerifyCodeField = z
  .string()
  .check(z.minLength(2), z.maxLength(PasskeyRule.responseMaxLength));

/** WebAuthn options as the browser's API takes them in JSON form: checked by the browser. */
export const webAuthnOptionsSchema = z.looseObject({
  challenge: z.string().check(z.minLength(16)),
});

/** Payload of `passkey/registerOptions` (login-encrypted): the current factors. */
export const passkeyRegisterOptionsRequestSchema = z.strictObject({
  pwd: z.string().check(z.minLength(1), z.maxLength(128)),
  googleCode: z.optional(factorCodeField),
});
export type PasskeyRegisterOptionsRequest = z.infer<typeof passkeyRegisterOptionsRequestSchema>;

/** Reply of `passkey/registerOptions`: what `navigator.credentials.create` is given. */
export const passkeyOptionsReplySchema = z.strictObject({ options: webAuthnOptionsSchema });
export type PasskeyOptionsReply = z.infer<typeof passkeyOptionsReplySchema>;

/** A passkey's name: trimmed, 1 to 64 characters. */
const passkeyNameField = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(PasskeyRule.nameMaxLength));

/** Payload of `passkey/register` (login-encrypted): the name and the new credential. */
export const passkeyRegisterRequestSchema = z.strictObject({
  name: passkeyNameField,
  fidoVerifyCode: fidoVerifyCodeField,
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

/** A passkey of the account, as the security page lists it. */
export const passkeySchema = z.strictObject({
  /** The credential id (base64url). */
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  name: z.string().check(z.maxLength(PasskeyRule.nameMaxLength)),
  createdAt: z.number().check(z.int(), z.nonnegative()),
  /** Last sign-in with it, ms; null never used. */
  lastUsedAt: z.nullable(z.number().check(z.int(), z.nonnegative())),
  /** Whether the provider syncs it across the person's devices (a backed-up passkey). */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** Reply of `passkey/list`, oldest first. */
export const passkeyListReplySchema = z.strictObject({ items: z.array(passkeySchema) });
export type PasskeyListReply = z.infer<typeof passkeyListReplySchema>;

/** Payload of `passkey/remove` (login-encrypted): which one, and the current factors. */
export const passkeyRemoveRequestSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  pwd: z.string().check(z.minLength(1), z.maxLength(128)),
  googleCode: z.optional(factorCodeField),
});
export type PasskeyRemoveRequest = z.infer<typeof passkeyRemoveRequestSchema>;

/** A challenge's ticket: 43 base64url characters. */
const challengeTokenField = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'expected the token of the passkey challenge'));

/** Reply of `/v1/user/passkey/options`: the ticket of the challenge and the options it goes in. */
export const passkeySignInOptionsReplySchema = z.strictObject({
  token: challengeTokenField,
  options: webAuthnOptionsSchema,
});
export type PasskeySignInOptionsReply = z.infer<typeof passkeySignInOptionsReplySchema>;

/** Payload of `verifySystemLogin` (login-encrypted): the ticket and the authenticator's answer. */
export const verifySystemLoginRequestSchema = z.strictObject({
  token: challengeTokenField,
  fidoVerifyCode: fidoVerifyCodeField,
});
export type VerifySystemLoginRequest = z.infer<typeof verifySystemLoginRequestSchema>;

export { emptyReplySchema, emptyRequestSchema, sessionReplySchema } from './schemas';
