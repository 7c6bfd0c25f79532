import type { Migration } from './migrations';

/**
 * When an account's security last changed (its password, its authenticator app): sensitive
 * actions wait a while after it (src/accounts/security-lock.ts; README "Account security").
 */
export const securityLockMigration: Migration = {
  id: '022_security_changed_at',
  sql: `ALTER TABLE users ADD COLUMN security_changed_at timestamptz`,
};
