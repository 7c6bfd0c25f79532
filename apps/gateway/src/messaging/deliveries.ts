import type { VerificationConfig } from '../config';
import type { Deliveries } from './delivery';
import { createMailDelivery } from './mail';
import { createSmsDelivery } from './sms';

/** The transports of the configuration: e-mail with `MAIL_URL`, SMS with `SMS_WEBHOOK_URL`. */
export function createDeliveries(
  config: Pick<VerificationConfig, 'mailUrl' | 'mailFrom' | 'smsWebhookUrl'>,
): Deliveries {
  return {
    ...(config.mailUrl === undefined
      ? {}
      : { email: createMailDelivery(config.mailUrl, config.mailFrom) }),
    ...(config.smsWebhookUrl === undefined
      ? {}
      : { mobile: createSmsDelivery(config.smsWebhookUrl) }),
  };
}
