import type { Migration } from './migrations';

/**
 * The sign-in history of each account (src/accounts/sign-in-history.ts; README "Account
 * security"): every attempt that named the account, its result and the factor it was decided by,
 * where from and with what browser. Rows older than the retention are swept.
 */
export const signInHistoryMigration: Migration = {
  id: '021_sign_in_history',
  sql: `
    CREATE TABLE sign_in_events (
      event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      client_ip text NOT NULL,
      user_agent text NOT NULL,
      result text NOT NULL,
      factor text NOT NULL
    );
    CREATE INDEX sign_in_events_user ON sign_in_events (user_id, at DESC);
    CREATE INDEX sign_in_events_age ON sign_in_events (at)
  `,
};
