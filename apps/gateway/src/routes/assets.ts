import { ApiPath } from '@exchange-web/protocol/paths';
import { emptyRequestSchema } from '@exchange-web/protocol/schemas';
import { assetOverview } from '../assets/balances';
import type { Queryable } from '../db/database';
import { ok } from '../http/envelope-response';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';

/** The asset overview, a signed core call: the balances of the user the session acts as. */
export function registerAssetRoutes(signed: SignedRoutes, db: Queryable) {
  signed.post(ApiPath.assetOverview, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    return ok(c, await assetOverview(db, session.actingUserId));
  });
}
