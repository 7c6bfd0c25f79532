import type { Migration } from './migrations';

/**
 * The keys of QR sign-ins (src/accounts/qr-login.ts; README "Account security"): only hashes of
 * the key and of the waiting browser's token, where and what asked, and the account that
 * scanned it. Rows past their expiry are swept.
 */
export const qrLoginMigration: Migration = {
  id: '023_qr_login_keys',
  sql: `
    CREATE TABLE qr_login_keys (
      key_hash text PRIMARY KEY,
      token_hash text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      client_ip text NOT NULL,
      user_agent text NOT NULL,
      user_id text REFERENCES users (user_id) ON DELETE CASCADE
    );
    CREATE INDEX qr_login_keys_expiry ON qr_login_keys (expires_at)
  `,
};
