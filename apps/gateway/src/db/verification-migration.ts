import type { Migration } from './migrations';

/**
 * Registration verification codes (src/verification/codes.ts; README "Accounts and sessions"):
 * one row per scene, channel and recipient (the canonical e-mail, or the mobile login name
 * `+81 9012345678`), holding the SHA-256 of the code bound to that recipient (never the code), when
 * it expires, its wrong tries, whether it was used, and when it was sent (the resend pause). The
 * primary key makes a send one upsert and a use one locked update, on every gateway sharing the
 * database. Rows are swept once expired.
 */
export const verificationCodesMigration: Migration = {
  id: '019_verification_codes',
  sql: `
    CREATE TABLE verification_codes (
      scene text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('email', 'mobile')),
      recipient text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      used boolean NOT NULL DEFAULT false,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (scene, channel, recipient)
    );
    CREATE INDEX verification_codes_expiry ON verification_codes (expires_at)
  `,
};
