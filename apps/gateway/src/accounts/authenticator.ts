import {
  AuthenticatorRule,
  RECOVERY_CODE_PATTERN,
  TIME_CODE_PATTERN,
} from '@exchange-web/protocol/authenticator';
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database, Queryable } from '../db/database';
import type { SecretBox } from './secret-box';
import { hashToken, newToken } from './tokens';

/**
 * The authenticator app as a second factor (tables of migration 020; README "Account security").
 * Codes are RFC 6238 (SHA-1, 6 digits, 30 s, as every authenticator app reads an otpauth URI),
 * checked by `otpauth` with one step of drift either way. A code is used once: accepting one
 * moves the account's last step forward in one conditional update, so the same code, or an older
 * one, fails afterwards, on every gateway sharing the database.
 */

/** The name the app shows above the account's codes. */
export const AUTHENTICATOR_ISSUER = 'exchange-web';
/** Steps of drift allowed either way: a phone's clock a little off still signs in. */
const DRIFT_STEPS = 1;
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: AUTHENTICATOR_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: AuthenticatorRule.digits,
    period: AuthenticatorRule.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/**
 * The time step a code belongs to, within the allowed drift of `now`; undefined when it is no
 * code of the secret then.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!TIME_CODE_PATTERN.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  if (delta === null) return undefined;
  return TOTP.counter({ period: AuthenticatorRule.periodSeconds, timestamp: now }) + delta;
}

/** A new recovery code: ten base-32 characters from the CSPRNG, as `7KQ2M-XC4PA`. */
function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += RECOVERY_ALPHABET[randomInt(32)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

// Bound to its owner, so one account's hash matches nothing of another's.
const recoveryHash = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}\n${code}`).digest('hex');

/** What a binding answers. */
export type BindOutcome =
  | { kind: 'bound'; recoveryCodes: string[] }
  | { kind: 'no-setup' }
  | { kind: 'wrong-code' }
  | { kind: 'already-bound' };

/** The authenticators of the accounts, their setups, recovery codes and sign-in tickets. */
export class Authenticators {
  constructor(
    readonly db: Database,
    readonly box: SecretBox,
  ) {}

  /** Whether the user has an authenticator bound. */
  async isBound(db: Queryable, userId: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM authenticators WHERE user_id = $1', [userId]);
    return rows.length > 0;
  }

  /**
   * A new secret to bind, replacing any earlier one not confirmed: its base-32 text and the
   * otpauth URI its QR code holds, labelled with the account's login name.
   */
  async startSetup(
    userId: string,
    loginName: string,
  ): Promise<{ secret: string; otpauthUri: string }> {
    const secret = new Secret({ size: 20 }).base32;
    await this.db.query(
      `INSERT INTO authenticator_setups (user_id, secret_ciphertext, expires_at)
       VALUES ($1, $2, now() + $3::integer * interval '1 second')
       ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = excluded.secret_ciphertext,
         expires_at = excluded.expires_at`,
      [userId, this.box.seal(secret, userId), AuthenticatorRule.setupTtlSeconds],
    );
    return { secret, otpauthUri: totpOf(secret, loginName).toString() };
  }

  /**
   * Binds the setup's secret when `code` is its current code: one transaction, so the account
   * ends with an authenticator and fresh recovery codes (their hashes only), or with nothing new.
   */
  bind(userId: string, code: string, now = Date.now()): Promise<BindOutcome> {
    return this.db.transaction(async (tx) => {
      // Locked: two bindings racing on one setup cannot both go through.
      const [setup] = await tx.query<{ secret_ciphertext: string }>(
        `SELECT secret_ciphertext FROM authenticator_setups
         WHERE user_id = $1 AND expires_at > now() FOR UPDATE`,
        [userId],
      );
      if (!setup) return { kind: 'no-setup' };
      if (await this.isBound(tx, userId)) return { kind: 'already-bound' };
      const step = matchingStep(this.box.open(setup.secret_ciphertext, userId), code, now);
      if (step === undefined) return { kind: 'wrong-code' };
      await tx.query(
        'INSERT INTO authenticators (user_id, secret_ciphertext, last_step) VALUES ($1, $2, $3)',
        [userId, setup.secret_ciphertext, step],
      );
      await tx.query('DELETE FROM authenticator_setups WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
      const recoveryCodes = Array.from(
        { length: AuthenticatorRule.recoveryCodeCount },
        newRecoveryCode,
      );
      for (const recovery of recoveryCodes) {
        await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
          userId,
          recoveryHash(userId, recovery),
        ]);
      }
      await tx.query(
        `UPDATE users SET google_bound = true, google_enabled = true, updated_at = now()
         WHERE user_id = $1`,
        [userId],
      );
      return { kind: 'bound', recoveryCodes };
    });
  }

  /**
   * Checks a code of the user's authenticator, or one of their recovery codes, and uses it up:
   * true once for a right code; false for a wrong one, a used one, or no authenticator.
   */
  async useCode(db: Queryable, userId: string, code: string, now = Date.now()): Promise<boolean> {
    if (RECOVERY_CODE_PATTERN.test(code)) {
      const used = await db.query(
        `UPDATE recovery_codes SET used_at = now()
         WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
           AND EXISTS (SELECT 1 FROM authenticators WHERE user_id = $1)
         RETURNING 1`,
        [userId, recoveryHash(userId, code)],
      );
      return used.length > 0;
    }
    const [row] = await db.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM authenticators WHERE user_id = $1',
      [userId],
    );
    if (!row) return false;
    const step = matchingStep(this.box.open(row.secret_ciphertext, userId), code, now);
    if (step === undefined) return false;
    // Only a later step than the last accepted one: a code, once used, fails everywhere.
    const moved = await db.query(
      'UPDATE authenticators SET last_step = $2 WHERE user_id = $1 AND last_step < $2 RETURNING 1',
      [userId, step],
    );
    return moved.length > 0;
  }

  /** Removes the authenticator and its recovery codes when `code` is one of them. */
  unbind(userId: string, code: string): Promise<'removed' | 'not-bound' | 'wrong-code'> {
    return this.db.transaction(async (tx) => {
      if (!(await this.isBound(tx, userId))) return 'not-bound';
      if (!(await this.useCode(tx, userId, code))) return 'wrong-code';
      await tx.query('DELETE FROM authenticators WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
      await tx.query(
        `UPDATE users SET google_bound = false, google_enabled = false, updated_at = now()
         WHERE user_id = $1`,
        [userId],
      );
      return 'removed';
    });
  }

  /** A ticket for the second step of a sign-in whose password was right. */
  async issueLoginTicket(userId: string): Promise<string> {
    const ticket = newToken();
    await this.db.query(
      `INSERT INTO login_tickets (ticket_hash, user_id, expires_at)
       VALUES ($1, $2, now() + $3::integer * interval '1 second')`,
      [hashToken(ticket), userId, AuthenticatorRule.loginTicketTtlSeconds],
    );
    return ticket;
  }

  /**
   * The user a live ticket belongs to, the wrong codes it has seen, and whether it was sent a
   * code (a new device's sign-in, src/accounts/new-device.ts) rather than asking an app or a
   * passkey.
   */
  async findLoginTicket(
    ticket: string,
  ): Promise<{ userId: string; attempts: number; takesCode: boolean } | undefined> {
    const [row] = await this.db.query<{ user_id: string; attempts: number; takes_code: boolean }>(
      `SELECT user_id, attempts, code_hash IS NOT NULL AS takes_code
       FROM login_tickets WHERE ticket_hash = $1 AND expires_at > now()`,
      [hashToken(ticket)],
    );
    return row && { userId: row.user_id, attempts: row.attempts, takesCode: row.takes_code };
  }

  /** Counts a wrong code against a ticket. */
  async countTicketFailure(ticket: string): Promise<void> {
    await this.db.query('UPDATE login_tickets SET attempts = attempts + 1 WHERE ticket_hash = $1', [
      hashToken(ticket),
    ]);
  }

  /** Ends a ticket; true for the one caller that ended it (of two racing with one ticket). */
  async endLoginTicket(ticket: string): Promise<boolean> {
    const ended = await this.db.query(
      'DELETE FROM login_tickets WHERE ticket_hash = $1 RETURNING 1',
      [hashToken(ticket)],
    );
    return ended.length > 0;
  }
}

/** Deletes setups and sign-in tickets that expired. */
export async function sweepAuthenticatorLeftovers(db: Queryable): Promise<void> {
  await db.query('DELETE FROM authenticator_setups WHERE expires_at <= now()');
  await db.query('DELETE FROM login_tickets WHERE expires_at <= now()');
}
