import { SIGN_TIME_LENGTH } from '@exchange-web/protocol/registry';
import { SIGN_WINDOW_BUCKETS, signTimeBucket } from '@exchange-web/protocol/signing';
import type { Queryable } from '../db/database';

/** A `tm` bucket's length: a 13-digit ms time keeps its first 8 digits, so 10^5 ms. */
const BUCKET_MS = 10 ** (13 - SIGN_TIME_LENGTH);

// A used uhti is kept a minute past the end of its tm's window, so gateways whose clocks differ
// a little still remember it while any of them could take the tm as fresh.
const CLOCK_MARGIN_MS = 60_000;

/**
 * When a signed `tm` stops being fresh (isSignTimeFresh): the start of the bucket after the
 * last one the window allows, plus a margin. Undefined for a `tm` that is not a 13-digit time.
 */
export function traceIdExpiry(tm: string): number | undefined {
  const bucket = signTimeBucket(tm);
  if (bucket === undefined) return undefined;
  return (bucket + SIGN_WINDOW_BUCKETS + 1) * BUCKET_MS + CLOCK_MARGIN_MS;
}

/**
 * Claims a request's `uhti` for a user (table used_trace_ids, shared by every gateway): true the
 * first time, false when it was used before and its window has not ended (a replay; 00023).
 */
export async function claimTraceId(
  db: Queryable,
  userId: string,
  uhti: string,
  expiresAtMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO used_trace_ids (user_id, uhti, expires_at)
     VALUES ($1, $2, to_timestamp($3::double precision / 1000))
     ON CONFLICT (user_id, uhti) DO UPDATE SET expires_at = excluded.expires_at
       WHERE used_trace_ids.expires_at <= now()
     RETURNING uhti`,
    [userId, uhti, expiresAtMs],
  );
  return rows.length > 0;
}

/** Deletes used trace ids whose window has ended. */
export async function sweepTraceIds(db: Queryable): Promise<void> {
  await db.query('DELETE FROM used_trace_ids WHERE expires_at <= now()');
}
