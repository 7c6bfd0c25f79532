import { createTransport } from 'nodemailer';
import { DELIVERY_TIMEOUT_MS, DeliveryError, type Deliver } from './delivery';
import { mailOf } from './messages';

/** The reason of an SMTP failure without its text, which may quote the recipient. */
const reasonOf = (error: unknown): string => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : 'error'];
  if (typeof responseCode === 'number') parts.push(`SMTP ${responseCode}`);
  return parts.join(', ');
};

/**
 * E-mail through the SMTP server of `MAIL_URL` (nodemailer; `smtps://` is TLS from the start,
 * `smtp://` upgrades with STARTTLS when the server offers it, and nodemailer's options may ride in
 * the URL's query, such as `?requireTLS=true`). One connection per message: codes are rare.
 * Every step has the delivery timeout, and the whole send too.
 */
export function createMailDelivery(url: string, from: string): Deliver {
  const transport = createTransport({
    url,
    connectionTimeout: DELIVERY_TIMEOUT_MS,
    greetingTimeout: DELIVERY_TIMEOUT_MS,
    socketTimeout: DELIVERY_TIMEOUT_MS,
    dnsTimeout: DELIVERY_TIMEOUT_MS,
  });
  return async (to, message) => {
    const content = mailOf(message);
    let rejected: unknown[];
    try {
      ({ rejected } = await transport.sendMail({
        from,
        to,
        ...content,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      }));
    } catch (error) {
      throw new DeliveryError('email', reasonOf(error), { cause: error });
    }
    // With one recipient a refusal throws above; this guards a server that accepts the message
    // yet reports the recipient refused.
    if (rejected.length > 0) throw new DeliveryError('email', 'recipient refused');
  };
}
