import type { ChallengeScene } from '@exchange-web/protocol/registry';
import { hashToken, newToken } from '../accounts/tokens';
import type { Queryable } from '../db/database';

// NOTE: token times come from the database clock (now()), so processes with drifting clocks agree.
const MS = `::double precision * interval '1 millisecond'`;

// A token is 43 characters (accounts/tokens.ts); anything much longer is not one of ours.
const MAX_TOKEN_LENGTH = 128;

/**
 * Pass tokens of passed challenges (table challenge_tokens): the `captchaToken` of a check's reply,
 * sent once as header `captcha-token` on the retried request (SPEC 4, 5). Only SHA-256 hashes are
 * kept; each token serves one request of its scene before it expires.
 */
export async function issuePassToken(
  db: Queryable,
  scene: ChallengeScene,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO challenge_tokens (token_hash, scene, expires_at) VALUES ($1, $2, now() + $3${MS})`,
    [hashToken(token), scene, ttlMs],
  );
  return token;
}

/**
 * Uses up a token: its scene when it was issued, unused and unexpired (one atomic update, so two
 * requests racing with one token cannot both pass), else undefined.
 */
export async function consumePassToken(
  db: Queryable,
  token: string,
): Promise<ChallengeScene | undefined> {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await db.query<{ scene: ChallengeScene }>(
    `UPDATE challenge_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING scene`,
    [hashToken(token)],
  );
  return row?.scene;
}

/** Deletes tokens past their expiry, used or not: an expired token passes nothing anyway. */
export async function sweepPassTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM challenge_tokens WHERE expires_at <= now()');
}
