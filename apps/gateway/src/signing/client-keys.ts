import type { KeyAlgorithm } from '@exchange-web/protocol/registry';
import type { Queryable } from '../db/database';

/** A client signing key as an encrypted login presents it (SPEC 3 "Key pair", SPEC 7). */
export interface ClientKey {
  /** Base64 SPKI DER, exactly as the client sent it. */
  publicKey: string;
  algorithm: KeyAlgorithm;
}

/** The device keys a device check tries, most recently seen first. */
export const DEVICE_KEYS_KEPT = 20;

/**
 * Binds a client key to a session (table session_sign_keys): from then on the session's core
 * calls may be signed with it. Only the login or registration that starts a session binds one;
 * a sub-account switch keeps the session's key and binds none (protocol `KEY_KEEPING_PATHS`).
 */
export async function bindSessionKey(
  db: Queryable,
  sessionId: string,
  key: ClientKey,
): Promise<void> {
  await db.query(
    `INSERT INTO session_sign_keys (session_id, public_key, algorithm) VALUES ($1, $2, $3)
     ON CONFLICT (session_id, public_key) DO NOTHING`,
    [sessionId, key.publicKey, key.algorithm],
  );
}

/** The algorithm of a key bound to the session, or undefined when the key is not bound to it. */
export async function sessionKeyAlgorithm(
  db: Queryable,
  sessionId: string,
  publicKey: string,
): Promise<KeyAlgorithm | undefined> {
  const [row] = await db.query<{ algorithm: KeyAlgorithm }>(
    'SELECT algorithm FROM session_sign_keys WHERE session_id = $1 AND public_key = $2',
    [sessionId, publicKey],
  );
  return row?.algorithm;
}

/**
 * Records a key a user signed in with (table user_device_keys, for the device check of SPEC 7),
 * and forgets the user's keys beyond the {@link DEVICE_KEYS_KEPT} most recently seen.
 */
export async function recordDeviceKey(
  db: Queryable,
  userId: string,
  key: ClientKey,
): Promise<void> {
  await db.query(
    `INSERT INTO user_device_keys (user_id, public_key, algorithm) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, public_key) DO UPDATE SET last_seen_at = now()`,
    [userId, key.publicKey, key.algorithm],
  );
  await db.query(
    `DELETE FROM user_device_keys WHERE user_id = $1 AND public_key NOT IN (
       SELECT public_key FROM user_device_keys WHERE user_id = $1
       ORDER BY last_seen_at DESC LIMIT $2)`,
    [userId, DEVICE_KEYS_KEPT],
  );
}

/** The user's device keys of one algorithm, most recently seen first. */
export function deviceKeysOf(
  db: Queryable,
  userId: string,
  algorithm: KeyAlgorithm,
): Promise<ClientKey[]> {
  return db.query<ClientKey>(
    `SELECT public_key AS "publicKey", algorithm FROM user_device_keys
     WHERE user_id = $1 AND algorithm = $2 ORDER BY last_seen_at DESC LIMIT $3`,
    [userId, algorithm, DEVICE_KEYS_KEPT],
  );
}
