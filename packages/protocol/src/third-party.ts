import * as z from 'zod/mini';
import { factorCodeField, passwordField } from './schemas';
import { TelegramRule, TelegramSource } from './telegram-rule';

export { emptyReplySchema, emptyRequestSchema, sessionReplySchema } from './schemas';

/**
 * Third-party sign-in (SPEC 7 names the `apple`, `google`, `wallet` and `telegram` register,
 * check, bind and sign calls and the encrypted fields `publicAddress`, `signature`, `token`,
 * `initData` and `id`, and shows no flow). Our reading, README "Third-party sign-in":
 * - **register** creates an account whose way in is the identity (human verification first);
 * - **sign** signs in with it, through the second step when the account has a second factor;
 * - **bind** adds it to the signed-in account, **unbind** removes it (never the last way in);
 * - **check** tells whether an identity is bound to an account.
 */

/** The providers, as they appear in the call paths. */
export const ThirdPartyProvider = {
  wallet: 'wallet',
  telegram: 'telegram',
  google: 'google',
  apple: 'apple',
} as const;
export type ThirdPartyProvider = (typeof ThirdPartyProvider)[keyof typeof ThirdPartyProvider];

/**
 * Sign-In with Ethereum (EIP-4361): the gateway issues a nonce; the page builds the message for
 * its own host with it and the wallet signs it (EIP-191 personal_sign); the gateway checks the
 * message's domain, chain, nonce and times and recovers the signer.
 */
export const WalletRule = {
  /** How long an issued nonce, and the message that carries it, may be used. */
  nonceTtlSeconds: 300,
  /** The chain the message names: Ethereum mainnet (an address is the same on every chain). */
  chainId: 1,
  /** EIP-4361's only version. */
  version: '1',
  /**
   * The message's statement, in English in every language: EIP-4361 allows only ASCII there, and
   * wallets that find none show a bare signature request instead of a sign-in.
   */
  statement: 'Sign in to exchange-web with this wallet.',
  /** Longest message taken: a SIWE message of ours is a few hundred characters. */
  messageMaxLength: 2048,
} as const;

/** An Ethereum address: 0x and 40 hex digits, in any letter case (checksums are not required). */
export const walletAddressField = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

/** An EIP-191 signature of an externally owned account: 65 bytes as hex. */
export const walletSignatureField = z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/));

/** Reply of `wallet/nonce`: the nonce to put in the message, and when it stops being accepted. */
export const walletNonceReplySchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,96}$/)),
  /** ms since the epoch; the message's Expiration Time should be no later. */
  expiresAt: z.number(),
});
export type WalletNonceReply = z.infer<typeof walletNonceReplySchema>;

/** A signed Sign-In with Ethereum message: what register and sign take (login-encrypted). */
export const walletProofSchema = z.strictObject({
  publicAddress: walletAddressField,
  siweMessage: z.string().check(z.minLength(1), z.maxLength(WalletRule.messageMaxLength)),
  signature: walletSignatureField,
});
export type WalletProof = z.infer<typeof walletProofSchema>;

/** Payload of `wallet/check`. */
export const walletCheckRequestSchema = z.strictObject({ publicAddress: walletAddressField });
export type WalletCheckRequest = z.infer<typeof walletCheckRequestSchema>;

/** Reply of a check: whether an account has the identity. */
export const thirdPartyCheckReplySchema = z.object({ bound: z.boolean() });
export type ThirdPartyCheckReply = z.infer<typeof thirdPartyCheckReplySchema>;

/**
 * The current factors a change of an account's ways in takes: the password when the account has
 * one, and the app's code when one is linked (as adding a passkey does).
 */
const currentFactors = {
  pwd: z.optional(passwordField),
  googleCode: z.optional(factorCodeField),
};

/** Payload of `wallet/bind`: a proof for the wallet, and the current factors. */
export const walletBindRequestSchema = z.extend(walletProofSchema, currentFactors);
export type WalletBindRequest = z.infer<typeof walletBindRequestSchema>;

/** Payload of `wallet/unbind`: which wallet, and the current factors. */
export const walletUnbindRequestSchema = z.strictObject({
  publicAddress: walletAddressField,
  ...currentFactors,
});
export type WalletUnbindRequest = z.infer<typeof walletUnbindRequestSchema>;

/** One identity bound to the account. */
export const thirdPartyIdentitySchema = z.object({
  provider: z.enum([
    ThirdPartyProvider.wallet,
    ThirdPartyProvider.telegram,
    ThirdPartyProvider.google,
    ThirdPartyProvider.apple,
  ]),
  /** The identity as the provider names it: a wallet's checksummed address, an account id. */
  subject: z.string(),
  /** ms since the epoch. */
  boundAt: z.number(),
});
export type ThirdPartyIdentity = z.infer<typeof thirdPartyIdentitySchema>;

/** Reply of `third/list`: the identities, and whether the account has a password too. */
export const thirdPartyListReplySchema = z.object({
  items: z.array(thirdPartyIdentitySchema),
  hasPassword: z.boolean(),
});
export type ThirdPartyListReply = z.infer<typeof thirdPartyListReplySchema>;

export { TelegramRule, TelegramSource } from './telegram-rule';

/** A Telegram account's id: a positive integer, as Telegram's `id` field writes it. */
export const telegramIdField = z.string().check(z.regex(/^[1-9][0-9]{0,19}$/));

/** Telegram's signed data: what register, sign and bind take (login-encrypted). */
export const telegramProofSchema = z.strictObject({
  initData: z.string().check(z.minLength(1), z.maxLength(TelegramRule.initDataMaxLength)),
  source: z.enum([TelegramSource.widget, TelegramSource.miniApp]),
});
export type TelegramProof = z.infer<typeof telegramProofSchema>;

/** Payload of `telegram/check`: the Telegram account's id. */
export const telegramCheckRequestSchema = z.strictObject({ id: telegramIdField });
export type TelegramCheckRequest = z.infer<typeof telegramCheckRequestSchema>;

/** Payload of `telegram/bind`: Telegram's signed data, and the current factors. */
export const telegramBindRequestSchema = z.extend(telegramProofSchema, currentFactors);
export type TelegramBindRequest = z.infer<typeof telegramBindRequestSchema>;

/** Payload of `telegram/unbind`: which Telegram account, and the current factors. */
export const telegramUnbindRequestSchema = z.strictObject({
  id: telegramIdField,
  ...currentFactors,
});
export type TelegramUnbindRequest = z.infer<typeof telegramUnbindRequestSchema>;

/** Reply of `telegram/config`: where Telegram's login page is, and the site's bot. */
export const telegramConfigReplySchema = z.object({
  loginUrl: z.string(),
  botId: z.string().check(z.regex(/^[0-9]+$/)),
});
export type TelegramConfigReply = z.infer<typeof telegramConfigReplySchema>;

export { OpenIdRule } from './openid-rule';

/** Reply of `google/authorize` and `apple/authorize`: where to send the person, and the state. */
export const openIdAuthorizeReplySchema = z.object({
  authorizationUrl: z.string(),
  state: z.string(),
});
export type OpenIdAuthorizeReply = z.infer<typeof openIdAuthorizeReplySchema>;

const openIdValue = z.string().check(z.minLength(1), z.maxLength(2048));

/**
 * What the provider sent back (the return page's query): what register, sign, check and bind
 * take. `iss` is there when the provider names itself in its answer (RFC 9207).
 */
export const openIdProofSchema = z.strictObject({
  code: openIdValue,
  state: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  iss: z.optional(openIdValue),
});
export type OpenIdProof = z.infer<typeof openIdProofSchema>;

/** Payload of `google/bind` and `apple/bind`: the provider's answer, and the current factors. */
export const openIdBindRequestSchema = z.extend(openIdProofSchema, currentFactors);
export type OpenIdBindRequest = z.infer<typeof openIdBindRequestSchema>;

/** Payload of `google/unbind` and `apple/unbind`: the account at the provider (its `sub`). */
export const openIdUnbindRequestSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  ...currentFactors,
});
export type OpenIdUnbindRequest = z.infer<typeof openIdUnbindRequestSchema>;
