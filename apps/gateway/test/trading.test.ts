import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { sessionReplySchema } from '@exchange-web/protocol/schemas';
import {
  findMarketSymbol,
  LIST_MAX_OFFSET,
  TradeCode,
  TradingPath,
  type BalancesReply,
} from '@exchange-web/protocol/trading';
import { roundToStep } from '@exchange-web/protocol/trading-rules';
import {
  balancesReplySchema,
  fillsReplySchema,
  orderDetailReplySchema,
  orderReplySchema,
  ordersReplySchema,
  positionReplySchema,
  positionsReplySchema,
} from '@exchange-web/protocol/trading-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import { Dec, text } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { sleep, STRONG_PASSWORD, startTestGateway, uniqueEmail } from './support';

// A short cycle: the price swings about 2 % every 10 s, so limits and liquidations are reached.
const CYCLE_MS = 10_000;
const market = new SimulatedMarket(CYCLE_MS);
const BTC = findMarketSymbol('BTCUSDT')!;
const PAPER = { [HeaderName.paptrading]: HeaderValue.paptrading };

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway({ marketCycleMs: CYCLE_MS });
});
afterAll(async () => {
  await gateway.stop();
});

/** A trader: a new user signed in with a bound key, calling the paper or the real account. */
async function newTrader() {
  const client = await SigningClient.create(gateway);
  const response = await client.postEncrypted(ApiPath.registerEmail, {
    email: uniqueEmail('trader'),
    pwd: STRONG_PASSWORD,
  });
  expect(response.json?.code).toBe('00000');
  const userId = sessionReplySchema.parse(response.json?.data).userId;
  const send = (path: string, body: unknown, paper: boolean) =>
    client.signedPost(path, body, {}, paper ? PAPER : {});
  const expectOk = async (path: string, body: unknown, paper: boolean) => {
    const reply = await send(path, body, paper);
    expect(reply.json?.code, `${path}: ${reply.json?.msg}`).toBe('00000');
    return reply.json?.data;
  };
  const account = (paper: boolean) => ({
    send: (path: string, body: unknown = {}) => send(path, body, paper),
    ok: (path: string, body: unknown = {}) => expectOk(path, body, paper),
    balances: async () =>
      balancesReplySchema.parse(await expectOk(TradingPath.balances, {}, paper)),
    order: async (body: unknown) =>
      orderReplySchema.parse(await expectOk(TradingPath.placeOrder, body, paper)).order,
    orders: async (path: string = TradingPath.openOrders) =>
      ordersReplySchema.parse(await expectOk(path, {}, paper)).orders,
    fills: async () => fillsReplySchema.parse(await expectOk(TradingPath.fills, {}, paper)).fills,
    positions: async () =>
      positionsReplySchema.parse(await expectOk(TradingPath.positions, {}, paper)).positions,
  });
  return { client, userId, paper: account(true), real: account(false) };
}
type Account = Awaited<ReturnType<typeof newTrader>>['paper'];

const coin = (reply: BalancesReply, name: string) =>
  reply.balances.find((balance) => balance.coin === name) ?? {
    coin: name,
    available: '0',
    frozen: '0',
  };
const d = (value: string | number) => new Dec(value);
const FEE = d('0.001');

/** Everything a refusal must leave as it was. */
const snapshot = async (account: Account) => ({
  balances: await account.balances(),
  open: await account.orders(TradingPath.openOrders),
  history: await account.orders(TradingPath.orderHistory),
  fills: await account.fills(),
  positions: await account.positions(),
});

async function waitFor<T>(probe: () => Promise<T | undefined>, seconds: number): Promise<T> {
  for (let i = 0; i < seconds * 2; i += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(500);
  }
  throw new Error(`nothing happened within ${seconds} s`);
}

describe('paper account', () => {
  it('starts with 100000 USDT on first use; the real account of a new user is empty', async () => {
    const { paper, real } = await newTrader();
    expect(await paper.balances()).toEqual({
      account: 'paper',
      balances: [{ coin: 'USDT', available: '100000', frozen: '0' }],
    });
    expect(await real.balances()).toEqual({ account: 'real', balances: [] });
  });

  it('fills market orders at the ask and the bid, fee included, with history and fills', async () => {
    const { paper } = await newTrader();
    const buy = await paper.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', size: '0.01' });
    expect(buy).toMatchObject({ status: 'filled', size: '0.01', filledSize: '0.01', price: null });
    const paid = d(buy.averagePrice!).times('0.01');
    let balances = await paper.balances();
    expect(coin(balances, 'USDT')).toEqual({
      coin: 'USDT',
      available: d(100000).minus(paid).minus(paid.times(FEE)).toFixed(),
      frozen: '0',
    });
    expect(coin(balances, 'BTC')).toEqual({ coin: 'BTC', available: '0.01', frozen: '0' });

    const sell = await paper.order({
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      size: '0.01',
    });
    expect(sell.status).toBe('filled');
    // The bid is below the ask of the same second.
    const got = d(sell.averagePrice!).times('0.01');
    balances = await paper.balances();
    expect(coin(balances, 'USDT').available).toBe(
      d(100000).minus(paid.times('1.001')).plus(got.times('0.999')).toFixed(),
    );
    expect(coin(balances, 'BTC').available).toBe('0');

    const history = await paper.orders(TradingPath.orderHistory);
    expect(history.map((order) => order.orderId)).toEqual([sell.orderId, buy.orderId]);
    expect(await paper.orders(TradingPath.openOrders)).toEqual([]);
    const fills = await paper.fills();
    expect(fills.map((fill) => [fill.orderId, fill.side, fill.fee])).toEqual([
      [sell.orderId, 'sell', got.times(FEE).toFixed()],
      [buy.orderId, 'buy', paid.times(FEE).toFixed()],
    ]);
    const { fills: ethFills } = fillsReplySchema.parse(
      await paper.ok(TradingPath.fills, { symbol: 'ETHUSDT' }),
    );
    expect(ethFills).toEqual([]);
  });

  it('rests a limit buy below the market, holding its funds, and fills it when the price crosses', async () => {
    const { paper } = await newTrader();
    const size = d('0.01');
    // A limit the model's price will reach within the next cycle, but below the bid now.
    const limit = await waitFor(async () => {
      const now = market.nowSecond();
      const low = market.range(BTC, now + 3, now + CYCLE_MS / 1000)!.low;
      const candidate = d(roundToStep(text(low), BTC.priceTick, Dec.roundUp));
      return candidate.lt(market.bestBid(BTC, now).minus(5)) ? candidate : undefined;
    }, 12);
    const order = await paper.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: limit.toFixed(),
      size: size.toFixed(),
    });
    expect(order).toMatchObject({ status: 'open', filledSize: '0', averagePrice: null });
    const hold = limit.times(size).times('1.001');
    expect(coin(await paper.balances(), 'USDT')).toEqual({
      coin: 'USDT',
      available: d(100000).minus(hold).toFixed(),
      frozen: hold.toFixed(),
    });

    const filled = await waitFor(async () => {
      const [found] = await paper.orders(TradingPath.orderHistory);
      return found;
    }, 15);
    expect(filled).toMatchObject({
      orderId: order.orderId,
      status: 'filled',
      filledSize: '0.01',
      averagePrice: limit.toFixed(),
    });
    const balances = await paper.balances();
    expect(coin(balances, 'USDT')).toEqual({
      coin: 'USDT',
      available: d(100000).minus(hold).toFixed(),
      frozen: '0',
    });
    expect(coin(balances, 'BTC')).toEqual({ coin: 'BTC', available: '0.01', frozen: '0' });
    const [fill] = await paper.fills();
    expect(fill).toMatchObject({
      price: limit.toFixed(),
      fee: limit.times(size).times(FEE).toFixed(),
    });
  });

  it('fills a marketable limit at once at its limit', async () => {
    const { paper } = await newTrader();
    const limit = roundToStep(text(market.bestAsk(BTC, market.nowSecond()).times('1.02')), '0.1');
    const order = await paper.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: limit,
      size: '0.001',
    });
    expect(order).toMatchObject({ status: 'filled', averagePrice: limit });
  });

  it('cancels an open order and releases what it held; refuses to cancel twice or another’s', async () => {
    const { paper, real } = await newTrader();
    const other = await newTrader();
    // Far below the market: never reached.
    const order = await paper.order({
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      size: '1',
    });
    expect(coin(await paper.balances(), 'USDT')).toEqual({
      coin: 'USDT',
      available: '98999',
      frozen: '1001',
    });
    const notFound = async (response: Awaited<ReturnType<Account['send']>>) => {
      expect(response.status).toBe(404);
      expect(response.json?.code).toBe(TradeCode.orderNotFound);
    };
    await notFound(await real.send(TradingPath.cancelOrder, { orderId: order.orderId }));
    await notFound(await other.paper.send(TradingPath.cancelOrder, { orderId: order.orderId }));
    await notFound(await paper.send(TradingPath.cancelOrder, { orderId: 'no-such-order' }));

    const cancelled = orderReplySchema.parse(
      await paper.ok(TradingPath.cancelOrder, { orderId: order.orderId }),
    ).order;
    expect(cancelled.status).toBe('cancelled');
    expect(await paper.balances()).toEqual({
      account: 'paper',
      balances: [{ coin: 'USDT', available: '100000', frozen: '0' }],
    });
    const again = await paper.send(TradingPath.cancelOrder, { orderId: order.orderId });
    expect(again.status).toBe(409);
    expect(again.json?.code).toBe(TradeCode.orderNotOpen);

    // A resting sell holds its base coin.
    await paper.order({ symbol: 'ETHUSDT', side: 'buy', type: 'market', size: '0.5' });
    const sell = await paper.order({
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '99999',
      size: '0.2',
    });
    expect(coin(await paper.balances(), 'ETH')).toEqual({
      coin: 'ETH',
      available: '0.3',
      frozen: '0.2',
    });
    await paper.ok(TradingPath.cancelOrder, { orderId: sell.orderId });
    expect(coin(await paper.balances(), 'ETH')).toEqual({
      coin: 'ETH',
      available: '0.5',
      frozen: '0',
    });
  });

  it('refuses every invalid call with its code, changing nothing', async () => {
    const { paper, client } = await newTrader();
    await paper.order({ symbol: 'SOLUSDT', side: 'buy', type: 'limit', price: '1', size: '10' });
    const before = await snapshot(paper);
    const refusals: [string, unknown, string, number][] = [
      [
        TradingPath.placeOrder,
        { symbol: 'XYZUSDT', side: 'buy', type: 'market', size: '1' },
        TradeCode.unknownSymbol,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', size: '1' },
        TradeCode.priceNotAllowed,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', price: '1', size: '1' },
        TradeCode.priceNotAllowed,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000.05', size: '0.01' },
        TradeCode.priceOffTick,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', size: '0.00015' },
        TradeCode.sizeOffStep,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', size: '0' },
        TradeCode.sizeBelowMinimum,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'DOGEUSDT', side: 'buy', type: 'limit', price: '0.1', size: '49' },
        TradeCode.notionalBelowMinimum,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', size: '2' },
        TradeCode.insufficientBalance,
        409,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', size: '1.6666' },
        TradeCode.insufficientBalance,
        409,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'ETHUSDT', side: 'sell', type: 'market', size: '1' },
        TradeCode.insufficientBalance,
        409,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', size: '0.01', extra: 1 },
        GatewayCode.validationFailed,
        400,
      ],
      [
        TradingPath.placeOrder,
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', size: '-1' },
        GatewayCode.validationFailed,
        400,
      ],
      [
        TradingPath.openPosition,
        { symbol: 'BTCUSDT', side: 'long', leverage: 0, size: '0.01' },
        TradeCode.leverageOutOfRange,
        400,
      ],
      [
        TradingPath.openPosition,
        { symbol: 'BTCUSDT', side: 'long', leverage: 126, size: '0.01' },
        TradeCode.leverageOutOfRange,
        400,
      ],
      [
        TradingPath.openPosition,
        { symbol: 'BTCUSDT', side: 'short', leverage: 1, size: '2' },
        TradeCode.insufficientBalance,
        409,
      ],
      [
        TradingPath.openPosition,
        { symbol: 'NOPE', side: 'short', leverage: 1, size: '2' },
        TradeCode.unknownSymbol,
        400,
      ],
      [
        TradingPath.closePosition,
        { positionId: 'no-such-position' },
        TradeCode.positionNotFound,
        404,
      ],
      [TradingPath.openOrders, { symbol: 'XYZUSDT' }, TradeCode.unknownSymbol, 400],
      [TradingPath.fills, { limit: 0 }, GatewayCode.validationFailed, 400],
      [TradingPath.balances, { any: 1 }, GatewayCode.validationFailed, 400],
    ];
    for (const [path, body, code, status] of refusals) {
      const response = await paper.send(path, body);
      expect([response.status, response.json?.code], `${path} ${JSON.stringify(body)}`).toEqual([
        status,
        code,
      ]);
    }
    const reset = await client.signedPost(TradingPath.resetPaper, {});
    expect([reset.status, reset.json?.code]).toEqual([403, TradeCode.paperOnly]);
    expect(await snapshot(paper)).toEqual(before);
  });

  it('resets to the starting balance with no orders, fills or positions', async () => {
    const { paper } = await newTrader();
    await paper.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', size: '0.01' });
    await paper.order({ symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '100', size: '1' });
    await paper.ok(TradingPath.openPosition, {
      symbol: 'SOLUSDT',
      side: 'long',
      leverage: 5,
      size: '1',
    });
    expect(balancesReplySchema.parse(await paper.ok(TradingPath.resetPaper))).toEqual({
      account: 'paper',
      balances: [{ coin: 'USDT', available: '100000', frozen: '0' }],
    });
    expect(await snapshot(paper)).toEqual({
      balances: {
        account: 'paper',
        balances: [{ coin: 'USDT', available: '100000', frozen: '0' }],
      },
      open: [],
      history: [],
      fills: [],
      positions: [],
    });
  });
});

describe('order lists, order detail and cancel-all', () => {
  const list = async (account: Account, path: string, query: unknown) =>
    ordersReplySchema.parse(await account.ok(path, query)).orders.map((order) => order.orderId);

  it('filters open orders and history by pair, side, type and time, and pages them', async () => {
    const { paper } = await newTrader();
    await paper.order({ symbol: 'ETHUSDT', side: 'buy', type: 'market', size: '1' });
    const ethBuy = await paper.order({
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '100',
      size: '1',
    });
    const ethSell = await paper.order({
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '99999',
      size: '0.5',
    });
    const solBuy = await paper.order({
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      size: '10',
    });
    const newestFirst = [solBuy, ethSell, ethBuy]
      .sort((a, b) => b.createdAt - a.createdAt || a.orderId.localeCompare(b.orderId))
      .map((order) => order.orderId);

    const open = TradingPath.openOrders;
    expect(await list(paper, open, {})).toEqual(newestFirst);
    expect(await list(paper, open, { symbol: 'ETHUSDT' })).toEqual(
      newestFirst.filter((id) => id !== solBuy.orderId),
    );
    expect(await list(paper, open, { side: 'sell' })).toEqual([ethSell.orderId]);
    expect(await list(paper, open, { type: 'market' })).toEqual([]);
    expect(await list(paper, open, { symbol: 'ETHUSDT', side: 'buy', type: 'limit' })).toEqual([
      ethBuy.orderId,
    ]);
    expect(await list(paper, open, { limit: 1, offset: 1 })).toEqual([newestFirst[1]]);
    expect(await list(paper, open, { offset: 3 })).toEqual([]);
    expect(await list(paper, open, { to: ethBuy.createdAt - 1 })).toEqual([]);
    expect(await list(paper, open, { from: solBuy.createdAt, to: solBuy.createdAt })).toContain(
      solBuy.orderId,
    );

    const history = await list(paper, TradingPath.orderHistory, { type: 'market' });
    expect(history).toHaveLength(1);
    expect(await list(paper, TradingPath.orderHistory, { type: 'limit' })).toEqual([]);
  });

  it('answers one order with its fills, and only to its owner', async () => {
    const { paper, real } = await newTrader();
    const bought = await paper.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      size: '0.01',
    });
    const detail = orderDetailReplySchema.parse(
      await paper.ok(TradingPath.orderDetail, { orderId: bought.orderId }),
    );
    expect(detail.order).toEqual(bought);
    expect(detail.fills.map((fill) => fill.orderId)).toEqual([bought.orderId]);
    expect(d(detail.fills[0]!.size).toFixed()).toBe('0.01');
    const byOrder = fillsReplySchema.parse(
      await paper.ok(TradingPath.fills, { orderId: bought.orderId }),
    ).fills;
    expect(byOrder).toEqual(detail.fills);
    expect(
      fillsReplySchema.parse(await paper.ok(TradingPath.fills, { side: 'sell' })).fills,
    ).toEqual([]);

    const other = await newTrader();
    for (const [account, orderId] of [
      [other.paper, bought.orderId],
      [real, bought.orderId],
      [paper, 'no-such-order'],
    ] as const) {
      const reply = await account.send(TradingPath.orderDetail, { orderId });
      expect([reply.status, reply.json?.code]).toEqual([404, TradeCode.orderNotFound]);
    }
  });

  it('cancels every open order of a pair, then of the account, releasing what they held', async () => {
    const { paper } = await newTrader();
    await paper.order({ symbol: 'ETHUSDT', side: 'buy', type: 'market', size: '1' });
    const ethSell = await paper.order({
      symbol: 'ETHUSDT',
      side: 'sell',
      type: 'limit',
      price: '99999',
      size: '0.5',
    });
    const btcBuy = await paper.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      size: '0.01',
    });
    const solBuy = await paper.order({
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      size: '10',
    });

    const eth = ordersReplySchema.parse(
      await paper.ok(TradingPath.cancelAllOrders, { symbol: 'ETHUSDT' }),
    ).orders;
    expect(eth.map((order) => [order.orderId, order.status])).toEqual([
      [ethSell.orderId, 'cancelled'],
    ]);
    expect(coin(await paper.balances(), 'ETH').frozen).toBe('0');
    expect(d(coin(await paper.balances(), 'USDT').frozen).gt(0)).toBe(true);

    const rest = ordersReplySchema.parse(await paper.ok(TradingPath.cancelAllOrders, {})).orders;
    expect(rest.map((order) => order.orderId).sort()).toEqual(
      [btcBuy.orderId, solBuy.orderId].sort(),
    );
    expect(rest.every((order) => order.status === 'cancelled')).toBe(true);
    const after = await paper.balances();
    expect(after.balances.every((balance) => balance.frozen === '0')).toBe(true);
    expect(await paper.orders(TradingPath.openOrders)).toEqual([]);
    expect(ordersReplySchema.parse(await paper.ok(TradingPath.cancelAllOrders, {})).orders).toEqual(
      [],
    );
  });

  it('refuses a malformed list query or cancel-all with a named field, changing nothing', async () => {
    const { paper } = await newTrader();
    const resting = await paper.order({
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      price: '1',
      size: '10',
    });
    const refusals: [string, unknown, string, string][] = [
      [TradingPath.openOrders, { from: 2000, to: 1000 }, GatewayCode.validationFailed, 'from'],
      [TradingPath.orderHistory, { offset: -1 }, GatewayCode.validationFailed, 'offset'],
      [
        TradingPath.orderHistory,
        { offset: LIST_MAX_OFFSET + 1 },
        GatewayCode.validationFailed,
        'offset',
      ],
      [TradingPath.openOrders, { side: 'hold' }, GatewayCode.validationFailed, 'side'],
      [TradingPath.openOrders, { type: 'stop' }, GatewayCode.validationFailed, 'type'],
      [TradingPath.fills, { from: 'yesterday' }, GatewayCode.validationFailed, 'from'],
      [TradingPath.fills, { to: 1.5 }, GatewayCode.validationFailed, 'to'],
      [TradingPath.fills, { orderId: '' }, GatewayCode.validationFailed, 'orderId'],
      [TradingPath.orderDetail, {}, GatewayCode.validationFailed, 'orderId'],
      [TradingPath.cancelAllOrders, { symbol: 'XYZUSDT' }, TradeCode.unknownSymbol, 'symbol'],
      [TradingPath.cancelAllOrders, { all: true }, GatewayCode.validationFailed, ''],
    ];
    for (const [path, body, code, field] of refusals) {
      const reply = await paper.send(path, body);
      expect([path, reply.status, reply.json?.code]).toEqual([path, 400, code]);
      expect(String(reply.json?.msg)).toContain(field);
    }
    expect(await paper.orders(TradingPath.openOrders)).toEqual([resting]);
  });
});

describe('futures', () => {
  it('opens a position with its margin frozen and closes it for margin + PnL − fee', async () => {
    const { paper } = await newTrader();
    const opened = positionReplySchema.parse(
      await paper.ok(TradingPath.openPosition, {
        symbol: 'BTCUSDT',
        side: 'long',
        leverage: 10,
        size: '0.01',
      }),
    ).position;
    const entry = d(opened.entryPrice);
    const margin = entry.times('0.01').div(10).round(8, Dec.roundUp);
    const openFee = entry.times('0.01').times(FEE);
    expect(opened).toMatchObject({
      status: 'open',
      leverage: 10,
      size: '0.01',
      margin: margin.toFixed(),
      liquidationPrice: roundToStep(text(entry.times('0.905')), '0.1', Dec.roundUp),
      realizedPnl: null,
      closedAt: null,
    });
    expect(coin(await paper.balances(), 'USDT')).toEqual({
      coin: 'USDT',
      available: d(100000).minus(margin).minus(openFee).toFixed(),
      frozen: margin.toFixed(),
    });
    const [listed] = await paper.positions();
    expect(listed!.unrealizedPnl).toBe(d(listed!.markPrice).minus(entry).times('0.01').toFixed());

    const closed = positionReplySchema.parse(
      await paper.ok(TradingPath.closePosition, { positionId: opened.positionId }),
    ).position;
    const mark = d(closed.markPrice);
    const expectedPnl = mark.minus(entry).times('0.01').minus(mark.times('0.01').times(FEE));
    expect(closed).toMatchObject({ status: 'closed', realizedPnl: expectedPnl.toFixed() });
    expect(coin(await paper.balances(), 'USDT')).toEqual({
      coin: 'USDT',
      available: d(100000).minus(openFee).plus(expectedPnl).toFixed(),
      frozen: '0',
    });
    const again = await paper.send(TradingPath.closePosition, { positionId: opened.positionId });
    expect([again.status, again.json?.code]).toEqual([404, TradeCode.positionNotFound]);
  });

  it('liquidates a high-leverage position when the mark reaches its price, losing its margin', async () => {
    const { paper } = await newTrader();
    const open = async (side: 'long' | 'short') =>
      positionReplySchema.parse(
        await paper.ok(TradingPath.openPosition, {
          symbol: 'BTCUSDT',
          side,
          leverage: 125,
          size: '0.01',
        }),
      ).position;
    const long = await open('long');
    const short = await open('short');
    const fees = d(long.entryPrice).plus(short.entryPrice).times('0.01').times(FEE);
    // ±0.3 % from entry: one of the two is reached within a cycle.
    const liquidated = await waitFor(async () => {
      const positions = await paper.positions();
      return positions.find((position) => position.status === 'liquidated');
    }, 15);
    const margin = d(liquidated.margin);
    expect(liquidated.realizedPnl).toBe(margin.neg().toFixed());
    expect(liquidated.unrealizedPnl).toBe('0');
    const survivor = liquidated.positionId === long.positionId ? short : long;
    const balances = await paper.balances();
    const survivorNow = (await paper.positions()).find(
      (position) => position.positionId === survivor.positionId,
    )!;
    const frozen = survivorNow.status === 'open' ? d(survivor.margin) : d(0);
    expect(coin(balances, 'USDT').frozen).toBe(frozen.toFixed());
    if (survivorNow.status === 'open') {
      expect(coin(balances, 'USDT').available).toBe(
        d(100000).minus(fees).minus(long.margin).minus(short.margin).toFixed(),
      );
    }
  });
});

describe('real and paper accounts', () => {
  it('keep apart: a real order never touches paper rows, nor a paper order real ones', async () => {
    const { paper, real, userId } = await newTrader();
    await setBalances(gateway.db, userId, [{ coin: 'USDT', available: '1000', frozen: '0' }]);
    const paperBefore = await snapshot(paper);
    const realOrder = await real.order({
      symbol: 'DOGEUSDT',
      side: 'buy',
      type: 'market',
      size: '100',
    });
    const realBalances = await real.balances();
    expect(realBalances.account).toBe('real');
    expect(coin(realBalances, 'DOGE').available).toBe('100');
    expect(await snapshot(paper)).toEqual(paperBefore);

    const realBefore = await snapshot(real);
    expect(realBefore.history.map((order) => order.orderId)).toEqual([realOrder.orderId]);
    await paper.order({ symbol: 'DOGEUSDT', side: 'buy', type: 'market', size: '200' });
    await paper.order({ symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '100', size: '1' });
    await paper.ok(TradingPath.openPosition, {
      symbol: 'ETHUSDT',
      side: 'short',
      leverage: 3,
      size: '0.1',
    });
    await paper.ok(TradingPath.resetPaper);
    expect(await snapshot(real)).toEqual(realBefore);

    const rows = await gateway.db.query<{ account: string; count: number }>(
      `SELECT account, count(*)::int AS count FROM trade_orders WHERE user_id = $1
       GROUP BY account ORDER BY account`,
      [userId],
    );
    expect(rows).toEqual([{ account: 'real', count: 1 }]);
  });

  it('refuses trading calls without a signature or without a session', async () => {
    const { client } = await newTrader();
    const unsigned = await client.browser.post(TradingPath.balances, {});
    expect([unsigned.status, unsigned.json?.code]).toEqual([401, ErrorCode.signMissing]);
    const anonymous = await SigningClient.create(gateway);
    const noSession = await anonymous.signedPost(TradingPath.balances, {});
    expect([noSession.status, noSession.json?.code]).toEqual([401, GatewayCode.unauthorized]);
  });

  it('accepts exactly one of two simultaneous orders that together exceed the balance', async () => {
    const { real, userId } = await newTrader();
    await setBalances(gateway.db, userId, [{ coin: 'USDT', available: '100', frozen: '0' }]);
    // Each holds about 60 USDT.
    const order = { symbol: 'DOGEUSDT', side: 'buy', type: 'limit', price: '0.15', size: '400' };
    const replies = await Promise.all([
      real.send(TradingPath.placeOrder, order),
      real.send(TradingPath.placeOrder, order),
    ]);
    expect(replies.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      TradeCode.insufficientBalance,
    ]);
    const balances = await real.balances();
    const usdt = coin(balances, 'USDT');
    const doge = coin(balances, 'DOGE');
    // Filled at once (DOGE bought) or resting (60.06 USDT held), the one order took 60.06 USDT
    // of the available balance, and the other nothing.
    expect(d(usdt.available).toFixed()).toBe('39.94');
    expect([
      ['0', '400'],
      ['60.06', '0'],
    ]).toContainEqual([d(usdt.frozen).toFixed(), d(doge.available).toFixed()]);
  });
});
