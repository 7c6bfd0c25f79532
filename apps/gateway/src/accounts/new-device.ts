import { SecondFactor } from '@exchange-web/protocol/authenticator';
import { VerifyChannel, VerifyCodeRule } from '@exchange-web/protocol/verification';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { mobileLoginName } from './login-names';
import { hashToken } from './tokens';
import type { UserRow } from './users';

/**
 * Sign-in from a new device (README "Account security"): a password sign-in that no key of an
 * earlier sign-in signed, of an account with no authenticator app or passkey, is finished with a
 * code sent to the account's e-mail (its number when it has none; routes/sign-in-code.ts sends
 * it). The code belongs to the password step's ticket (migration 025): it lives as long as the
 * ticket, is used with it, takes the ticket's few wrong answers, and may be sent again once a
 * minute. Bound to the ticket, two sign-ins at once (two devices, two test files) each get their
 * own code. Each step is one statement, so gateways sharing the database agree.
 */

/** Where an account is reached: its e-mail, else its number; undefined with neither. */
export function contactOf(
  user: Pick<UserRow, 'email' | 'area_code' | 'mobile'>,
): { channel: VerifyChannel; recipient: string } | undefined {
  if (user.email !== null) return { channel: VerifyChannel.email, recipient: user.email };
  if (user.area_code !== null && user.mobile !== null)
    return {
      channel: VerifyChannel.mobile,
      recipient: mobileLoginName(user.area_code, user.mobile),
    };
  return undefined;
}

/** The factor a channel's code stands for in the password step's reply. */
export const factorOfChannel = (channel: VerifyChannel): SecondFactor =>
  channel === VerifyChannel.email ? SecondFactor.email : SecondFactor.mobile;

/**
 * A recipient as the sign-in page may show it to whoever knows the password: enough for the
 * owner to recognise, too little to learn the address.
 * @example maskRecipient({ channel: 'email', recipient: 'dana@example.com' }); // 'd***@example.com'
 * @example maskRecipient({ channel: 'mobile', recipient: '+81 9012345678' }); // '+81 ******5678'
 */
export function maskRecipient({
  channel,
  recipient,
}: {
  channel: VerifyChannel;
  recipient: string;
}): string {
  if (channel === VerifyChannel.email) {
    const at = recipient.lastIndexOf('@');
    return `${recipient.slice(0, Math.min(1, at))}***${recipient.slice(at)}`;
  }
  const [area = '', number = ''] = recipient.split(' ');
  return `${area} ${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

// Bound to its ticket, so a code matches no other sign-in's.
const ticketCodeHash = (ticket: string, code: string) =>
  createHash('sha256')
    .update(`${hashToken(ticket)}\n${code}`)
    .digest('hex');

/**
 * Puts a new code on a live ticket, unless one was put there less than the resend pause ago:
 * the seconds the ticket (and so the code) still lives when stored, undefined when not (the
 * earlier code then still serves). One conditional update, so of two resends racing, on any
 * gateways, one stores.
 */
export async function storeTicketCode(
  db: Queryable,
  ticket: string,
  code: string,
): Promise<number | undefined> {
  const [stored] = await db.query<{ expires: number }>(
    `UPDATE login_tickets SET code_hash = $2, code_sent_at = now()
     WHERE ticket_hash = $1 AND expires_at > now()
       AND (code_sent_at IS NULL OR code_sent_at <= now() - make_interval(secs => $3))
     RETURNING ceil(extract(epoch FROM expires_at - now()))::int AS expires`,
    [hashToken(ticket), ticketCodeHash(ticket, code), VerifyCodeRule.resendAfterSeconds],
  );
  return stored && Math.max(1, stored.expires);
}

/** Lifts the resend pause after a send that failed: the visitor may ask again at once. */
export async function liftTicketCodePause(db: Queryable, ticket: string): Promise<void> {
  await db.query('UPDATE login_tickets SET code_sent_at = NULL WHERE ticket_hash = $1', [
    hashToken(ticket),
  ]);
}

/** Seconds until another code may be sent for a live ticket (0: now); undefined for no ticket. */
export async function secondsUntilTicketResend(
  db: Queryable,
  ticket: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ resend: number | null }>(
    `SELECT ceil(extract(epoch FROM code_sent_at + make_interval(secs => $2) - now()))::int AS resend
     FROM login_tickets WHERE ticket_hash = $1 AND expires_at > now()`,
    [hashToken(ticket), VerifyCodeRule.resendAfterSeconds],
  );
  return row && Math.max(0, row.resend ?? 0);
}

/** Whether `code` is the code last sent for this live ticket (compared in constant time). */
export async function ticketCodeMatches(
  db: Queryable,
  ticket: string,
  code: string,
): Promise<boolean> {
  const [row] = await db.query<{ code_hash: string | null }>(
    'SELECT code_hash FROM login_tickets WHERE ticket_hash = $1 AND expires_at > now()',
    [hashToken(ticket)],
  );
  if (!row?.code_hash) return false;
  const stored = Buffer.from(row.code_hash, 'hex');
  const presented = Buffer.from(ticketCodeHash(ticket, code), 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented);
}
