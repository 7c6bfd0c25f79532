import { FEE_PRODUCTS, FEE_VOLUME_DAYS, FeePath } from '@exchange-web/protocol/fees';
import { feeLevelRequestSchema, feeScheduleQuerySchema } from '@exchange-web/protocol/fees-schemas';
import { ok } from '../http/envelope-response';
import { readJsonBody, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import type { FeeLevels } from '../fees/levels';
import { accountOf } from './trading';

/**
 * Fees and VIP levels (README "Fees and VIP levels"): the schedule is a public read; an account's
 * own level is a signed core call of the account in use (real, or paper with `paptrading: 1`).
 */
export function registerFeeRoutes(routes: Routes, signed: SignedRoutes, levels: FeeLevels) {
  routes.get(FeePath.schedule, async (c) => {
    validateBody(feeScheduleQuerySchema, c.req.query());
    return ok(c, {
      levels: await levels.schedule(),
      products: [...FEE_PRODUCTS],
      volumeDays: FEE_VOLUME_DAYS,
    });
  });

  signed.post(FeePath.level, async (c, session) => {
    await readJsonBody(c, feeLevelRequestSchema);
    const ref = { userId: session.actingUserId, account: accountOf(c) };
    return ok(c, { level: await levels.levelOf(ref) });
  });
}
