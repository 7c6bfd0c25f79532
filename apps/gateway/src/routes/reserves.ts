import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  protectionFundQuerySchema,
  reserveProofRequestSchema,
  reserveSnapshotQuerySchema,
  reserveSnapshotsQuerySchema,
} from '@exchange-web/protocol/reserves-schemas';
import { ok } from '../http/envelope-response';
import { readJsonBody, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import type { ReservesEngine } from '../reserves/engine';
import type { ProtectionFund } from '../reserves/fund';

/**
 * Proof of reserves (README "Proof of reserves"): the snapshots are public reads; an account's
 * own proof is a signed core call of the user the session acts as (real balances only).
 */
export function registerReservesRoutes(
  routes: Routes,
  signed: SignedRoutes,
  reserves: ReservesEngine,
  fund: ProtectionFund,
) {
  routes.get(ReservesPath.protectionFund, async (c) => {
    validateBody(protectionFundQuerySchema, c.req.query());
    return ok(c, { fund: await fund.view() });
  });

  routes.get(ReservesPath.snapshots, async (c) => {
    const { limit } = validateBody(reserveSnapshotsQuerySchema, c.req.query());
    return ok(c, { snapshots: await reserves.snapshots(limit) });
  });

  routes.get(ReservesPath.snapshot, async (c) => {
    const { snapshotId } = validateBody(reserveSnapshotQuerySchema, c.req.query());
    return ok(c, { snapshot: await reserves.snapshot(snapshotId) });
  });

  signed.post(ReservesPath.proof, async (c, session) => {
    const { snapshotId } = await readJsonBody(c, reserveProofRequestSchema);
    return ok(c, await reserves.proof(session.actingUserId, snapshotId));
  });
}
