/**
 * A message the catcher received, as `GET /api/messages` answers it (server.mjs): an e-mail over
 * SMTP, or a text message on the SMS webhook. The one declaration of that reply, for its readers.
 */
export interface CaughtMessage {
  id: string;
  channel: 'email' | 'sms';
  /** The first recipient, lower-cased (an e-mail), or the number as posted (an SMS). */
  to: string;
  /** The From header as text; empty for an SMS. */
  from: string;
  /** Empty for an SMS. */
  subject: string;
  text: string;
  /** ISO 8601. */
  receivedAt: string;
}
