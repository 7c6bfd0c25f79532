import {
  ThirdPartyProvider,
  WalletRule,
  type ThirdPartyIdentity,
  type WalletNonceReply,
  type WalletProof,
} from '@exchange-web/protocol/third-party';
import { getAddress, verifyMessage } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import type { Database, Queryable } from '../db/database';
import type { UserIdentity } from './users';

/**
 * Third-party identities of accounts (README "Third-party sign-in"): one account per identity,
 * any number of identities per account. Wallets prove themselves with Sign-In with Ethereum
 * (EIP-4361) messages signed over gateway-issued, single-use nonces.
 */

/** How long a signed message may be dated ahead of the gateway's clock (clock skew). */
const ISSUED_AHEAD_MS = 60_000;

/** Issues a wallet nonce, kept until it is used or expires. */
export async function issueWalletNonce(db: Queryable, now = Date.now()): Promise<WalletNonceReply> {
  const nonce = generateSiweNonce();
  const expiresAt = now + WalletRule.nonceTtlSeconds * 1000;
  await db.query(
    `INSERT INTO third_party_nonces (nonce, provider, expires_at) VALUES ($1, $2, $3)`,
    [nonce, ThirdPartyProvider.wallet, new Date(expiresAt)],
  );
  return { nonce, expiresAt };
}

/** Uses a live nonce up: true once, false for an unknown, used or expired one. */
async function takeWalletNonce(db: Queryable, nonce: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM third_party_nonces
     WHERE nonce = $1 AND provider = $2 AND expires_at > now()
     RETURNING nonce`,
    [nonce, ThirdPartyProvider.wallet],
  );
  return rows.length === 1;
}

/** Deletes expired nonces (the sweep). */
export async function sweepThirdPartyNonces(db: Queryable): Promise<void> {
  await db.query('DELETE FROM third_party_nonces WHERE expires_at <= now()');
}

/**
 * The wallet a proof is from, as its checksummed address, or null when the proof does not hold:
 * the message must be for one of `siteOrigins` (its domain the origin's host, its URI on that
 * origin), on {@link WalletRule.chainId}, for the address sent, dated now and not expired, with
 * a nonce this gateway issued that was not used; the signature must recover that address. The
 * nonce is used up by any proof that names it, right or wrong, so each proof is tried once.
 */
export async function verifyWalletProof(
  db: Queryable,
  proof: WalletProof,
  siteOrigins: readonly string[],
  now = Date.now(),
): Promise<string | null> {
  const message = parseSiweMessage(proof.siweMessage);
  const { address, chainId, domain, nonce, uri, version, issuedAt, expirationTime, notBefore } =
    message;
  if (!address || !nonce || !domain || !uri || !issuedAt || !expirationTime) return null;
  if (address.toLowerCase() !== proof.publicAddress.toLowerCase()) return null;
  if (chainId !== WalletRule.chainId || version !== WalletRule.version) return null;
  const site = siteOrigins.find((origin) => new URL(origin).host === domain);
  if (!site || !sameOrigin(uri, site)) return null;
  if (issuedAt.getTime() > now + ISSUED_AHEAD_MS) return null;
  if (expirationTime.getTime() <= now) return null;
  if (notBefore && notBefore.getTime() > now) return null;
  if (!(await takeWalletNonce(db, nonce))) return null;
  const signed = await verifyMessage({
    address,
    message: proof.siweMessage,
    signature: proof.signature as `0x${string}`,
  }).catch(() => false);
  return signed ? getAddress(address) : null;
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}

/** The login name of an account registered with an identity (the users table's rule). */
export const thirdPartyLoginName = (provider: ThirdPartyProvider, subject: string): string =>
  `third:${provider}:${subject.toLowerCase()}`;

/** The name shown for such an account: a wallet's address shortened, as wallets show it. */
const displayName = (provider: ThirdPartyProvider, subject: string): string =>
  provider === ThirdPartyProvider.wallet
    ? `${subject.slice(0, 6)}…${subject.slice(-4)}`
    : `${provider} ${subject.slice(0, 8)}`;

/** The account an identity belongs to, if any. */
export async function identityOwner(
  db: Queryable,
  provider: ThirdPartyProvider,
  subject: string,
): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    'SELECT user_id FROM third_party_identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return row?.user_id ?? null;
}

/** Rolls back a registration whose identity was bound meanwhile (by a racing bind). */
class IdentityTaken extends Error {}

/**
 * Creates an account whose way in is the identity, in one transaction: undefined when the
 * identity is bound already (to the account of a racing registration or bind, say).
 */
export async function insertThirdPartyUser(
  db: Database,
  provider: ThirdPartyProvider,
  subject: string,
): Promise<UserIdentity | undefined> {
  if ((await identityOwner(db, provider, subject)) !== null) return undefined;
  return db
    .transaction(async (tx) => {
      const name = displayName(provider, subject);
      const [user] = await tx.query<UserIdentity>(
        `INSERT INTO users (user_id, login_name, user_name, nick_name)
       VALUES (nextval('user_ids')::text, $1, $2, $2)
       ON CONFLICT DO NOTHING
       RETURNING user_id, login_name, user_name`,
        [thirdPartyLoginName(provider, subject), name],
      );
      if (!user) return undefined;
      if (!(await bindIdentity(tx, user.user_id, provider, subject))) throw new IdentityTaken();
      return user;
    })
    .catch((error: unknown) => {
      if (error instanceof IdentityTaken) return undefined;
      throw error;
    });
}

/** Binds an identity to an account: false when some account (this one included) has it. */
export async function bindIdentity(
  db: Queryable,
  userId: string,
  provider: ThirdPartyProvider,
  subject: string,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO third_party_identities (provider, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [provider, subject, userId],
  );
  return rows.length === 1;
}

/**
 * Unbinds an identity from an account unless it is the account's last way in (no password and
 * no other identity). The account's row is locked first, so two unbinds racing on one account
 * cannot each leave the other as the last and both go.
 */
export async function unbindIdentity(
  db: Database,
  userId: string,
  provider: ThirdPartyProvider,
  subject: string,
): Promise<'unbound' | 'not-bound' | 'last-way-in'> {
  return db.transaction(async (tx) => {
    const [account] = await tx.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE user_id = $1 FOR UPDATE',
      [userId],
    );
    const identities = await tx.query<{ provider: string; subject: string }>(
      'SELECT provider, subject FROM third_party_identities WHERE user_id = $1',
      [userId],
    );
    if (!identities.some((row) => row.provider === provider && row.subject === subject))
      return 'not-bound';
    if (!account?.password_hash && identities.length === 1) return 'last-way-in';
    await tx.query(
      'DELETE FROM third_party_identities WHERE provider = $1 AND subject = $2 AND user_id = $3',
      [provider, subject, userId],
    );
    return 'unbound';
  });
}

/** Whether the account has a password (one registered with an identity has none). */
export async function hasPassword(db: Queryable, userId: string): Promise<boolean> {
  const [account] = await db.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE user_id = $1',
    [userId],
  );
  return Boolean(account?.password_hash);
}

/** The identities of an account, oldest first, and whether it has a password. */
export async function listIdentities(
  db: Queryable,
  userId: string,
): Promise<{ items: ThirdPartyIdentity[]; hasPassword: boolean }> {
  const rows = await db.query<{ provider: ThirdPartyProvider; subject: string; bound_at: Date }>(
    `SELECT provider, subject, bound_at FROM third_party_identities
     WHERE user_id = $1 ORDER BY bound_at, provider, subject`,
    [userId],
  );
  return {
    items: rows.map((row) => ({
      provider: row.provider,
      subject: row.subject,
      boundAt: row.bound_at.getTime(),
    })),
    hasPassword: await hasPassword(db, userId),
  };
}
