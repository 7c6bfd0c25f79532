import type { Migration } from './migrations';

/**
 * The authenticator app as a second factor (src/accounts/authenticator.ts; README "Account
 * security"):
 * - `authenticators`: a user's bound secret, encrypted with the gateway's secrets key (never in
 *   clear), and the last time step a code was accepted at, so a code is used once.
 * - `authenticator_setups`: a secret shown for binding, waiting for its first code.
 * - `recovery_codes`: SHA-256 of each recovery code handed out at binding, and when it was used.
 * - `login_tickets`: the password step of a sign-in whose account has a second factor: the
 *   SHA-256 of its ticket, whose it is, until when, and its wrong codes.
 * Each row belongs to a user and goes with it; expired setups and tickets are swept.
 */
export const authenticatorMigration: Migration = {
  id: '020_authenticator',
  sql: `
    CREATE TABLE authenticators (
      user_id text PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
      secret_ciphertext text NOT NULL,
      last_step bigint NOT NULL DEFAULT 0,
      bound_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE authenticator_setups (
      user_id text PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
      secret_ciphertext text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX authenticator_setups_expiry ON authenticator_setups (expires_at);
    CREATE TABLE recovery_codes (
      user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    );
    CREATE TABLE login_tickets (
      ticket_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0)
    );
    CREATE INDEX login_tickets_expiry ON login_tickets (expires_at)
  `,
};
