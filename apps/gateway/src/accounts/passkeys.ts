import { SecondFactor } from '@exchange-web/protocol/authenticator';
import { PasskeyRule, type Passkey } from '@exchange-web/protocol/passkeys';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Database, Queryable } from '../db/database';
import { hashToken, newToken } from './tokens';

/**
 * Passkeys (WebAuthn; tables passkeys and passkey_challenges, migration 024; README "Account
 * security"), verified by @simplewebauthn/server. The database keeps public keys and signature
 * counters only. Every challenge is single-use: taken by the one statement that deletes it (or
 * ends its ticket), so of two answers racing with one challenge on any gateways, one is checked.
 */

/** Who the browser says it is talking to: the page's origin, and its host as the RP ID. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The name the authenticator shows beside the account. */
const RP_NAME = 'exchange-web';

const challengeTtlMs = PasskeyRule.challengeTtlSeconds * 1000;

/** The key of an account's pending addition: one at a time, a new ask replaces it. */
const registrationKey = (userId: string) => hashToken(`passkey-register:${userId}`);

interface PasskeyRow {
  credential_id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  synced: boolean;
  created_at: number;
  last_used_at: number | null;
}

const transportsOf = (row: Pick<PasskeyRow, 'transports'>): string[] =>
  row.transports === '' ? [] : row.transports.split(',');

/** The account's credentials as an options call names them (to exclude, or to allow). */
async function credentialsOf(
  db: Queryable,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db.query<Pick<PasskeyRow, 'credential_id' | 'transports'>>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1',
    [userId],
  );
  return rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) }));
}

/** The account's passkeys, oldest first, as the security page lists them. */
export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await db.query<PasskeyRow>(
    `SELECT credential_id, name, synced,
       (extract(epoch FROM created_at) * 1000)::bigint AS created_at,
       (extract(epoch FROM last_used_at) * 1000)::bigint AS last_used_at
     FROM passkeys WHERE user_id = $1 ORDER BY created_at, credential_id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.credential_id,
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    synced: row.synced,
  }));
}

/**
 * The second factors the account has, in one query on the sign-in path: its authenticator app
 * and its passkeys (then a password sign-in asks for a second step).
 */
export async function secondFactorsOf(db: Queryable, userId: string): Promise<SecondFactor[]> {
  const [row] = await db.query<{ app: boolean; passkey: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM authenticators WHERE user_id = $1) AS app,
            EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1) AS passkey`,
    [userId],
  );
  return [
    ...(row?.app ? [SecondFactor.authenticator] : []),
    ...(row?.passkey ? [SecondFactor.passkey] : []),
  ];
}

/** Removes one of the account's passkeys: false when it has none by that id. */
export async function removePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const removed = await db.query(
    'DELETE FROM passkeys WHERE user_id = $1 AND credential_id = $2 RETURNING 1',
    [userId, id],
  );
  return removed.length > 0;
}

/**
 * Options for `navigator.credentials.create`: a discoverable credential (so it can sign in
 * alone), no attestation, the account's passkeys excluded. Null when the account holds the most
 * it may. Its challenge replaces any earlier one of the account.
 */
export async function registrationOptions(
  db: Queryable,
  user: { userId: string; loginName: string },
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
  const existing = await credentialsOf(db, user.userId);
  if (existing.length >= PasskeyRule.maxPerAccount) return null;
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.loginName,
    userID: isoUint8Array.fromUTF8String(user.userId),
    attestationType: 'none',
    timeout: challengeTtlMs,
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await db.query(
    `INSERT INTO passkey_challenges (token_hash, purpose, user_id, challenge, expires_at)
     VALUES ($1, 'register', $2, $3, now() + $4::integer * interval '1 second')
     ON CONFLICT (token_hash) DO UPDATE
       SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
    [registrationKey(user.userId), user.userId, options.challenge, PasskeyRule.challengeTtlSeconds],
  );
  return options;
}

/** Why adding a passkey failed. */
export type RegistrationRefusal = 'invalid' | 'limit';

/**
 * Checks the authenticator's new credential against the account's live challenge (used up here,
 * whatever the outcome) and stores it. The count is taken with the account's row locked, so
 * additions racing on several gateways never pass the limit.
 */
export async function registerPasskey(
  db: Database,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
  rp: RelyingParty,
): Promise<Passkey | RegistrationRefusal> {
  const [pending] = await db.query<{ challenge: string }>(
    `DELETE FROM passkey_challenges
     WHERE token_hash = $1 AND purpose = 'register' AND expires_at > now()
     RETURNING challenge`,
    [registrationKey(userId)],
  );
  if (!pending) return 'invalid';
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return 'invalid';
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [userId]);
    const [count] = await tx.query<{ held: number }>(
      'SELECT count(*)::integer AS held FROM passkeys WHERE user_id = $1',
      [userId],
    );
    if ((count?.held ?? 0) >= PasskeyRule.maxPerAccount) return 'limit' as const;
    const [row] = await tx.query<{ created_at: number }>(
      `INSERT INTO passkeys (credential_id, user_id, public_key, counter, transports, name, synced)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (credential_id) DO NOTHING
       RETURNING (extract(epoch FROM created_at) * 1000)::bigint AS created_at`,
      [
        credential.id,
        userId,
        isoBase64URL.fromBuffer(credential.publicKey),
        credential.counter,
        (credential.transports ?? []).join(','),
        name,
        credentialBackedUp,
      ],
    );
    // A credential registered before (to any account) is not taken twice.
    if (!row) return 'invalid' as const;
    return {
      id: credential.id,
      name,
      createdAt: Number(row.created_at),
      lastUsedAt: null,
      synced: credentialBackedUp,
    };
  });
}

/**
 * Options for `navigator.credentials.get` to sign in with a passkey alone: any discoverable
 * passkey of this site, user verification required (the passkey is then both factors). The
 * challenge waits under the returned token.
 */
export async function signInOptions(
  db: Queryable,
  rp: RelyingParty,
): Promise<{ token: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: challengeTtlMs,
  });
  const token = newToken();
  await db.query(
    `INSERT INTO passkey_challenges (token_hash, purpose, challenge, expires_at)
     VALUES ($1, 'signIn', $2, now() + $3::integer * interval '1 second')`,
    [hashToken(token), options.challenge, PasskeyRule.challengeTtlSeconds],
  );
  return { token, options };
}

/** Takes a sign-in challenge by its token: its challenge once, then never again. */
export async function takeSignInChallenge(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db.query<{ challenge: string }>(
    `DELETE FROM passkey_challenges
     WHERE token_hash = $1 AND purpose = 'signIn' AND expires_at > now()
     RETURNING challenge`,
    [hashToken(token)],
  );
  return row?.challenge ?? null;
}

/**
 * Options for a passkey as the second step of a password sign-in: the account's own passkeys,
 * the challenge kept on the step's ticket.
 */
export async function ticketOptions(
  db: Queryable,
  ticket: string,
  userId: string,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: challengeTtlMs,
    allowCredentials: await credentialsOf(db, userId),
  });
  await db.query('UPDATE login_tickets SET passkey_challenge = $2 WHERE ticket_hash = $1', [
    hashToken(ticket),
    options.challenge,
  ]);
  return options;
}

/** The challenge a sign-in ticket gave a passkey; null when it gave none. */
export async function ticketChallenge(db: Queryable, ticket: string): Promise<string | null> {
  const [row] = await db.query<{ passkey_challenge: string | null }>(
    'SELECT passkey_challenge FROM login_tickets WHERE ticket_hash = $1 AND expires_at > now()',
    [hashToken(ticket)],
  );
  return row?.passkey_challenge ?? null;
}

/** The account a passkey belongs to, if it is one of ours. */
export async function passkeyOwner(db: Queryable, credentialId: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    'SELECT user_id FROM passkeys WHERE credential_id = $1',
    [credentialId],
  );
  return row?.user_id ?? null;
}

/**
 * Checks a passkey's answer to `challenge`: signed by the stored public key of one of the
 * account's passkeys, for this site's origin and RP ID, its counter moved on (when the
 * authenticator keeps one). True moves the stored counter, in one conditional update, so a
 * cloned authenticator racing the real one is caught once.
 */
export async function verifyPasskeyAnswer(
  db: Queryable,
  userId: string,
  response: AuthenticationResponseJSON,
  challenge: string,
  rp: RelyingParty,
  requireUserVerification: boolean,
): Promise<boolean> {
  const [row] = await db.query<PasskeyRow>(
    'SELECT credential_id, public_key, counter, transports FROM passkeys WHERE credential_id = $1 AND user_id = $2',
    [response.id, userId],
  );
  if (!row) return false;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification,
    credential: {
      id: row.credential_id,
      publicKey: isoBase64URL.toBuffer(row.public_key),
      counter: Number(row.counter),
      transports: transportsOf(row),
    },
  }).catch(() => null);
  if (!verification?.verified) return false;
  const moved = await db.query(
    `UPDATE passkeys SET counter = $3, last_used_at = now()
     WHERE credential_id = $1 AND counter = $2 RETURNING 1`,
    [row.credential_id, row.counter, verification.authenticationInfo.newCounter],
  );
  return moved.length > 0;
}

/** Deletes challenges past their life. */
export async function sweepPasskeyChallenges(db: Queryable): Promise<void> {
  await db.query('DELETE FROM passkey_challenges WHERE expires_at <= now()');
}
