import { findUser } from '../accounts/users';
import type { Queryable } from '../db/database';
import { mobileLoginName } from '../accounts/login-names';
import type { VerifyChannel } from '@exchange-web/protocol/verification';
import { DeliveryError, type Deliver, type Deliveries, type SecurityAlert } from './delivery';

/**
 * Tells an account's owner of a change of its security (README "Account security"): by e-mail,
 * showing the account's anti-phishing code, or by SMS to an account with a number only. The
 * change is made already: a transport that is missing or fails is reported, never the caller's
 * failure. A change of the address itself also tells the `former` one, whose holder may not have
 * made it.
 */
export async function sendSecurityAlert(
  deps: { db: Queryable; deliveries: Deliveries; logWarning: (message: string) => void },
  userId: string,
  alert: SecurityAlert,
  former?: { channel: VerifyChannel; recipient: string },
): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user) return;
  const message = { kind: 'alert', alert, antiPhishingCode: user.anti_phishing_code } as const;
  const sends: [Deliver, string][] = [];
  if (user.email !== null && deps.deliveries.email) {
    sends.push([deps.deliveries.email, user.email]);
  } else if (user.area_code !== null && user.mobile !== null && deps.deliveries.mobile) {
    sends.push([deps.deliveries.mobile, mobileLoginName(user.area_code, user.mobile)]);
  }
  const formerDeliver = former && deps.deliveries[former.channel];
  if (former && formerDeliver && !sends.some(([, to]) => to === former.recipient))
    sends.push([formerDeliver, former.recipient]);
  for (const [deliver, to] of sends) {
    try {
      await deliver(to, message);
    } catch (error) {
      deps.logWarning(
        error instanceof DeliveryError
          ? `security alert: ${error.message}`
          : 'security alert: delivery failed',
      );
    }
  }
}
