import { ApiPath } from '@exchange-web/protocol/paths';
import { antiPhishingRequestSchema } from '@exchange-web/protocol/schemas';
import { setAntiPhishingCode } from '../accounts/users';
import type { Database } from '../db/database';
import type { Deliveries } from '../messaging/delivery';
import { sendSecurityAlert } from '../messaging/security-alerts';
import { ok } from '../http/envelope-response';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';

/**
 * The anti-phishing code of the signed-in main account (SPEC 2 subaccount/setting/antiphishing;
 * README "Account security"), a signed core call: every later e-mail to the account shows it,
 * starting with the alert of the change.
 */
export function registerAntiPhishingRoute(
  signed: SignedRoutes,
  deps: { db: Database; deliveries: Deliveries; logWarning: (message: string) => void },
) {
  signed.post(ApiPath.antiPhishingSet, async (c, session) => {
    const { antiPhishingCode } = await readJsonBody(c, antiPhishingRequestSchema);
    await setAntiPhishingCode(deps.db, session.userId, antiPhishingCode);
    // The alert shows the new code: the owner sees at once what the exchange's mails now carry.
    await sendSecurityAlert(deps, session.userId, 'antiPhishingChanged');
    return ok(c, null);
  });
}
