import type { Migration } from './migrations';

/**
 * Encrypted login bodies each carry a nonce, taken once (src/signing/login-nonces.ts; README
 * "Request signing and login encryption"). The primary key makes the claim an insert that only
 * one of several concurrent replays can win, on every gateway sharing the database; a nonce is
 * kept until its body's time has left every gateway's freshness window, then swept.
 */
export const loginNoncesMigration: Migration = {
  id: '017_login_nonces',
  sql: `
    CREATE TABLE login_nonces (
      nonce text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX login_nonces_expiry ON login_nonces (expires_at);
  `,
};

/**
 * Refresh tokens rotated away, kept (as SHA-256 hashes) with their session, so one that comes
 * back after its grace is known for a reuse and ends the session (src/accounts/sessions.ts;
 * README "Accounts and sessions"). Rows go with their session, or once the token would have
 * expired anyway. Sessions so ended say `reused`.
 */
export const refreshTokenReuseMigration: Migration = {
  id: '018_refresh_token_reuse',
  sql: `
    CREATE TABLE retired_refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id bigint NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX retired_refresh_tokens_session ON retired_refresh_tokens (session_id);
    CREATE INDEX retired_refresh_tokens_expiry ON retired_refresh_tokens (expires_at);
    ALTER TABLE sessions DROP CONSTRAINT sessions_ended_reason_check;
    ALTER TABLE sessions ADD CONSTRAINT sessions_ended_reason_check
      CHECK (ended_reason IN ('logout', 'replaced', 'reused'))
  `,
};
