/**
 * The schemas of the calls every signed-in page makes as it loads: the user info and the coin
 * chain list. Kept apart from `schemas.ts` (the account's other calls: registration, passwords,
 * API keys, devices, tracking), which a page then loads only when it makes one of those calls;
 * `schemas.ts` re-exports them.
 */
import * as z from 'zod/mini';
import { localeField, requiredText, text } from './transport-schemas';

export { emptyRequestSchema } from './transport-schemas';

// ---------------------------------------------------------------------------------------------
// User info: POST /v1/user/overview/userinfo

/** Payload of the user-info call. */
export const userInfoRequestSchema = z.strictObject({ locale: localeField });
export type UserInfoRequest = z.infer<typeof userInfoRequestSchema>;

// SPEC 3 lists the user-info fields without types: flags are booleans, levels and types numbers,
// dates ms since the epoch, everything else strings ('' when unset).
/** The user (SPEC.md section 3, "User info"). Logged in when `userId` is non-empty. */
export const userInfoSchema = z.object({
  userId: text(64),
  loginName: text(256),
  userName: text(256),
  phone: text(64),
  email: text(256),
  mobile: text(64),
  areaCode: text(16),
  bindPhone: z.boolean(),
  bindEmail: z.boolean(),
  bindGoogle: z.boolean(),
  /** Whether a fund password is set. */
  isFund: z.boolean(),
  /** The fund-password setting value. */
  fundValue: z.number().check(z.int()),
  fundDisabled: z.boolean(),
  antiPhishingCode: text(64),
  hasRealValidate: z.boolean(),
  /** 2 means real-name verified. */
  identityLevel: z.number().check(z.int(), z.nonnegative()),
  openOtc: z.boolean(),
  openContract: z.boolean(),
  openGtFees: z.boolean(),
  realName: text(256),
  /** The real name, masked with stars. */
  starRealName: text(256),
  emailEnable: z.boolean(),
  phoneEnable: z.boolean(),
  googleEnable: z.boolean(),
  nickName: text(256),
  familyName: text(256),
  givenName: text(256),
  frozen: z.boolean(),
  subAccount: z.boolean(),
  userType: z.number().check(z.int()),
  childFlag: z.boolean(),
  showUserVip: z.boolean(),
  vipLevel: z.number().check(z.int(), z.nonnegative()),
  switchFlag: z.boolean(),
  createdDate: z.number().check(z.int(), z.nonnegative()),
  updatedDate: z.number().check(z.int(), z.nonnegative()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The short settings flags of the user-info reply (SPEC.md section 3). */
export const userSettingsSchema = z.object({
  /** Mobile bound. */
  mbf: z.boolean(),
  /** Email bound. */
  ebf: z.boolean(),
  /** Authenticator app bound. */
  gbf: z.boolean(),
  /** Fund password set. */
  tbf: z.boolean(),
  /** Fund-password setting value. */
  tpi: z.number().check(z.int()),
  /** Fund password disabled. */
  tpl: z.boolean(),
  /** Identity level; 2 means real-name verified. */
  kf: z.number().check(z.int(), z.nonnegative()),
  /** OTC open. */
  oo: z.boolean(),
  /** Contract trading open. */
  oc: z.boolean(),
  /** Fee option. */
  ob: z.boolean(),
  /** Email enabled. */
  eef: z.boolean(),
  /** Phone enabled. */
  mef: z.boolean(),
  /** Authenticator app enabled. */
  gef: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Reply of the user-info call. */
export const userInfoReplySchema = z.object({
  userInfo: userInfoSchema,
  settings: userSettingsSchema,
  loginName: text(256),
  userName: text(256),
});
export type UserInfoReply = z.infer<typeof userInfoReplySchema>;

// ---------------------------------------------------------------------------------------------
// Coin chains: GET /v1/spot/public/getCoinChainList

// SPEC 7 says only that `item` is stored as the coin-chain list: we give each coin its chains, and
// keep unknown fields since the list is stored as received.
/** One chain a coin moves on. */
export const coinChainSchema = z.looseObject({
  chainName: requiredText(64),
  contractAddress: z.optional(text(256)),
  rechargeable: z.boolean(),
  withdrawable: z.boolean(),
});
export type CoinChain = z.infer<typeof coinChainSchema>;

/** One coin and its chains. */
export const coinChainItemSchema = z.looseObject({
  coinName: requiredText(64),
  chains: z.array(coinChainSchema),
});
export type CoinChainItem = z.infer<typeof coinChainItemSchema>;

/** Reply of the coin-chain call. */
export const coinChainListReplySchema = z.object({ item: z.array(coinChainItemSchema) });
export type CoinChainListReply = z.infer<typeof coinChainListReplySchema>;
