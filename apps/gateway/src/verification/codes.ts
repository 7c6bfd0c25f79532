import {
  VerifyCodeRule,
  type VerifyChannel,
  type VerifyScene,
} from '@exchange-web/protocol/verification';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../db/database';

/**
 * Verification codes of a registration (table verification_codes, migration 019; README "Accounts
 * and sessions"). Every step is one statement or one locked transaction on the shared database, so
 * gateways sharing it agree: a send honours the resend pause even when two race, and of two
 * registrations racing with one code exactly one uses it.
 */

/** Whom a code is for: the scene, the channel, and the recipient in its canonical form. */
export interface VerifyTarget {
  scene: VerifyScene;
  channel: VerifyChannel;
  /** The canonical e-mail (canonicalEmail), or the mobile login name `+81 9012345678`. */
  recipient: string;
}

/** A code a registration presents for a target; undefined when the body carries none. */
export interface CodeClaim {
  target: VerifyTarget;
  code: string | undefined;
}

/** A new code: `VerifyCodeRule.length` digits from the CSPRNG, leading zeros kept. */
export const newVerifyCode = (): string =>
  String(randomInt(0, 10 ** VerifyCodeRule.length)).padStart(VerifyCodeRule.length, '0');

/**
 * What is stored of a code: SHA-256 over the target and the code, so the table never holds a code
 * and a row's hash matches no other recipient's. (A hash cannot hide one of a million codes from
 * whoever reads the table; what protects a code is its 10 minutes and 5 tries.)
 */
export const codeHash = (target: VerifyTarget, code: string): string =>
  createHash('sha256')
    .update(JSON.stringify([target.scene, target.channel, target.recipient, code]))
    .digest('hex');

/**
 * The hash stored for a registered recipient, who is sent a notice and no code: that of 32 random
 * bytes, which no 6-digit code can match, written exactly as a code's would be.
 */
export const unmatchableHash = (target: VerifyTarget): string =>
  codeHash(target, randomBytes(32).toString('hex'));

const targetParams = (target: VerifyTarget) => [target.scene, target.channel, target.recipient];

/**
 * Stores a new code's hash for the target, unless a code was sent to it less than the resend pause
 * ago: true when stored (any earlier code of the target is replaced, its tries and use reset). One
 * upsert, so of two sends racing to one recipient, on any gateways, one stores and one waits.
 */
export async function storeCode(db: Queryable, target: VerifyTarget, hash: string) {
  const rows = await db.query(
    `INSERT INTO verification_codes AS v
       (scene, channel, recipient, code_hash, expires_at, attempts, used, sent_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), 0, false, now())
     ON CONFLICT (scene, channel, recipient) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0,
           used = false, sent_at = EXCLUDED.sent_at
       WHERE v.sent_at <= now() - make_interval(secs => $6)
     RETURNING 1`,
    [...targetParams(target), hash, VerifyCodeRule.ttlSeconds, VerifyCodeRule.resendAfterSeconds],
  );
  return rows.length > 0;
}

/** Whole seconds until the target may be sent another code (at least 1: it was just refused). */
export async function secondsUntilResend(db: Queryable, target: VerifyTarget): Promise<number> {
  const [row] = await db.query<{ wait: number | null }>(
    `SELECT ceil(extract(epoch FROM sent_at + make_interval(secs => $4) - now()))::int AS wait
     FROM verification_codes WHERE scene = $1 AND channel = $2 AND recipient = $3`,
    [...targetParams(target), VerifyCodeRule.resendAfterSeconds],
  );
  return Math.max(1, row?.wait ?? 1);
}

/**
 * Deletes the code just stored when its message could not be sent, so a failed send leaves
 * nothing behind: no code that nobody received, no resend pause. Only that row (by its hash).
 */
export async function forgetCode(db: Queryable, target: VerifyTarget, hash: string) {
  await db.query(
    `DELETE FROM verification_codes
     WHERE scene = $1 AND channel = $2 AND recipient = $3 AND code_hash = $4`,
    [...targetParams(target), hash],
  );
}

const hashesEqual = (stored: string, presented: string): boolean => {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Checks every claim and, when all are live and right, uses their codes up: true. Otherwise
 * nothing is used, each live code presented wrong counts a try (the 5th uses it up), and the answer
 * is false, the same whatever was wrong: no code, never sent, expired, used, used up or wrong.
 * One transaction with the rows locked (in the claims' order, the same for every caller), so of
 * concurrent registrations presenting one code, one uses it and the others find it used.
 */
export function useCodes(db: Database, claims: readonly CodeClaim[]): Promise<boolean> {
  if (claims.length === 0) return Promise.resolve(false);
  return db.transaction(async (tx) => {
    let allRight = true;
    const wrong: VerifyTarget[] = [];
    for (const { target, code } of claims) {
      const [row] = await tx.query<{ code_hash: string }>(
        `SELECT code_hash FROM verification_codes
         WHERE scene = $1 AND channel = $2 AND recipient = $3
           AND NOT used AND expires_at > now() AND attempts < $4
         FOR UPDATE`,
        [...targetParams(target), VerifyCodeRule.maxAttempts],
      );
      // A missing code is no try: only a live code presented wrong counts against it.
      const right =
        row !== undefined &&
        code !== undefined &&
        hashesEqual(row.code_hash, codeHash(target, code));
      if (!right) allRight = false;
      if (row !== undefined && code !== undefined && !right) wrong.push(target);
    }
    const update = allRight
      ? 'UPDATE verification_codes SET used = true'
      : 'UPDATE verification_codes SET attempts = attempts + 1';
    for (const target of allRight ? claims.map((claim) => claim.target) : wrong) {
      await tx.query(`${update} WHERE scene = $1 AND channel = $2 AND recipient = $3`, [
        ...targetParams(target),
      ]);
    }
    return allRight;
  });
}

/**
 * Deletes expired codes whose resend pause is over too (always so in practice: a code lives 10
 * minutes, the pause 1), so the sweep never lifts a pause early.
 */
export async function sweepVerificationCodes(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM verification_codes
     WHERE expires_at <= now() AND sent_at <= now() - make_interval(secs => $1)`,
    [VerifyCodeRule.resendAfterSeconds],
  );
}
