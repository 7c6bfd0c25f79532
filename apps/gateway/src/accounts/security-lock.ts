import { AccountCode } from '@exchange-web/protocol/codes';
import type { Queryable } from '../db/database';
import { RefusedError } from '../http/errors';

/**
 * Records a change of the account's security (password, authenticator app) and answers until
 * when its sensitive actions wait, ms since the epoch (by the database clock, as every gateway).
 */
export async function markSecurityChanged(
  db: Queryable,
  userId: string,
  lockMs: number,
): Promise<number> {
  const [row] = await db.query<{ until: Date }>(
    `UPDATE users SET security_changed_at = now(), updated_at = now() WHERE user_id = $1
     RETURNING now() + $2::double precision * interval '1 millisecond' AS until`,
    [userId, lockMs],
  );
  if (!row) throw new Error(`no user ${userId} to mark`);
  return new Date(row.until).getTime();
}

/**
 * Refuses a sensitive action (creating an API key) while the account's last security change is
 * younger than `lockMs`: 21025, HTTP 403, with the seconds left as `Retry-After`. Someone who took
 * over a password cannot at once turn it into a lasting key.
 */
export async function requireSecuritySettled(
  db: Queryable,
  userId: string,
  lockMs: number,
): Promise<void> {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM security_changed_at
       + $2::double precision * interval '1 millisecond' - now()))::integer AS seconds
     FROM users WHERE user_id = $1 AND security_changed_at IS NOT NULL`,
    [userId, lockMs],
  );
  if (row && row.seconds > 0) {
    throw new RefusedError({
      status: 403,
      code: AccountCode.securityLocked,
      message: `this waits ${Math.ceil(row.seconds / 3600)} h more after a change of the account's security`,
      retryAfterSeconds: row.seconds,
    });
  }
}
