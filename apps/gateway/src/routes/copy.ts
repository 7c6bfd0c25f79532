import { CopyPath } from '@exchange-web/protocol/copy-trading';
import {
  applyLeadRequestSchema,
  copyTradesQuerySchema,
  followRequestSchema,
  followsQuerySchema,
  leadingRequestSchema,
  leadQuerySchema,
  leadsQuerySchema,
  stopFollowRequestSchema,
} from '@exchange-web/protocol/copy-trading-schemas';
import type { Context } from 'hono';
import { ok } from '../http/envelope-response';
import { readJsonBody, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SignedRoutes } from '../http/signed-routes';
import type { CopyEngine } from '../trading/copy';
import { accountOf } from './trading';

/**
 * The copy-trading calls (README "Copy trading"): the leads are public reads; applying,
 * following, stopping and the records are signed core calls of the account in use (real, or paper
 * with `paptrading: 1`).
 */
export function registerCopyRoutes(routes: Routes, signed: SignedRoutes, copy: CopyEngine) {
  routes.get(CopyPath.leads, async (c) => {
    const query = validateBody(leadsQuerySchema, c.req.query());
    return ok(c, await copy.leads(query));
  });

  routes.get(CopyPath.lead, async (c) => {
    const { leadId } = validateBody(leadQuerySchema, c.req.query());
    return ok(c, { lead: await copy.lead(leadId) });
  });

  const refOf = (c: Context, userId: string) => ({ userId, account: accountOf(c) });

  signed.post(CopyPath.apply, async (c, session) => {
    const request = await readJsonBody(c, applyLeadRequestSchema);
    return ok(c, { lead: await copy.apply(refOf(c, session.actingUserId), request) });
  });

  signed.post(CopyPath.follow, async (c, session) => {
    const request = await readJsonBody(c, followRequestSchema);
    return ok(c, { follow: await copy.follow(refOf(c, session.actingUserId), request) });
  });

  signed.post(CopyPath.stop, async (c, session) => {
    const { followId, closePositions } = await readJsonBody(c, stopFollowRequestSchema);
    const follow = await copy.stop(refOf(c, session.actingUserId), followId, closePositions);
    return ok(c, { follow });
  });

  signed.post(CopyPath.follows, async (c, session) => {
    const { status } = await readJsonBody(c, followsQuerySchema);
    return ok(c, { follows: await copy.follows(refOf(c, session.actingUserId), status) });
  });

  signed.post(CopyPath.trades, async (c, session) => {
    const query = await readJsonBody(c, copyTradesQuerySchema);
    return ok(c, { trades: await copy.trades(refOf(c, session.actingUserId), query) });
  });

  signed.post(CopyPath.leading, async (c, session) => {
    await readJsonBody(c, leadingRequestSchema);
    return ok(c, await copy.leading(refOf(c, session.actingUserId)));
  });
}
