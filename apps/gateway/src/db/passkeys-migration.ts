import type { Migration } from './migrations';

/**
 * Passkeys (src/accounts/passkeys.ts; README "Account security"): each account's WebAuthn
 * credentials (public keys only, with their signature counters), the challenges issued to add
 * one or to sign in with one (single-use, swept when expired), and the challenge a password
 * step's ticket gives a passkey as its second factor.
 */
export const passkeysMigration: Migration = {
  id: '024_passkeys',
  sql: `
    CREATE TABLE passkeys (
      credential_id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      public_key text NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
      transports text NOT NULL DEFAULT '',
      name text NOT NULL,
      synced boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
    CREATE TABLE passkey_challenges (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL,
      user_id text REFERENCES users (user_id) ON DELETE CASCADE,
      challenge text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
    ALTER TABLE login_tickets ADD COLUMN passkey_challenge text
  `,
};
