import { QrLoginAction, QrLoginStatus, type QrKeyIssued } from '@exchange-web/protocol/qr-login';
import type { Queryable } from '../db/database';
import type { SignInDevice } from './sessions';
import { hashToken, newToken } from './tokens';

/**
 * QR sign-in keys (table qr_login_keys, migration 023; README "Account security"). A key is
 * shown as a QR code by the browser waiting to sign in; a signed-in terminal scans it, then
 * confirms or declines; the waiting browser, proving itself with the token it alone was given,
 * collects the confirmation once. Each step is one statement, so gateways sharing the database
 * agree on every race: of two collectors one signs in, of two scanners one answers.
 */

/** The stored state past a confirmation: collected, never again. */
const SPENT = 'spent';

/** What the signed-in terminal is shown of the browser asking. */
export interface QrRequester {
  ip: string;
  userAgent: string;
  requestedAt: number;
}

/** A key as its terminal sees it after an answer. */
export interface QrKeyAnswer {
  status: QrLoginStatus;
  expiresInSeconds: number;
  requester: QrRequester;
}

/** A refused answer: the key is not live (or spent), or another account scanned it first. */
export type QrAnswerRefusal = 'invalid' | 'taken';

/** What an answer turns a key into. */
const ANSWERED: Record<QrLoginAction, QrLoginStatus> = {
  [QrLoginAction.scan]: QrLoginStatus.scanned,
  [QrLoginAction.confirm]: QrLoginStatus.confirmed,
  [QrLoginAction.decline]: QrLoginStatus.declined,
};

const secondsLeft = `GREATEST(0, ceil(extract(epoch FROM expires_at - now())))::integer`;

/** A new key for a waiting browser, with the token its polls must carry. */
export async function issueQrKey(
  db: Queryable,
  device: SignInDevice,
  ttlSeconds: number,
): Promise<QrKeyIssued> {
  const qrcodeKey = newToken();
  const token = newToken();
  await db.query(
    `INSERT INTO qr_login_keys (key_hash, token_hash, status, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, now() + $4::integer * interval '1 second', $5, $6)`,
    [
      hashToken(qrcodeKey),
      hashToken(token),
      QrLoginStatus.waiting,
      ttlSeconds,
      device.ip.slice(0, 64),
      device.userAgent.slice(0, 512),
    ],
  );
  return {
    qrcodeKey,
    token,
    status: QrLoginStatus.waiting,
    expiresInSeconds: ttlSeconds,
  };
}

/**
 * The waiting browser's poll: a confirmed key is spent by this call and answers the account to
 * sign in (`userId`); any other live key its status. A key unknown, expired, spent, or polled with
 * another token answers expired: the poller learns nothing of keys it did not ask for.
 */
export async function pollQrKey(
  db: Queryable,
  qrcodeKey: string,
  token: string,
): Promise<{ status: QrLoginStatus; expiresInSeconds: number; userId?: string }> {
  const params = [hashToken(qrcodeKey), hashToken(token)];
  const [collected] = await db.query<{ user_id: string; left: number }>(
    `UPDATE qr_login_keys SET status = '${SPENT}'
     WHERE key_hash = $1 AND token_hash = $2 AND status = $3 AND expires_at > now()
     RETURNING user_id, ${secondsLeft} AS left`,
    [...params, QrLoginStatus.confirmed],
  );
  if (collected) {
    return {
      status: QrLoginStatus.confirmed,
      expiresInSeconds: collected.left,
      userId: collected.user_id,
    };
  }
  const [row] = await db.query<{ status: string; left: number }>(
    `SELECT status, ${secondsLeft} AS left FROM qr_login_keys
     WHERE key_hash = $1 AND token_hash = $2 AND expires_at > now()`,
    params,
  );
  if (!row || row.status === SPENT) return { status: QrLoginStatus.expired, expiresInSeconds: 0 };
  return { status: row.status as QrLoginStatus, expiresInSeconds: row.left };
}

/**
 * A signed-in user's answer to a key: scan, confirm or decline. A live key that is waiting, or
 * scanned by this same user, takes it (scanning again is harmless; confirming unscanned is a scan
 * and a confirm at once). Refused: a key not live or answered already, and one another account
 * scanned.
 */
export async function answerQrKey(
  db: Queryable,
  qrcodeKey: string,
  userId: string,
  action: QrLoginAction,
): Promise<QrKeyAnswer | QrAnswerRefusal> {
  const keyHash = hashToken(qrcodeKey);
  const [row] = await db.query<{
    status: QrLoginStatus;
    left: number;
    client_ip: string;
    user_agent: string;
    requested_at: number;
  }>(
    `UPDATE qr_login_keys SET status = $3, user_id = $2
     WHERE key_hash = $1 AND expires_at > now()
       AND (status = $4 OR (status = $5 AND user_id = $2))
     RETURNING status, ${secondsLeft} AS left, client_ip, user_agent,
       (extract(epoch FROM created_at) * 1000)::bigint AS requested_at`,
    [keyHash, userId, ANSWERED[action], QrLoginStatus.waiting, QrLoginStatus.scanned],
  );
  if (row) {
    return {
      status: row.status,
      expiresInSeconds: row.left,
      requester: {
        ip: row.client_ip,
        userAgent: row.user_agent,
        requestedAt: Number(row.requested_at),
      },
    };
  }
  const [other] = await db.query(
    `SELECT 1 FROM qr_login_keys
     WHERE key_hash = $1 AND expires_at > now() AND status = $2`,
    [keyHash, QrLoginStatus.scanned],
  );
  // Scanned, yet not by this user (whose answer the update took).
  return other ? 'taken' : 'invalid';
}

/** Deletes keys past their expiry, whatever became of them. */
export async function sweepQrLoginKeys(db: Queryable): Promise<void> {
  await db.query('DELETE FROM qr_login_keys WHERE expires_at <= now()');
}
