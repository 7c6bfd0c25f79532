import type { Migration } from './migrations';

/**
 * The code of a sign-in from a new device (src/accounts/new-device.ts; README "Account
 * security"): its hash on the password step's ticket, bound to that ticket, and when it was last
 * sent (the resend pause). It lives and dies with the ticket.
 */
export const signInCodeMigration: Migration = {
  id: '025_sign_in_codes',
  sql: `
    ALTER TABLE login_tickets ADD COLUMN code_hash text;
    ALTER TABLE login_tickets ADD COLUMN code_sent_at timestamptz
  `,
};
