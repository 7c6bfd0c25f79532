import * as z from 'zod/mini';
import { QR_KEY_PATTERN } from './paths';
import { sessionReplySchema } from './schemas';

/**
 * Signing in by QR code (SPEC 7 names `getQrKeyStatus`, `getCrossTerminalLoginStatus` and the
 * encrypted field `qrcodeKey`, and shows no flow). Our reading: `getQrKeyStatus` is the waiting
 * browser's call (it asks for a key, then polls it and is signed in once it is confirmed), and
 * `getCrossTerminalLoginStatus` is the signed-in terminal's (it scans, confirms or declines the
 * other terminal's sign-in). README "Account security" tells the whole flow.
 */

/** The rules both sides know. */
export const QrLoginRule = {
  /**
   * How long a key waits to be scanned and confirmed, and for its browser to collect it, unless
   * the gateway is set otherwise (its replies say how long is left).
   */
  ttlSeconds: 120,
  /** How often the waiting browser asks again. */
  pollMs: 1500,
} as const;

/** Where a QR sign-in stands, as the waiting browser sees it. */
export const QrLoginStatus = {
  /** Shown, nobody scanned it yet. */
  waiting: 'waiting',
  /** A signed-in terminal opened it and is asking its user. */
  scanned: 'scanned',
  /** Confirmed there: this reply signed the waiting browser in (once; the key is then spent). */
  confirmed: 'confirmed',
  /** Declined there: ask for a new code. */
  declined: 'declined',
  /** Past its two minutes, spent, or unknown: ask for a new code. */
  expired: 'expired',
} as const;
export type QrLoginStatus = (typeof QrLoginStatus)[keyof typeof QrLoginStatus];

/** What the signed-in terminal does with a scanned key. */
export const QrLoginAction = { scan: 'scan', confirm: 'confirm', decline: 'decline' } as const;
export type QrLoginAction = (typeof QrLoginAction)[keyof typeof QrLoginAction];

/** A key or the waiting browser's token: 32 random bytes, base64url. */
const qrSecretField = (what: string) =>
  z.string().check(z.regex(QR_KEY_PATTERN, `expected the ${what} of the QR sign-in`));
const qrcodeKeyField = qrSecretField('key');

/**
 * Payload of `getQrKeyStatus` (login-encrypted). Empty, it asks for a new key; with a key, the
 * `token` issued with it proves this is the browser that showed it, since anyone who sees the
 * code on screen learns the key.
 */
export const qrKeyStatusRequestSchema = z.union([
  z.strictObject({}),
  z.strictObject({ qrcodeKey: qrcodeKeyField, token: qrSecretField('token') }),
]);
export type QrKeyStatusRequest = z.infer<typeof qrKeyStatusRequestSchema>;

/** Reply of a new key: what the code shows, and the token only this browser keeps. */
export const qrKeyIssuedSchema = z.strictObject({
  qrcodeKey: qrcodeKeyField,
  token: qrSecretField('token'),
  status: z.literal(QrLoginStatus.waiting),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type QrKeyIssued = z.infer<typeof qrKeyIssuedSchema>;

/** Reply of a poll: the status, and the session when this reply signed the browser in. */
export const qrKeyPollSchema = z.strictObject({
  status: z.enum(QrLoginStatus),
  expiresInSeconds: z.number().check(z.int(), z.nonnegative()),
  session: z.optional(sessionReplySchema),
});
export type QrKeyPoll = z.infer<typeof qrKeyPollSchema>;

export const qrKeyStatusReplySchema = z.union([qrKeyIssuedSchema, qrKeyPollSchema]);
export type QrKeyStatusReply = z.infer<typeof qrKeyStatusReplySchema>;

/** Payload of `getCrossTerminalLoginStatus` (login-encrypted, signed, of a signed-in user). */
export const crossTerminalRequestSchema = z.strictObject({
  qrcodeKey: qrcodeKeyField,
  action: z.enum(QrLoginAction),
});
export type CrossTerminalRequest = z.infer<typeof crossTerminalRequestSchema>;

/** Reply to the signed-in terminal: the status and the browser asking, so its user can judge. */
export const crossTerminalReplySchema = z.strictObject({
  status: z.enum(QrLoginStatus),
  expiresInSeconds: z.number().check(z.int(), z.nonnegative()),
  requester: z.strictObject({
    ip: z.string().check(z.maxLength(64)),
    browser: z.string().check(z.maxLength(64)),
    os: z.string().check(z.maxLength(64)),
    /** When the code was shown, ms since the epoch. */
    requestedAt: z.number().check(z.int(), z.nonnegative()),
  }),
});
export type CrossTerminalReply = z.infer<typeof crossTerminalReplySchema>;
