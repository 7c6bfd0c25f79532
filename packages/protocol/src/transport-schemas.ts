/**
 * The schemas every page's request client needs before any page asks for more: the shell's public
 * calls (rates, image domains, coin icons, sign config), the challenge and the session reply of a
 * login. Kept apart from `schemas.ts` so that loading the client, or a visitor's page calling the
 * shell's calls, builds only these few (issue 18: building every schema at once was one of the
 * longest tasks on a phone); `schemas.ts` re-exports them.
 */
import * as z from 'zod/mini';
import { CHALLENGE_TYPE } from './codes';
import { KeyAlgorithm, SignMode } from './registry';

/** A text field of at most `max` characters, '' allowed. */
export const text = (max: number) => z.string().check(z.maxLength(max));
/** A text field of 1 to `max` characters. */
export const requiredText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** A request locale field: a non-empty code of at most 16 characters. */
export const localeField = requiredText(16);

/** A call that takes no payload (logout, btapi logout, clear cookie). */
export const emptyRequestSchema = z.strictObject({});
export type EmptyRequest = z.infer<typeof emptyRequestSchema>;

/**
 * The reply data of a call that answers nothing but its code (logout, a deletion, a report): read
 * as null whatever it carries, so a newer gateway that adds data does not break an older client.
 */
export const emptyReplySchema = z.pipe(
  z.unknown(),
  z.transform((): null => null),
);

// ---------------------------------------------------------------------------------------------
// USDT rates: POST /v1/mix/public/usdtRate

/** Payload of the rate call. */
export const usdtRateRequestSchema = z.strictObject({ locale: localeField });
export type UsdtRateRequest = z.infer<typeof usdtRateRequestSchema>;

/** One supported currency of the rate reply. */
export const supportedCurrencySchema = z.object({
  name: requiredText(16),
  symbol: requiredText(8),
  value: requiredText(16),
});
export type SupportedCurrency = z.infer<typeof supportedCurrencySchema>;

/**
 * Reply of the rate call: the supported currencies, and rates keyed by lower-case currency name,
 * each the units of that fiat per 1 USDT.
 */
export const usdtRateReplySchema = z.object({
  supported: z.array(supportedCurrencySchema),
  // z.number() refuses Infinity and NaN itself: the rates are finite numbers.
  rates: z.record(z.string().check(z.regex(/^[a-z][a-z0-9]*$/)), z.number().check(z.positive())),
});
export type UsdtRateReply = z.infer<typeof usdtRateReplySchema>;

// ---------------------------------------------------------------------------------------------
// Coin icons: GET (ours)

/** Reply of the coin icons call (ours): each coin's icon as an image path on the default host. */
export const coinIconsReplySchema = z.object({
  icons: z.array(z.object({ coin: z.string(), url: z.string() })),
});
export type CoinIconsReply = z.infer<typeof coinIconsReplySchema>;

// ---------------------------------------------------------------------------------------------
// Human verification: get-captcha-id and check-captcha

/** Payload of the captcha-id call. */
export const captchaIdRequestSchema = z.strictObject({ scene: requiredText(64) });
export type CaptchaIdRequest = z.infer<typeof captchaIdRequestSchema>;

// SPEC 7: the source's vendor-named id field becomes captchaId; our gateway sends captchaId itself.
/** Reply of the captcha-id call; status 0 means no challenge is needed. */
export const captchaIdReplySchema = z.object({
  bizId: text(128),
  captchaId: text(128),
  status: z.number().check(z.int()),
  // Not in SPEC 7: the widget's challenge parameters, opaque here, present when status is not 0.
  challenge: z.optional(z.unknown()),
});
export type CaptchaIdReply = z.infer<typeof captchaIdReplySchema>;

// SPEC 7 does not show extras: we take it as a flat map of scalar values (bizId, captchaId...).
/** Payload of the captcha check: type 3, its result as Base64 text of its JSON. */
export const captchaCheckRequestSchema = z.strictObject({
  captchaType: z.literal(CHALLENGE_TYPE),
  captchaValidate: z.base64().check(z.minLength(1), z.maxLength(8192)),
  extras: z.record(requiredText(64), z.union([text(512), z.number(), z.boolean()])),
});
export type CaptchaCheckRequest = z.infer<typeof captchaCheckRequestSchema>;

// SPEC 4 "code 10021 in group gateway": the group travels in the reply's data, with the scene
// the challenge is for (our reading; the spec shows no shape).
/** The data of a 10021 reply: which layer raised the challenge, and for which scene. */
export const challengeRequiredDataSchema = z.object({
  group: requiredText(64),
  scene: requiredText(64),
});
export type ChallengeRequiredData = z.infer<typeof challengeRequiredDataSchema>;

/** Reply of a passed check: the token sent as `captcha-token` on the retried request. */
export const captchaCheckReplySchema = z.object({ captchaToken: requiredText(2048) });
export type CaptchaCheckReply = z.infer<typeof captchaCheckReplySchema>;

// ---------------------------------------------------------------------------------------------
// Gateway sign config: GET /v1/mix/config/gatewaySignConfig

/** A sign mode number: 0, 1 or 2. */
export const signModeSchema = z.union([
  z.literal(SignMode.pathTime),
  z.literal(SignMode.withTraceId),
  z.literal(SignMode.withBody),
]);

// SPEC 3 lists signModes without a shape: we read it as call path to mode, unlisted paths mode 0;
// userCheckDeviceUrl as the list of paths that also carry the device-check headers.
/** The gateway sign config (SPEC.md section 3). */
export const gatewaySignConfigSchema = z.object({
  /** Whether the client signs at all. */
  clientOpen: z.boolean(),
  /** The gateway's RSA public key, base64 SPKI. */
  serverPublicKey: z.base64().check(z.minLength(1)),
  /** Signature over serverPublicKey by the built-in certificate's key, base64. */
  serverPublicKeySign: z.base64().check(z.minLength(1)),
  defaultAlgorithm: z.enum([KeyAlgorithm.rsa1024, KeyAlgorithm.rsa2048]),
  /** Paths signed when they match exactly. */
  exactUrls: z.array(z.string().check(z.startsWith('/'))),
  /** Paths signed when they start with one of these. */
  prefixUrls: z.array(z.string().check(z.startsWith('/'))),
  signModes: z.record(z.string().check(z.startsWith('/')), signModeSchema),
  userCheckDeviceUrl: z.array(z.string().check(z.startsWith('/'))),
});
export type GatewaySignConfig = z.infer<typeof gatewaySignConfigSchema>;

/** Reply of the sign-config call: `data.gatewaySignConfig`. */
export const gatewaySignConfigReplySchema = z.object({
  gatewaySignConfig: gatewaySignConfigSchema,
});
export type GatewaySignConfigReply = z.infer<typeof gatewaySignConfigReplySchema>;

// ---------------------------------------------------------------------------------------------
// Image domains: GET /v1/mix/system/getDomainConfigList

/** Reply of the domain-config call. */
export const domainConfigReplySchema = z.object({
  imgDomainConfig: z.object({
    foreignDomainList: z.array(z.string()),
    internalDomainList: z.array(z.string()),
  }),
});
export type DomainConfigReply = z.infer<typeof domainConfigReplySchema>;

// ---------------------------------------------------------------------------------------------
// The session reply of a login, a registration and a sub-account switch

/**
 * Reply of a login, a registration and a sub-account switch: who is now signed in. The session
 * itself travels in HttpOnly cookies, never in the body.
 */
export const sessionReplySchema = z.object({
  userId: requiredText(64),
  loginName: text(256),
  userName: text(256),
  /** Whether the session now acts as a sub-account of its main account. */
  subAccount: z.boolean(),
  /**
   * The device check of SPEC 7 on login paths: whether this device's key (proved by the
   * `userCheckDeviceSign` header) was bound to the user before. Absent when no check was made.
   */
  deviceKnown: z.optional(z.boolean()),
});
export type SessionReply = z.infer<typeof sessionReplySchema>;
