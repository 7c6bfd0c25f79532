import { DELIVERY_TIMEOUT_MS, DeliveryError, type Deliver } from './delivery';
import { smsOf } from './messages';

/**
 * SMS through the HTTP webhook of `SMS_WEBHOOK_URL`: POST JSON `{to, text}` (`to` is the number as
 * `+81 9012345678`); any 2xx is delivered. Production points it at its SMS provider's gateway (or a
 * small adapter in front of it); development and tests at the mail catcher. Redirects are not
 * followed: the body carries a code, and goes only where the operator said.
 */
export function createSmsDelivery(url: string): Deliver {
  return async (to, message) => {
    const text = smsOf(message);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        redirect: 'error',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
      throw new DeliveryError('mobile', reason, { cause: error });
    }
    // The answer's body says nothing we act on; read it off so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new DeliveryError('mobile', `HTTP ${response.status}`);
  };
}
