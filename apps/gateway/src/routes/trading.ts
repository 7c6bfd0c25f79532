import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { emptyRequestSchema } from '@exchange-web/protocol/schemas';
import { TradeCode, TradingPath, type TradingAccount } from '@exchange-web/protocol/trading';
import {
  balancesRequestSchema,
  cancelAllRequestSchema,
  cancelOrderRequestSchema,
  closePositionRequestSchema,
  marginAccountQuerySchema,
  marginLoanRequestSchema,
  marginOrderRequestSchema,
  marginOrdersQuerySchema,
  marginRecordsQuerySchema,
  marginTransferRequestSchema,
  fillsQuerySchema,
  openPositionRequestSchema,
  orderDetailRequestSchema,
  orderListQuerySchema,
  ordersQuerySchema,
  placeOrderRequestSchema,
} from '@exchange-web/protocol/trading-schemas';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { ActiveSession } from '../accounts/sessions';
import { ok } from '../http/envelope-response';
import { RefusedError } from '../http/errors';
import { readJsonBody } from '../http/read-body';
import type { SignedRoutes } from '../http/signed-routes';
import { requireMarketSymbol } from '../market/symbols';
import type { AccountRef, TradingEngine } from '../trading/engine';
import type { MarginEngine } from '../trading/margin';

/** SPEC 4: a simulation request carries `paptrading: 1` and acts on the paper account. */
export const accountOf = (c: Context): TradingAccount =>
  c.req.header(HeaderName.paptrading) === HeaderValue.paptrading ? 'paper' : 'real';

const refOf = (c: Context, session: ActiveSession): AccountRef => ({
  userId: session.actingUserId,
  account: accountOf(c),
});

/** Reads a list query by `schema`, refusing a pair the market does not quote. */
async function readListQuery<S extends z.ZodMiniType<{ symbol?: string | undefined }>>(
  c: Context,
  schema: S,
): Promise<z.infer<S>> {
  const query = await readJsonBody(c, schema);
  if (query.symbol !== undefined) requireMarketSymbol(query.symbol);
  return query;
}

/**
 * The trading calls, signed core calls of the user the session acts as (README "Simulated market
 * and trading"): spot orders, balances, the paper reset and futures positions. `afterTrade` runs
 * after an order or position change, not awaited: it starts mirroring a lead's trade at once
 * (the settle timer would within a second).
 */
export function registerTradingRoutes(
  signed: SignedRoutes,
  engine: TradingEngine,
  afterTrade: () => void,
) {
  signed.post(TradingPath.placeOrder, async (c, session) => {
    const request = await readJsonBody(c, placeOrderRequestSchema);
    const order = await engine.placeOrder(refOf(c, session), request);
    afterTrade();
    return ok(c, { order });
  });

  signed.post(TradingPath.cancelOrder, async (c, session) => {
    const { orderId } = await readJsonBody(c, cancelOrderRequestSchema);
    return ok(c, { order: await engine.cancelOrder(refOf(c, session), orderId) });
  });

  signed.post(TradingPath.cancelAllOrders, async (c, session) => {
    const { symbol } = await readListQuery(c, cancelAllRequestSchema);
    return ok(c, { orders: await engine.cancelAllOrders(refOf(c, session), symbol) });
  });

  signed.post(TradingPath.orderDetail, async (c, session) => {
    const { orderId } = await readJsonBody(c, orderDetailRequestSchema);
    return ok(c, await engine.orderDetail(refOf(c, session), orderId));
  });

  signed.post(TradingPath.openOrders, async (c, session) => {
    const query = await readListQuery(c, orderListQuerySchema);
    return ok(c, { orders: await engine.orders(refOf(c, session), query, 'open') });
  });

  signed.post(TradingPath.orderHistory, async (c, session) => {
    const query = await readListQuery(c, orderListQuerySchema);
    return ok(c, { orders: await engine.orders(refOf(c, session), query, 'history') });
  });

  signed.post(TradingPath.fills, async (c, session) => {
    const query = await readListQuery(c, fillsQuerySchema);
    return ok(c, { fills: await engine.fills(refOf(c, session), query) });
  });

  signed.post(TradingPath.balances, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    return ok(c, await engine.balances(refOf(c, session)));
  });

  signed.post(TradingPath.resetPaper, async (c, session) => {
    await readJsonBody(c, emptyRequestSchema);
    if (accountOf(c) !== 'paper') {
      throw new RefusedError({
        status: 403,
        code: TradeCode.paperOnly,
        message: `the reset acts on the paper account only: send ${HeaderName.paptrading}: ${HeaderValue.paptrading}`,
      });
    }
    return ok(c, await engine.resetPaper(session.actingUserId));
  });

  signed.post(TradingPath.openPosition, async (c, session) => {
    const request = await readJsonBody(c, openPositionRequestSchema);
    const position = await engine.openPosition(refOf(c, session), request);
    afterTrade();
    return ok(c, { position });
  });

  signed.post(TradingPath.closePosition, async (c, session) => {
    const { positionId } = await readJsonBody(c, closePositionRequestSchema);
    const position = await engine.closePosition(refOf(c, session), positionId);
    afterTrade();
    return ok(c, { position });
  });

  signed.post(TradingPath.positions, async (c, session) => {
    const query = await readListQuery(c, ordersQuerySchema);
    return ok(c, { positions: await engine.positions(refOf(c, session), query) });
  });
}

/**
 * The margin calls (README "Margin"), signed core calls like the other trading ones: transfers
 * between spot and a margin account, borrow, repay, market orders, the account and its records.
 */
export function registerMarginRoutes(signed: SignedRoutes, margin: MarginEngine) {
  signed.post(TradingPath.marginTransfer, async (c, session) => {
    const request = await readJsonBody(c, marginTransferRequestSchema);
    return ok(c, { margin: await margin.transfer(refOf(c, session), request) });
  });

  signed.post(TradingPath.marginBorrow, async (c, session) => {
    const request = await readJsonBody(c, marginLoanRequestSchema);
    return ok(c, { margin: await margin.borrow(refOf(c, session), request) });
  });

  signed.post(TradingPath.marginRepay, async (c, session) => {
    const request = await readJsonBody(c, marginLoanRequestSchema);
    return ok(c, { margin: await margin.repay(refOf(c, session), request) });
  });

  signed.post(TradingPath.marginAccount, async (c, session) => {
    const { symbol } = await readJsonBody(c, marginAccountQuerySchema);
    return ok(c, { margin: await margin.account(refOf(c, session), symbol) });
  });

  signed.post(TradingPath.marginAccounts, async (c, session) => {
    await readJsonBody(c, balancesRequestSchema);
    return ok(c, { accounts: await margin.accounts(refOf(c, session)) });
  });

  signed.post(TradingPath.marginRecords, async (c, session) => {
    const query = await readJsonBody(c, marginRecordsQuerySchema);
    return ok(c, { records: await margin.records(refOf(c, session), query) });
  });

  signed.post(TradingPath.marginPlaceOrder, async (c, session) => {
    const request = await readJsonBody(c, marginOrderRequestSchema);
    return ok(c, await margin.placeOrder(refOf(c, session), request));
  });

  signed.post(TradingPath.marginCancelOrder, async (c, session) => {
    const { orderId } = await readJsonBody(c, orderDetailRequestSchema);
    return ok(c, await margin.cancelOrder(refOf(c, session), orderId));
  });

  signed.post(TradingPath.marginOrders, async (c, session) => {
    const query = await readJsonBody(c, marginOrdersQuerySchema);
    return ok(c, { orders: await margin.orders(refOf(c, session), query) });
  });

  signed.post(TradingPath.marginOrderDetail, async (c, session) => {
    const { orderId } = await readJsonBody(c, orderDetailRequestSchema);
    return ok(c, { order: await margin.order(refOf(c, session), orderId) });
  });
}
