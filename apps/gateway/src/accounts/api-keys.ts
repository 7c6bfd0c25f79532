import {
  API_KEY_PERMISSIONS,
  type ApiKey,
  type ApiKeyCreateReply,
  type ApiKeyCreateRequest,
  type ApiKeyPermission,
} from '@exchange-web/protocol/schemas';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { hashToken } from './tokens';

/** The most API keys one account may hold (ours: SPEC is silent). */
export const MAX_API_KEYS = 30;

interface ApiKeyRow {
  api_key: string;
  label: string;
  permissions: ApiKeyPermission[];
  ip_whitelist: string[];
  created_at: Date;
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  apiKey: row.api_key,
  label: row.label,
  permissions: row.permissions,
  ipWhitelist: row.ip_whitelist,
  createdDate: new Date(row.created_at).getTime(),
});

/** The permissions asked, each once, in the protocol's order. */
const normalisePermissions = (asked: readonly ApiKeyPermission[]): ApiKeyPermission[] =>
  API_KEY_PERMISSIONS.filter((permission) => asked.includes(permission));

/**
 * Creates an API key for a user: a random id and a random secret, of which only a SHA-256 is kept
 * (a 256-bit random secret needs no slow hash). Undefined when the user holds {@link MAX_API_KEYS}.
 */
export async function createApiKey(
  db: Database,
  userId: string,
  request: ApiKeyCreateRequest,
): Promise<ApiKeyCreateReply | undefined> {
  const apiKey = `ak_${randomBytes(16).toString('hex')}`;
  const secretKey = randomBytes(32).toString('hex');
  const row = await db.transaction(async (tx) => {
    // Locks the user's row, so two parallel creations cannot both pass the count.
    await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
    const [count] = await tx.query<{ keys: number }>(
      'SELECT count(*)::integer AS keys FROM api_keys WHERE user_id = $1',
      [userId],
    );
    if ((count?.keys ?? 0) >= MAX_API_KEYS) return undefined;
    const [inserted] = await tx.query<ApiKeyRow>(
      `INSERT INTO api_keys (api_key, user_id, label, permissions, ip_whitelist, secret_hash)
       VALUES ($1, $2, $3, $4::text[], $5::text[], $6)
       RETURNING api_key, label, permissions, ip_whitelist, created_at`,
      [
        apiKey,
        userId,
        request.label,
        normalisePermissions(request.permissions),
        [...new Set(request.ipWhitelist)],
        hashToken(secretKey),
      ],
    );
    return inserted;
  });
  return row && { ...toApiKey(row), secretKey };
}

/** A user's API keys, newest first; never their secrets. */
export async function listApiKeys(db: Queryable, userId: string): Promise<ApiKey[]> {
  const rows = await db.query<ApiKeyRow>(
    `SELECT api_key, label, permissions, ip_whitelist, created_at FROM api_keys
     WHERE user_id = $1 ORDER BY created_at DESC, api_key`,
    [userId],
  );
  return rows.map(toApiKey);
}

/** Deletes one of the user's API keys; false when the user has no key of that id. */
export async function deleteApiKey(
  db: Queryable,
  userId: string,
  apiKey: string,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM api_keys WHERE api_key = $1 AND user_id = $2 RETURNING api_key',
    [apiKey, userId],
  );
  return rows.length > 0;
}
