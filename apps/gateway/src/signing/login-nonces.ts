import type { LoginFreshness } from '@exchange-web/protocol/signing';
import type { Queryable } from '../db/database';

// A nonce is kept a minute past the end of its body's window, so gateways whose clocks differ a
// little still remember it while any of them could take the body's time as fresh.
const CLOCK_MARGIN_MS = 60_000;

/**
 * When a used nonce may be forgotten: once its body's `bodyTime` is out of the freshness window
 * (`windowMs` either way) of every gateway, plus a margin for clocks that differ.
 */
export const loginNonceExpiry = (freshness: LoginFreshness, windowMs: number): number =>
  freshness.time + windowMs + CLOCK_MARGIN_MS;

/**
 * Claims an encrypted login body's nonce (table login_nonces, shared by every gateway): true the
 * first time, false when it was used before (a replay; 21015). One insert against the primary
 * key, so of several concurrent replays exactly one wins, whichever gateway each reaches. An
 * expired row is never taken over: its body's time is out of every window by then anyway.
 */
export async function claimLoginNonce(
  db: Queryable,
  freshness: LoginFreshness,
  windowMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO login_nonces (nonce, expires_at)
     VALUES ($1, to_timestamp($2::double precision / 1000))
     ON CONFLICT (nonce) DO NOTHING
     RETURNING nonce`,
    [freshness.nonce, loginNonceExpiry(freshness, windowMs)],
  );
  return rows.length > 0;
}

/** Deletes used login nonces whose bodies can no longer be fresh. */
export async function sweepLoginNonces(db: Queryable): Promise<void> {
  await db.query('DELETE FROM login_nonces WHERE expires_at <= now()');
}
