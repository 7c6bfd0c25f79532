import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  TelegramRule,
  TelegramSource,
  type TelegramProof,
} from '@exchange-web/protocol/third-party';
import type { Queryable } from '../db/database';

/**
 * Telegram's signed sign-in data (README "Third-party sign-in"), checked by Telegram's published
 * schemes with Node's HMAC-SHA-256:
 * - Login Widget (core.telegram.org/widgets/login): the key is SHA-256 of the bot token;
 * - Mini App initData (core.telegram.org/bots/webapps): the key is HMAC-SHA-256 of the bot token
 *   under the key `WebAppData`.
 * Either way the hash is the HMAC of the data-check string: every received field but `hash`, as
 * `key=value`, sorted by key, joined by line feeds.
 */

/** Signed data a moment ahead of the gateway's clock is taken (clock skew); more is not. */
const AHEAD_SECONDS = 60;

/** A verified proof: the Telegram account, and what makes this piece of data single-use. */
export interface TelegramIdentity {
  /** The Telegram account's id. */
  subject: string;
  /** Telegram's hash of the data: the data's name in the register of used proofs. */
  hash: string;
  /** When the data stops being accepted, ms since the epoch. */
  expiresAt: number;
}

/** The data-check string and hash of signed data, or null when it is not one query string. */
function parseSignedData(
  initData: string,
): { checkString: string; hash: string; fields: Map<string, string> } | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(initData);
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  for (const [key, value] of params) {
    // A field sent twice has no one meaning: Telegram never sends one twice.
    if (fields.has(key)) return null;
    fields.set(key, value);
  }
  const hash = fields.get('hash');
  if (hash === undefined || !/^[0-9a-f]{64}$/.test(hash)) return null;
  fields.delete('hash');
  const checkString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  return { checkString, hash, fields };
}

/** The key Telegram signs data of `source` with, made from the bot token. */
function signingKey(source: TelegramProof['source'], botToken: string): Buffer {
  return source === TelegramSource.widget
    ? createHash('sha256').update(botToken).digest()
    : createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The Telegram account id the data names, or null: the widget's `id`, a Mini App's `user.id`. */
function subjectOf(source: TelegramProof['source'], fields: Map<string, string>): string | null {
  let id: unknown = fields.get('id');
  if (source === TelegramSource.miniApp) {
    try {
      id = (JSON.parse(fields.get('user') ?? 'null') as { id?: unknown } | null)?.id;
    } catch {
      return null;
    }
  }
  const text = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id;
  return typeof text === 'string' && /^[1-9][0-9]{0,19}$/.test(text) ? text : null;
}

/**
 * The Telegram account signed data is from, or null when it does not hold: the hash must be
 * Telegram's under `botToken`, `auth_date` within the source's age
 * ({@link TelegramRule.widgetMaxAgeSeconds}, {@link TelegramRule.miniAppMaxAgeSeconds}) and not
 * ahead, and an account id named. Whether the data was used before is the caller's to ask
 * ({@link useTelegramProof}), once it acts on it.
 */
export function verifyTelegramProof(
  proof: TelegramProof,
  botToken: string,
  now = Date.now(),
): TelegramIdentity | null {
  const signed = parseSignedData(proof.initData);
  if (!signed) return null;
  const expected = createHmac('sha256', signingKey(proof.source, botToken))
    .update(signed.checkString)
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signed.hash, 'hex'))) return null;
  const authDate = Number(signed.fields.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return null;
  const maxAge =
    proof.source === TelegramSource.widget
      ? TelegramRule.widgetMaxAgeSeconds
      : TelegramRule.miniAppMaxAgeSeconds;
  const expiresAt = (authDate + maxAge) * 1000;
  if (authDate * 1000 > now + AHEAD_SECONDS * 1000 || expiresAt <= now) return null;
  const subject = subjectOf(proof.source, signed.fields);
  return subject === null ? null : { subject, hash: signed.hash, expiresAt };
}

/**
 * Uses verified data up: true the first time, false when it was used already, so a copy of it
 * (from a shared link, a log, a browser's history) signs nobody in. Kept in the register of
 * single-use values until the data would be refused as old anyway.
 */
export async function useTelegramProof(
  db: Queryable,
  identity: TelegramIdentity,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO third_party_nonces (nonce, provider, expires_at) VALUES ($1, 'telegram', $2)
     ON CONFLICT DO NOTHING RETURNING nonce`,
    [`telegram:${identity.hash}`, new Date(identity.expiresAt)],
  );
  return rows.length === 1;
}
