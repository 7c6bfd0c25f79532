import type { Migration } from './migrations';

/**
 * Third-party sign-in (src/accounts/third-party.ts, README "Third-party sign-in"): each
 * account's identities at a provider (a wallet address, an account id at Telegram, Google or
 * Apple), one account per identity, and the single-use nonces a wallet message must carry. An
 * account registered with an identity has no password: its login name is the identity's
 * (`third:wallet:0x...`), and the rule that every main account has a way in reads so.
 */
export const thirdPartyMigration: Migration = {
  id: '032_third_party',
  sql: `
    CREATE TABLE third_party_identities (
      provider text NOT NULL,
      subject text NOT NULL,
      user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      bound_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, subject)
    );
    CREATE INDEX third_party_identities_user ON third_party_identities (user_id, bound_at);
    CREATE TABLE third_party_nonces (
      nonce text PRIMARY KEY,
      provider text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    ALTER TABLE users DROP CONSTRAINT users_main_has_password;
    ALTER TABLE users ADD CONSTRAINT users_main_has_way_in CHECK (
      parent_user_id IS NOT NULL OR password_hash IS NOT NULL OR login_name LIKE 'third:%'
    );
  `,
};

/**
 * Sign-ins started with an OpenID provider (Google, Apple; src/accounts/openid.ts): each state
 * with the nonce and PKCE verifier the answer must match, the redirect URI the code is bound to,
 * and, once the code was traded, the account it proved (kept so that check, then sign or
 * register, use one code). Deleted when used or expired.
 */
export const openIdRequestsMigration: Migration = {
  id: '033_openid_requests',
  sql: `
    CREATE TABLE openid_requests (
      state text PRIMARY KEY,
      provider text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      code_hash text,
      subject text,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX openid_requests_expiry ON openid_requests (expires_at);
  `,
};
