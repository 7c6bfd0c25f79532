/**
 * zod schemas of the calls of SPEC.md section 7 whose payload or reply is known, and their
 * inferred types. Request objects are strict: an unknown field is refused. Reply objects strip
 * unknown fields, so a newer gateway does not break an older client.
 */
import * as z from 'zod/mini';
import { AntiPhishingRule, isAntiPhishingCode } from './anti-phishing-rule';
import {
  normaliseFactorCode,
  RECOVERY_CODE_PATTERN,
  TIME_CODE_PATTERN,
} from './authenticator-rule';
import { API_KEY_PERMISSIONS } from './api-key-permissions';
import {
  EVENT_TRACKING_ID_PATTERN,
  TRACKING_BATCH_SIZE,
  TRACKING_SYS_VALUES,
  TrackingEventType,
  TrackingPlatformCode,
  webVitalsThresholds,
  type WebVitalName,
} from './registry';

import { requiredText, text } from './transport-schemas';

export * from './transport-schemas';
export * from './session-schemas';

// ---------------------------------------------------------------------------------------------
// Anti-phishing phrase

/**
 * Payload of `/v1/user/security/antiPhishing`: the phrase every e-mail will show (protocol
 * `anti-phishing-rule.ts`), or `''` to show none.
 */
export const antiPhishingRequestSchema = z.strictObject({
  antiPhishingCode: z
    .string()
    .check(
      z.trim(),
      z.refine(
        isAntiPhishingCode,
        `expected ${AntiPhishingRule.minLength} to ${AntiPhishingRule.maxLength} letters, digits, _ or -, with a letter (or nothing, to remove it)`,
      ),
    ),
});
export type AntiPhishingRequest = z.infer<typeof antiPhishingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// CSP reports: POST /v1/buried/log/cspSecurity

/** Payload of the CSP violation report. */
export const cspSecurityRequestSchema = z.strictObject({
  bizType: requiredText(64),
  data: z.strictObject({ event: requiredText(128), reason: text(4096) }),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  page: text(2048),
});
export type CspSecurityRequest = z.infer<typeof cspSecurityRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Client config: GET {config base}/v1/mix/public/clientCommonConfig

/** Reply of the client-config call. */
export const clientCommonConfigReplySchema = z.object({
  clientCommonConfig: z.object({ eventLogUploadSwitch: z.boolean(), userId: z.string() }),
  localVo: z.object({ ip: z.string() }),
});
export type ClientCommonConfigReply = z.infer<typeof clientCommonConfigReplySchema>;

// ---------------------------------------------------------------------------------------------
// Analytics upload: POST {report base}/v1/buried/log/info

const eventTypeValues = Object.values(TrackingEventType);
const platformCodes = Object.values(TrackingPlatformCode);

/** A JSON object of extra event data. */
const extSchema = z.record(z.string(), z.unknown());

/** One analytics event (SPEC.md section 3, "Analytics event"). */
export const trackingEventSchema = z.strictObject({
  // DESIGN "Wire formats": a stable id per event so the gateway stores it at most once.
  event_id: requiredText(64),
  type: z.number().check(
    z.int(),
    z.refine((value) => (eventTypeValues as number[]).includes(value), {
      message: 'unknown event type',
    }),
  ),
  page_status: z.optional(z.enum(['show', 'hide'])),
  event_tracking: z.optional(text(256)),
  event_tracking_id: z.string().check(z.regex(EVENT_TRACKING_ID_PATTERN)),
  // SPEC 5: merged events collect their ext payloads in a list.
  event_tracking_ext: z.optional(z.union([extSchema, z.array(extSchema)])),
  business1: z.optional(text(1024)),
  business2: z.optional(text(1024)),
  curr_page: z.optional(text(2048)),
  curr_page_ext: z.optional(z.union([text(4096), extSchema])),
  track_type: z.enum(['auto', 'manual']),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  seq: z.optional(z.number().check(z.int(), z.nonnegative())),
  log_seq: z.optional(z.number().check(z.int(), z.nonnegative())),
  retry_count: z.optional(z.number().check(z.int(), z.nonnegative())),
  ctime: z.optional(z.number().check(z.int(), z.nonnegative())),
  merge: z.optional(z.boolean()),
  timely: z.optional(z.boolean()),
  page_unique_id: z.optional(text(128)),
  url: text(4096),
  title: z.optional(text(1024)),
  referer: z.optional(text(4096)),
  user_language: z.optional(text(32)),
  uid: z.optional(text(64)),
  device_id: requiredText(128),
  session_id: requiredText(256),
  first_visit_time: z.optional(z.number().check(z.int(), z.nonnegative())),
  first_day: z.optional(z.boolean()),
  browser: z.optional(text(128)),
  browser_version: z.optional(text(64)),
  manufacturer: z.optional(text(128)),
  model: z.optional(text(128)),
  screen_width: z.optional(z.number().check(z.int(), z.nonnegative())),
  screen_height: z.optional(z.number().check(z.int(), z.nonnegative())),
  network_type: z.optional(text(32)),
  sys: z.optional(z.enum(TRACKING_SYS_VALUES)),
  os_version: z.optional(text(64)),
  url_host: z.optional(text(256)),
  source_referer: z.optional(text(4096)),
  source_target: z.optional(text(4096)),
  timezone_offset: z.optional(z.number().check(z.int())),
  log_env: z.optional(text(32)),
  qr_val: z.optional(text(1024)),
  app_id: z.optional(text(64)),
  app_name: z.optional(text(64)),
  // SPEC 3 "Base info": the platform code, the library version and the visitor id travel with
  // every event (the spec lists them beside the event's fields; the names are ours).
  platform: z.optional(
    z.number().check(
      z.int(),
      z.refine((value) => (platformCodes as number[]).includes(value), {
        message: 'unknown platform code',
      }),
    ),
  ),
  lib_version: z.optional(text(16)),
  visitor_id: z.optional(text(64)),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** Payload of the analytics upload: a JSON array of 1 to 50 events. */
export const buriedLogInfoRequestSchema = z
  .array(trackingEventSchema)
  .check(z.minLength(1), z.maxLength(TRACKING_BATCH_SIZE));
export type BuriedLogInfoRequest = z.infer<typeof buriedLogInfoRequestSchema>;

/**
 * The upload checked as a batch only (an array of 1 to 50 items): the gateway then checks each
 * item against {@link trackingEventSchema} on its own, so one bad event never costs the others.
 */
export const buriedLogInfoBatchSchema = z
  .array(z.unknown())
  .check(z.minLength(1), z.maxLength(TRACKING_BATCH_SIZE));

/** One refused event of an upload: its place in the array, its id when it had one, and why. */
export const rejectedTrackingEventSchema = z.object({
  index: z.number().check(z.int(), z.nonnegative()),
  eventId: z.nullable(z.string()),
  reason: z.string(),
});
export type RejectedTrackingEvent = z.infer<typeof rejectedTrackingEventSchema>;

/**
 * Reply of the analytics upload (SPEC 7 leaves it "not shown"): how many events were stored now,
 * how many had been stored before (a retry: each id is stored at most once), and the refused ones.
 * A refused event is malformed and never accepted however often it is sent: clients drop it.
 */
export const buriedLogInfoReplySchema = z.object({
  accepted: z.number().check(z.int(), z.nonnegative()),
  duplicates: z.number().check(z.int(), z.nonnegative()),
  rejected: z.array(rejectedTrackingEventSchema),
});
export type BuriedLogInfoReply = z.infer<typeof buriedLogInfoReplySchema>;

/** Ratings of a web-vitals metric against {@link webVitalsThresholds}. */
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];

/**
 * `event_tracking_ext` of a page-performance event (tracking id b8972, SPEC 9): one web-vitals
 * metric with its value (ms, or unitless for CLS), its rating and the metric's own id.
 */
export const webVitalExtSchema = z.object({
  name: z.enum(Object.keys(webVitalsThresholds) as [WebVitalName, ...WebVitalName[]]),
  value: z.number().check(z.nonnegative()),
  rating: z.enum(WEB_VITAL_RATINGS),
  id: requiredText(128),
  navigationType: z.optional(text(32)),
});
export type WebVitalExt = z.infer<typeof webVitalExtSchema>;

// ---------------------------------------------------------------------------------------------
// Tracking overview, for operators: GET /v1/buried/log/overview?hours=N (ours, issue 7)

/** Longest window of the overview, in hours (a week). */
export const TRACKING_OVERVIEW_MAX_HOURS = 168;

/** Query of the overview: the last `hours` hours, 1 to a week. @default 24 */
export const trackingOverviewQuerySchema = z.object({
  hours: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(TRACKING_OVERVIEW_MAX_HOURS)),
    24,
  ),
});
export type TrackingOverviewQuery = z.infer<typeof trackingOverviewQuerySchema>;

/** Event counts of one time bucket, by key (an event type's number, or a page path). */
const bucketCountsSchema = z.object({
  /** Start of the bucket, ms since the epoch. */
  start: z.number().check(z.int()),
  counts: z.record(z.string(), z.number().check(z.int(), z.nonnegative())),
});

/** One web-vitals metric over the window. */
export const webVitalSummarySchema = z.object({
  name: z.enum(Object.keys(webVitalsThresholds) as [WebVitalName, ...WebVitalName[]]),
  samples: z.number().check(z.int(), z.nonnegative()),
  /** 75th percentile value, or null without samples. */
  p75: z.nullable(z.number()),
  /** Samples per rating against the spec's thresholds. */
  ratings: z.object({
    good: z.number().check(z.int(), z.nonnegative()),
    'needs-improvement': z.number().check(z.int(), z.nonnegative()),
    poor: z.number().check(z.int(), z.nonnegative()),
  }),
  /** Histogram: samples with a value up to `upTo` (exclusive of the previous bucket's). */
  histogram: z.array(
    z.object({ upTo: z.number(), count: z.number().check(z.int(), z.nonnegative()) }),
  ),
});
export type WebVitalSummary = z.infer<typeof webVitalSummarySchema>;

/** A stored event as the overview lists it. */
export const trackedEventSummarySchema = z.object({
  eventId: z.string(),
  type: z.number().check(z.int()),
  eventTrackingId: z.string(),
  pageStatus: z.nullable(z.string()),
  page: z.string(),
  uid: z.string(),
  deviceId: z.string(),
  /** When the event happened (client clock), ms since the epoch. */
  timestamp: z.number().check(z.int()),
  /** When the gateway stored it, ms since the epoch. */
  receivedAt: z.number().check(z.int()),
  ext: z.unknown(),
});
export type TrackedEventSummary = z.infer<typeof trackedEventSummarySchema>;

/** Most events one device query answers. */
export const TRACKING_EVENTS_MAX_LIMIT = 1000;

/**
 * Query of the events call: the stored events of one device (its fingerprint: browsers on one
 * machine share it) or of one visitor (one browser profile), or of both at once; oldest first.
 */
export const trackingEventsQuerySchema = z
  .object({
    deviceId: z.optional(requiredText(128)),
    visitorId: z.optional(requiredText(64)),
    limit: z._default(
      z.coerce.number().check(z.int(), z.gte(1), z.lte(TRACKING_EVENTS_MAX_LIMIT)),
      200,
    ),
  })
  .check(
    z.refine((query) => query.deviceId !== undefined || query.visitorId !== undefined, {
      message: 'deviceId or visitorId is required',
      path: ['deviceId'],
    }),
  );
export type TrackingEventsQuery = z.infer<typeof trackingEventsQuerySchema>;

/** Reply of the device events call: each stored event in full, oldest first by event time. */
export const trackingEventsReplySchema = z.object({
  events: z.array(
    z.object({
      receivedAt: z.number().check(z.int()),
      event: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type TrackingEventsReply = z.infer<typeof trackingEventsReplySchema>;

/** Body of the upload switch call: turn event uploading on or off. The reply is the same shape. */
export const trackingUploadSwitchSchema = z.strictObject({ on: z.boolean() });
export type TrackingUploadSwitch = z.infer<typeof trackingUploadSwitchSchema>;

/** Reply of the overview. */
export const trackingOverviewReplySchema = z.object({
  from: z.number().check(z.int()),
  to: z.number().check(z.int()),
  bucketMs: z.number().check(z.int(), z.positive()),
  total: z.number().check(z.int(), z.nonnegative()),
  /** Events per bucket by event type number (`"1"` page ... `"9"` system). */
  byType: z.array(bucketCountsSchema),
  /** Events per bucket by page path (the window's busiest pages; the rest under `other`). */
  byPage: z.array(bucketCountsSchema),
  /** Totals of the window's busiest pages, busiest first. */
  topPages: z.array(
    z.object({ page: z.string(), count: z.number().check(z.int(), z.nonnegative()) }),
  ),
  /** The latest events, newest first. */
  latest: z.array(trackedEventSummarySchema),
  webVitals: z.array(webVitalSummarySchema),
  /** Whether event uploading is on (the config's eventLogUploadSwitch). */
  uploadSwitch: z.boolean(),
});
export type TrackingOverviewReply = z.infer<typeof trackingOverviewReplySchema>;

// ---------------------------------------------------------------------------------------------
// Accounts and sessions: login, registration, sub-accounts (SPEC.md section 7 names the paths;
// their payloads are not shown, so the shapes below are ours, with the spec's field names)

/** A login name or email: trimmed, 3 to 254 characters. */
const loginNameField = z.string().check(z.trim(), z.minLength(3), z.maxLength(254));
/** A password as typed; its strength is the gateway's rule (it answers weakPassword). */
export const passwordField = z.string().check(z.minLength(1), z.maxLength(128));
/** A country calling code such as `+81` or `81`. */
export const areaCodeField = z
  .string()
  .check(z.trim(), z.regex(/^\+?\d{1,4}$/, 'expected a country calling code'));
/** A national mobile number: 4 to 15 digits. */
export const mobileField = z
  .string()
  .check(z.trim(), z.regex(/^\d{4,15}$/, 'expected 4 to 15 digits'));
/** An email address. */
export const emailField = z.email().check(z.maxLength(254));
/** A verification code as sent by e-mail or SMS: six digits (protocol `verification.ts`). */
export const verifyCodeField = z.string().check(z.regex(/^\d{6}$/, 'expected the 6-digit code'));

/**
 * Payload of `/v1/user/login`: the login name is an email, a mobile number with its area code
 * (`+81 9012345678`), or a sub-account name.
 */
export const loginRequestSchema = z.strictObject({
  loginName: loginNameField,
  pwd: passwordField,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Payload of `/v1/user/register/email`. `rePwd`, when sent, must equal `pwd`. */
export const registerEmailRequestSchema = z.strictObject({
  email: emailField,
  pwd: passwordField,
  rePwd: z.optional(passwordField),
  /** The code sent to `email` (sendVerifyCode); required while the gateway verifies addresses. */
  emailCode: z.optional(verifyCodeField),
});
export type RegisterEmailRequest = z.infer<typeof registerEmailRequestSchema>;

/** Payload of `/v1/user/register/mobile`. */
export const registerMobileRequestSchema = z.strictObject({
  areaCode: areaCodeField,
  mobile: mobileField,
  pwd: passwordField,
  rePwd: z.optional(passwordField),
  /** The code sent by SMS to the number (sendVerifyCode). */
  mobileCode: z.optional(verifyCodeField),
});
export type RegisterMobileRequest = z.infer<typeof registerMobileRequestSchema>;

/** Payload of `/v1/user/register/mobileAndEmail`. */
export const registerMobileAndEmailRequestSchema = z.strictObject({
  email: emailField,
  areaCode: areaCodeField,
  mobile: mobileField,
  pwd: passwordField,
  rePwd: z.optional(passwordField),
  /** Both codes: one to the address, one to the number. */
  emailCode: z.optional(verifyCodeField),
  mobileCode: z.optional(verifyCodeField),
});
export type RegisterMobileAndEmailRequest = z.infer<typeof registerMobileAndEmailRequestSchema>;

/**
 * A second factor's code as typed: the authenticator app's 6 digits or a recovery code, put in
 * the form the gateway compares (protocol `authenticator-rule.ts`).
 */
export const factorCodeField = z.string().check(
  z.overwrite(normaliseFactorCode),
  z.refine(
    (code) => TIME_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
    'expected the 6-digit code of the authenticator app or a recovery code',
  ),
);

/**
 * Payload of `/v1/user/security/changePassword` (login-encrypted): the current password, the new
 * one (the registration's rule), and the authenticator's code (or a recovery code) when one is
 * linked.
 */
export const changePasswordRequestSchema = z.strictObject({
  pwd: passwordField,
  newPwd: passwordField,
  googleCode: z.optional(factorCodeField),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Reply of a change of the account's security: until when sensitive actions wait (ms). */
export const securityChangeReplySchema = z.object({
  lockedUntil: z.number().check(z.int(), z.nonnegative()),
});
export type SecurityChangeReply = z.infer<typeof securityChangeReplySchema>;

/** A sub-account name: 3 to 32 letters, digits, `_` or `-`. */
const subAccountNameField = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/, 'expected 3 to 32 letters, digits, _ or -'));

/** Payload of `/v1/user/subAccount/create`. */
export const subAccountCreateRequestSchema = z.strictObject({ userName: subAccountNameField });
export type SubAccountCreateRequest = z.infer<typeof subAccountCreateRequestSchema>;

/** One sub-account of a main account. */
export const subAccountSchema = z.object({
  userId: requiredText(64),
  userName: text(256),
  createdDate: z.number().check(z.int(), z.nonnegative()),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** Reply of `/v1/user/subAccount/list`. */
export const subAccountListReplySchema = z.object({ items: z.array(subAccountSchema) });
export type SubAccountListReply = z.infer<typeof subAccountListReplySchema>;

/** Payload of `/v1/user/subAccount/switch`: the sub-account to act as. */
export const subAccountSwitchRequestSchema = z.strictObject({ userId: requiredText(64) });
export type SubAccountSwitchRequest = z.infer<typeof subAccountSwitchRequestSchema>;

export { PASSWORD_MIN_LENGTH, isStrongPassword } from './password-rule';

/** One recent sign-in of the account: a session, live or ended. */
export const signInDeviceSchema = z.object({
  /** The session's id: what signing that device out names. */
  id: requiredText(32),
  /** When the session began, ms since the epoch. */
  signedInAt: z.number().check(z.int(), z.nonnegative()),
  /** When it last renewed its token: at most a session lifetime (30 min) behind its last call. */
  lastSeenAt: z.number().check(z.int(), z.nonnegative()),
  ip: text(64),
  userAgent: text(512),
  /** The browser and its major version read from the user agent (`Chrome 131`), `''` unknown. */
  browser: text(64),
  /** The operating system read from the user agent (`Windows 10`), `''` unknown. */
  os: text(64),
  /** Whether this is the session that asks. */
  current: z.boolean(),
  /** Whether the session is still live. */
  active: z.boolean(),
});
export type SignInDevice = z.infer<typeof signInDeviceSchema>;

/** How a sign-in attempt ended. */
export const SignInResult = {
  success: 'success',
  wrongPassword: 'wrongPassword',
  /** The password was right; the second factor was then asked for. */
  secondFactorAsked: 'secondFactorAsked',
  wrongCode: 'wrongCode',
  frozen: 'frozen',
} as const;
export type SignInResult = (typeof SignInResult)[keyof typeof SignInResult];

/** What an attempt was decided by. */
export const SignInFactor = {
  password: 'password',
  authenticator: 'authenticator',
  recoveryCode: 'recoveryCode',
  /** The registration that made the account signed it in. */
  registration: 'registration',
  /** Another signed-in device confirmed this browser's QR code. */
  qrCode: 'qrCode',
  /** A passkey: alone (passwordless) or after the password. */
  passkey: 'passkey',
  /** The code e-mailed (or texted) for a sign-in from a new device, after the password. */
  emailCode: 'emailCode',
  mobileCode: 'mobileCode',
  /** A wallet's signed Sign-In with Ethereum message (README "Third-party sign-in"). */
  wallet: 'wallet',
  /** Data Telegram's login page (or a Mini App) signed under the site's bot token. */
  telegram: 'telegram',
  /** An ID token of Google's or Apple's, from the OpenID Connect code flow. */
  google: 'google',
  apple: 'apple',
} as const;
export type SignInFactor = (typeof SignInFactor)[keyof typeof SignInFactor];

/** One attempt of the account's sign-in history. */
export const signInEventSchema = z.object({
  /** When, ms since the epoch. */
  at: z.number().check(z.int(), z.nonnegative()),
  ip: text(64),
  /** The browser and system read from its user agent (as in the device list), `''` unknown. */
  browser: text(64),
  os: text(64),
  result: z.enum(SignInResult),
  factor: z.enum(SignInFactor),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

/** Reply of `/v1/user/security/signInHistory`: the latest attempts, newest first. */
export const signInHistoryReplySchema = z.object({ items: z.array(signInEventSchema) });
export type SignInHistoryReply = z.infer<typeof signInHistoryReplySchema>;

/** Payload of `/v1/user/security/device/signOut`: the device (session) to sign out. */
export const deviceSignOutRequestSchema = z.strictObject({
  id: z.string().check(z.regex(/^\d{1,19}$/, 'expected the id of a device in the list')),
});
export type DeviceSignOutRequest = z.infer<typeof deviceSignOutRequestSchema>;

/** Reply of `/v1/user/security/device/signOutOthers`: how many devices were signed out. */
export const deviceSignOutOthersReplySchema = z.object({
  signedOut: z.number().check(z.int(), z.nonnegative()),
});
export type DeviceSignOutOthersReply = z.infer<typeof deviceSignOutOthersReplySchema>;

/** Reply of the recent sign-ins call, newest first. */
export const deviceListReplySchema = z.object({ items: z.array(signInDeviceSchema) });
export type DeviceListReply = z.infer<typeof deviceListReplySchema>;

// ---------------------------------------------------------------------------------------------
// Core calls that request signing protects (not in SPEC 7: the asset overview and the API-key
// page of SPEC 2's account/newapi). Amounts are decimal strings, never floats.

/** A non-negative decimal amount as a string, e.g. `"0.12500000"`. */
const amountField = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'expected a decimal amount'));

/** One coin balance of the account. */
export const assetBalanceSchema = z.object({
  coin: requiredText(16),
  available: amountField,
  frozen: amountField,
  /** The balance (available + frozen) valued in USDT. */
  usdtValue: amountField,
});
export type AssetBalance = z.infer<typeof assetBalanceSchema>;

/** Reply of `/v1/asset/overview`: every balance and their total in USDT. */
export const assetOverviewReplySchema = z.object({
  totalUsdt: amountField,
  balances: z.array(assetBalanceSchema),
});
export type AssetOverviewReply = z.infer<typeof assetOverviewReplySchema>;

export { API_KEY_PERMISSIONS, type ApiKeyPermission } from './api-key-permissions';

/** Payload of `/v1/user/apiKey/create`. */
export const apiKeyCreateRequestSchema = z.strictObject({
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS))
    .check(z.minLength(1), z.maxLength(API_KEY_PERMISSIONS.length)),
  /** Addresses the key may be used from; empty for any. */
  ipWhitelist: z.array(z.union([z.ipv4(), z.ipv6()])).check(z.maxLength(20)),
});
export type ApiKeyCreateRequest = z.infer<typeof apiKeyCreateRequestSchema>;

/** One API key as listed: never its secret. */
export const apiKeySchema = z.object({
  apiKey: requiredText(64),
  label: text(64),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  ipWhitelist: z.array(z.string()),
  createdDate: z.number().check(z.int(), z.nonnegative()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Reply of a creation: the key and its secret, shown this once and never stored in clear. */
export const apiKeyCreateReplySchema = z.extend(apiKeySchema, { secretKey: requiredText(128) });
export type ApiKeyCreateReply = z.infer<typeof apiKeyCreateReplySchema>;

/** Reply of `/v1/user/apiKey/list`. */
export const apiKeyListReplySchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyListReply = z.infer<typeof apiKeyListReplySchema>;

/** Payload of `/v1/user/apiKey/delete`. */
export const apiKeyDeleteRequestSchema = z.strictObject({ apiKey: requiredText(64) });
export type ApiKeyDeleteRequest = z.infer<typeof apiKeyDeleteRequestSchema>;
