import { findUser } from '../accounts/users';
import type { Queryable } from '../db/database';
import { mobileLoginName } from '../accounts/login-names';
import { DeliveryError, type Deliveries, type SecurityAlert } from './delivery';

/**
 * Tells an account's owner of a change of its security (README "Account security"): by e-mail,
 * showing the account's anti-phishing code, or by SMS to an account with a number only. The
 * change is made already: a transport that is missing or fails is reported, never the caller's
 * failure.
 */
export async function sendSecurityAlert(
  deps: { db: Queryable; deliveries: Deliveries; logWarning: (message: string) => void },
  userId: string,
  alert: SecurityAlert,
): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user) return;
  const message = { kind: 'alert', alert, antiPhishingCode: user.anti_phishing_code } as const;
  try {
    if (user.email !== null && deps.deliveries.email) {
      await deps.deliveries.email(user.email, message);
    } else if (user.area_code !== null && user.mobile !== null && deps.deliveries.mobile) {
      await deps.deliveries.mobile(mobileLoginName(user.area_code, user.mobile), message);
    }
  } catch (error) {
    deps.logWarning(
      error instanceof DeliveryError
        ? `security alert: ${error.message}`
        : 'security alert: delivery failed',
    );
  }
}
