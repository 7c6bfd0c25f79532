import type { SignInFactor, SignInResult } from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';
import type { SignInDevice } from './sessions';

/** How long an attempt stays in an account's history. */
export const SIGN_IN_HISTORY_RETENTION_DAYS = 180;

/** Records an attempt that named an account: its result, the factor, where and what from. */
export async function recordSignIn(
  db: Queryable,
  userId: string,
  device: SignInDevice,
  result: SignInResult,
  factor: SignInFactor,
): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_events (user_id, client_ip, user_agent, result, factor)
     VALUES ($1, $2, $3, $4, $5)`,
    [userId, device.ip.slice(0, 64), device.userAgent.slice(0, 512), result, factor],
  );
}

/** An attempt as the history lists it. */
export interface SignInRecord {
  at: number;
  ip: string;
  userAgent: string;
  result: SignInResult;
  factor: SignInFactor;
}

/** The account's latest attempts, newest first. */
export async function signInHistory(
  db: Queryable,
  userId: string,
  limit = 50,
): Promise<SignInRecord[]> {
  const rows = await db.query<{
    at: Date;
    client_ip: string;
    user_agent: string;
    result: SignInResult;
    factor: SignInFactor;
  }>(
    `SELECT at, client_ip, user_agent, result, factor FROM sign_in_events
     WHERE user_id = $1 ORDER BY at DESC, event_id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => ({
    at: new Date(row.at).getTime(),
    ip: row.client_ip,
    userAgent: row.user_agent,
    result: row.result,
    factor: row.factor,
  }));
}

/** Deletes attempts past the retention. */
export async function sweepSignInHistory(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM sign_in_events WHERE at < now() - $1::integer * interval '1 day'`, [
    SIGN_IN_HISTORY_RETENTION_DAYS,
  ]);
}
