import { GatewayCode } from '@exchange-web/protocol/codes';
import { findMarketSymbol, TradeCode, TradingPath } from '@exchange-web/protocol/trading';
import {
  balancesReplySchema,
  marginAccountReplySchema,
  marginAccountsReplySchema,
  marginOrderDetailReplySchema,
  marginOrderReplySchema,
  marginOrdersReplySchema,
  marginRecordsReplySchema,
  type MarginAccount,
} from '@exchange-web/protocol/trading-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import { DEFAULT_MARKET_CONFIG, type MarginConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { Dec } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import type { RunningGateway } from '../src/server';
import { MarginEngine } from '../src/trading/margin';
import { startTestGateway } from './support';
import { accountCalls, registerTrader } from './traders';
import { openTestDatabase } from './test-database';

const BTC = findMarketSymbol('BTCUSDT')!;

let gateway: RunningGateway;
beforeAll(async () => {
  // No interest over HTTP, so an hour turning mid-test changes no figure; the engine tests below
  // charge it on their own clock.
  const free = Object.fromEntries(
    Object.keys(DEFAULT_MARKET_CONFIG.margin.hourlyRates).map((coin) => [coin, '0']),
  );
  gateway = await startTestGateway({
    margin: { ...DEFAULT_MARKET_CONFIG.margin, hourlyRates: free },
  });
});
afterAll(async () => {
  await gateway.stop();
});

/** A new signed-in user calling the margin calls of the real (or paper) account. */
async function newBorrower(paper = false) {
  const { client, userId } = await registerTrader(gateway, 'margin');
  const { send, ok } = accountCalls(client, paper);
  return {
    userId,
    send,
    margin: async (body: unknown) =>
      marginAccountReplySchema.parse(await ok(TradingPath.marginAccount, body)).margin,
    change: async (path: string, body: unknown) =>
      marginAccountReplySchema.parse(await ok(path, body)).margin,
    spot: async () => balancesReplySchema.parse(await ok(TradingPath.balances)).balances,
    order: async (body: unknown) =>
      marginOrderReplySchema.parse(await ok(TradingPath.marginPlaceOrder, body)),
    orders: async (body: unknown = {}) =>
      marginOrdersReplySchema.parse(await ok(TradingPath.marginOrders, body)).orders,
    ok,
    records: async (body: unknown = {}) =>
      marginRecordsReplySchema.parse(await ok(TradingPath.marginRecords, body)).records,
  };
}

/** A borrower with `usdt` moved from spot into the cross margin account. */
async function fundedBorrower(usdt: string) {
  const trader = await newBorrower();
  await setBalances(gateway.db, trader.userId, [{ coin: 'USDT', available: usdt, frozen: '0' }]);
  await trader.change(TradingPath.marginTransfer, { direction: 'in', coin: 'USDT', amount: usdt });
  return trader;
}

const holding = (account: MarginAccount, coin: string) =>
  account.holdings.find((entry) => entry.coin === coin)!;

describe('margin transfers, borrowing and repaying over HTTP', () => {
  it('moves USDT into the cross account, borrows, repays with interest first, and moves it back', async () => {
    const trader = await newBorrower();
    await setBalances(gateway.db, trader.userId, [
      { coin: 'USDT', available: '1000', frozen: '0' },
    ]);

    let account = await trader.change(TradingPath.marginTransfer, {
      direction: 'in',
      coin: 'USDT',
      amount: '1000',
    });
    expect(account).toMatchObject({
      symbol: null,
      assets: '1000',
      debt: '0',
      riskRatio: null,
      level: 'safe',
    });
    // 10x on 1 000 of equity: 9 000 more may be owed.
    expect(holding(account, 'USDT').maxBorrowable).toBe('9000');
    expect(await trader.spot()).toEqual([{ coin: 'USDT', available: '0', frozen: '0' }]);

    account = await trader.change(TradingPath.marginBorrow, { coin: 'USDT', amount: '3000' });
    expect(holding(account, 'USDT')).toMatchObject({
      available: '4000',
      borrowed: '3000',
      interest: '0',
    });
    expect(account).toMatchObject({
      assets: '4000',
      debt: '3000',
      equity: '1000',
      riskRatio: '1.3333',
      level: 'safe',
    });
    expect(holding(account, 'USDT').maxBorrowable).toBe('6000');

    account = await trader.change(TradingPath.marginRepay, { coin: 'USDT', amount: '3000' });
    expect(holding(account, 'USDT')).toMatchObject({
      available: '1000',
      borrowed: '0',
      interest: '0',
    });
    account = await trader.change(TradingPath.marginTransfer, {
      direction: 'out',
      coin: 'USDT',
      amount: '1000',
    });
    expect(account.assets).toBe('0');
    expect(await trader.spot()).toEqual([{ coin: 'USDT', available: '1000', frozen: '0' }]);

    const records = await trader.records();
    expect(records.map((record) => [record.kind, record.coin, record.amount])).toEqual([
      ['transferOut', 'USDT', '1000'],
      ['repay', 'USDT', '3000'],
      ['borrow', 'USDT', '3000'],
      ['transferIn', 'USDT', '1000'],
    ]);
    expect(records[1]?.detail).toBe('interest 0, principal 3000');
    expect((await trader.records({ kind: 'borrow' })).map((record) => record.kind)).toEqual([
      'borrow',
    ]);
  });

  it('keeps an isolated account per pair, holding only its two coins', async () => {
    const trader = await newBorrower();
    await setBalances(gateway.db, trader.userId, [
      { coin: 'USDT', available: '500', frozen: '0' },
      { coin: 'ETH', available: '1', frozen: '0' },
    ]);
    const account = await trader.change(TradingPath.marginTransfer, {
      direction: 'in',
      symbol: 'BTCUSDT',
      coin: 'USDT',
      amount: '500',
    });
    expect(account.symbol).toBe('BTCUSDT');
    expect(account.holdings.map((entry) => entry.coin)).toEqual(['BTC', 'USDT']);
    // 9 × 500 USDT of BTC at its price now, rounded down to 8 places.
    const { price, maxBorrowable } = holding(account, 'BTC');
    const worth = new Dec(maxBorrowable).times(price);
    expect(
      worth.lte(4500) && worth.gt(new Dec(4500).minus(new Dec(price).times('0.00000001'))),
    ).toBe(true);
    const refused = await trader.send(TradingPath.marginTransfer, {
      direction: 'in',
      symbol: 'BTCUSDT',
      coin: 'ETH',
      amount: '1',
    });
    expect(refused.status).toBe(400);
    expect(refused.json?.code).toBe(TradeCode.coinNotInMarginAccount);
    // The cross account is apart: empty.
    expect((await trader.margin({})).assets).toBe('0');
    expect((await trader.margin({ symbol: 'BTCUSDT' })).assets).toBe('500');
  });

  it('answers each refusal with its code and leaves the accounts as they were', async () => {
    const trader = await fundedBorrower('100');
    await trader.change(TradingPath.marginBorrow, { coin: 'USDT', amount: '500' });
    const before = {
      margin: await trader.margin({}),
      spot: await trader.spot(),
      records: await trader.records(),
    };

    const cases: [string, unknown, number, string][] = [
      [
        TradingPath.marginTransfer,
        { direction: 'in', coin: 'USDT', amount: '1' },
        409,
        TradeCode.insufficientBalance,
      ],
      [
        TradingPath.marginTransfer,
        { direction: 'out', coin: 'USDT', amount: '601' },
        409,
        TradeCode.insufficientBalance,
      ],
      // 600 held against 500 owed is 1.2 already: any transfer out goes under the 1.3 call.
      [
        TradingPath.marginTransfer,
        { direction: 'out', coin: 'USDT', amount: '1' },
        400,
        TradeCode.transferBreachesRisk,
      ],
      [TradingPath.marginBorrow, { coin: 'USDT', amount: '401' }, 400, TradeCode.overBorrow],
      [
        TradingPath.marginRepay,
        { coin: 'USDT', amount: '500.01' },
        400,
        TradeCode.repayMoreThanOwed,
      ],
      [TradingPath.marginRepay, { coin: 'BTC', amount: '1' }, 400, TradeCode.repayMoreThanOwed],
      [
        TradingPath.marginBorrow,
        { symbol: 'XYZUSDT', coin: 'USDT', amount: '1' },
        400,
        TradeCode.unknownSymbol,
      ],
    ];
    for (const [path, body, status, code] of cases) {
      const reply = await trader.send(path, body);
      expect([reply.status, reply.json?.code], `${path} ${JSON.stringify(body)}`).toEqual([
        status,
        code,
      ]);
    }
    const after = {
      margin: await trader.margin({}),
      spot: await trader.spot(),
      records: await trader.records(),
    };
    expect(after.spot).toEqual(before.spot);
    expect(after.records).toEqual(before.records);
    expect(
      after.margin.holdings.map(({ coin, available, borrowed, interest }) => [
        coin,
        available,
        borrowed,
        interest,
      ]),
    ).toEqual(
      before.margin.holdings.map(({ coin, available, borrowed, interest }) => [
        coin,
        available,
        borrowed,
        interest,
      ]),
    );
  });

  it.each([
    [{ direction: 'in', coin: 'USDT', amount: '0' }, 'amount'],
    [{ direction: 'in', coin: 'USDT', amount: '-1' }, 'amount'],
    [{ direction: 'in', coin: 'USDT', amount: '1e3' }, 'amount'],
    [{ direction: 'sideways', coin: 'USDT', amount: '1' }, 'direction'],
    [{ direction: 'in', coin: 'usdt', amount: '1' }, 'coin'],
    [{ direction: 'in', coin: 'USDT', amount: '1', extra: true }, 'extra'],
  ])('refuses the malformed transfer %j with a 400 naming %s', async (body, field) => {
    const trader = await newBorrower();
    const reply = await trader.send(TradingPath.marginTransfer, body);
    expect(reply.status).toBe(400);
    expect(String(reply.json?.msg)).toContain(field);
  });

  it('keeps the paper account apart, starting from its paper USDT', async () => {
    const trader = await newBorrower(true);
    const account = await trader.change(TradingPath.marginTransfer, {
      direction: 'in',
      coin: 'USDT',
      amount: '2500',
    });
    expect(account.assets).toBe('2500');
    expect(await trader.spot()).toEqual([{ coin: 'USDT', available: '97500', frozen: '0' }]);
  });
});

describe('margin market orders over HTTP', () => {
  it('buys with leverage by borrowing what it lacks, then sells and repays with the proceeds', async () => {
    const trader = await fundedBorrower('1000');

    // About 3 250 USDT of BTC on 1 000 of equity.
    const bought = await trader.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      size: '0.05',
      sideEffect: 'autoBorrow',
    });
    const cost = new Dec(bought.order.price).times('0.05');
    const lacked = cost.plus(bought.order.fee).minus(1000);
    expect(bought.order).toMatchObject({
      mode: 'cross',
      side: 'buy',
      size: '0.05',
      loanCoin: 'USDT',
      repaid: '0',
    });
    expect(bought.order.fee).toBe(cost.times('0.001').toFixed());
    expect(bought.order.borrowed).toBe(lacked.toFixed());
    expect(holding(bought.margin, 'USDT')).toMatchObject({
      available: '0',
      borrowed: lacked.toFixed(),
    });
    expect(holding(bought.margin, 'BTC').available).toBe('0.05');
    // Leveraged: the risk ratio is the BTC held over the USDT owed.
    expect(Number(bought.margin.riskRatio)).toBeGreaterThan(1.3);
    expect(Number(bought.margin.riskRatio)).toBeLessThan(1.5);

    const sold = await trader.order({
      symbol: 'BTCUSDT',
      side: 'sell',
      size: '0.05',
      sideEffect: 'autoRepay',
    });
    const proceeds = new Dec(sold.order.price).times('0.05').times('0.999');
    const repaid = proceeds.lt(lacked) ? proceeds : lacked;
    expect(sold.order).toMatchObject({ loanCoin: 'USDT', borrowed: '0', repaid: repaid.toFixed() });
    expect(holding(sold.margin, 'USDT')).toMatchObject({
      available: proceeds.minus(repaid).toFixed(),
      borrowed: lacked.minus(repaid).toFixed(),
    });

    expect((await trader.orders()).map((order) => [order.side, order.sideEffect])).toEqual([
      ['sell', 'autoRepay'],
      ['buy', 'autoBorrow'],
    ]);
    expect((await trader.records()).map((record) => record.kind).slice(0, 2)).toEqual([
      'repay',
      'borrow',
    ]);
  });

  it("trades in a pair's isolated account apart from the cross one", async () => {
    const trader = await newBorrower(true);
    await trader.change(TradingPath.marginTransfer, {
      direction: 'in',
      symbol: 'ETHUSDT',
      coin: 'USDT',
      amount: '500',
    });
    const { order, margin } = await trader.order({
      symbol: 'ETHUSDT',
      mode: 'isolated',
      side: 'buy',
      size: '0.1',
    });
    expect(order).toMatchObject({ mode: 'isolated', borrowed: '0', loanCoin: null });
    expect(margin.symbol).toBe('ETHUSDT');
    expect(holding(margin, 'ETH').available).toBe('0.1');
    expect((await trader.margin({})).assets).toBe('0');
  });

  it('refuses an order it cannot pay for, or a loan past the collateral, and changes nothing', async () => {
    const trader = await fundedBorrower('100');
    const before = { margin: await trader.margin({}), records: await trader.records() };
    const cases: [unknown, number, string][] = [
      [{ symbol: 'BTCUSDT', side: 'buy', size: '0.01' }, 409, TradeCode.insufficientBalance],
      // About 6 500 USDT on 100 of equity: past the 900 the collateral allows.
      [
        { symbol: 'BTCUSDT', side: 'buy', size: '0.1', sideEffect: 'autoBorrow' },
        400,
        TradeCode.overBorrow,
      ],
      [{ symbol: 'BTCUSDT', side: 'sell', size: '0.001' }, 409, TradeCode.insufficientBalance],
      [{ symbol: 'BTCUSDT', side: 'buy', size: '0.00001' }, 400, TradeCode.sizeBelowMinimum],
      [{ symbol: 'XYZUSDT', side: 'buy', size: '1' }, 400, TradeCode.unknownSymbol],
    ];
    for (const [body, status, code] of cases) {
      const reply = await trader.send(TradingPath.marginPlaceOrder, body);
      expect([reply.status, reply.json?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await trader.orders()).toEqual([]);
    expect(await trader.records()).toEqual(before.records);
    expect((await trader.margin({})).holdings).toEqual(
      before.margin.holdings.map((entry) => ({
        ...entry,
        price: expect.any(String),
        maxBorrowable: expect.any(String),
      })),
    );
  });
});

describe('margin accounts, order detail and record lists over HTTP', () => {
  it('lists the cross account first, then each isolated pair, each as it stands', async () => {
    const trader = await newBorrower(true);
    const empty = marginAccountsReplySchema.parse(await trader.ok(TradingPath.marginAccounts));
    expect(empty.accounts.map((account) => [account.symbol, account.assets])).toEqual([
      [null, '0'],
    ]);
    for (const symbol of ['SOLUSDT', 'ETHUSDT']) {
      await trader.change(TradingPath.marginTransfer, {
        direction: 'in',
        symbol,
        coin: 'USDT',
        amount: '100',
      });
    }
    await trader.change(TradingPath.marginTransfer, {
      direction: 'in',
      coin: 'USDT',
      amount: '50',
    });
    const { accounts } = marginAccountsReplySchema.parse(
      await trader.ok(TradingPath.marginAccounts),
    );
    expect(accounts.map((account) => [account.symbol, account.assets])).toEqual([
      [null, '50'],
      ['ETHUSDT', '100'],
      ['SOLUSDT', '100'],
    ]);
    const refused = await trader.send(TradingPath.marginAccounts, { symbol: 'ETHUSDT' });
    expect([refused.status, refused.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });

  it('answers one margin order to its owner, and pages and filters orders and records', async () => {
    const trader = await fundedBorrower('2000');
    const first = await trader.order({ symbol: 'BTCUSDT', side: 'buy', size: '0.001' });
    const second = await trader.order({ symbol: 'BTCUSDT', side: 'sell', size: '0.001' });
    const detail = marginOrderDetailReplySchema.parse(
      await trader.ok(TradingPath.marginOrderDetail, { orderId: first.order.orderId }),
    );
    expect(detail.order).toEqual(first.order);
    const stranger = await newBorrower();
    for (const [who, orderId] of [
      [stranger, first.order.orderId],
      [trader, 'no-such-order'],
    ] as const) {
      const reply = await who.send(TradingPath.marginOrderDetail, { orderId });
      expect([reply.status, reply.json?.code]).toEqual([404, TradeCode.orderNotFound]);
    }

    const ids = (orders: { orderId: string }[]) => orders.map((order) => order.orderId);
    const newestFirst = ids(
      [first.order, second.order].sort(
        (a, b) => b.time - a.time || a.orderId.localeCompare(b.orderId),
      ),
    );
    expect(ids(await trader.orders())).toEqual(newestFirst);
    expect(ids(await trader.orders({ side: 'sell' }))).toEqual([second.order.orderId]);
    expect(ids(await trader.orders({ limit: 1, offset: 1 }))).toEqual([newestFirst[1]]);
    expect(await trader.orders({ to: first.order.time - 1 })).toEqual([]);

    await trader.change(TradingPath.marginBorrow, { coin: 'USDT', amount: '10' });
    const records = await trader.records();
    expect(records.map((record) => record.kind)).toEqual(['borrow', 'transferIn']);
    expect((await trader.records({ offset: 1 })).map((record) => record.kind)).toEqual([
      'transferIn',
    ]);
    const borrowTime = records[0]!.time;
    expect((await trader.records({ from: borrowTime })).map((record) => record.kind)).toEqual([
      'borrow',
    ]);
    const refused = await trader.send(TradingPath.marginRecords, { from: borrowTime, to: 0 });
    expect([refused.status, refused.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    expect(String(refused.json?.msg)).toContain('from');
  });
});

describe('margin limit orders over HTTP', () => {
  it('rests a limit buy under the book holding its funds, and cancels it releasing them', async () => {
    const trader = await fundedBorrower('1000');
    const { order, margin } = await trader.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000',
      size: '0.01',
    });
    // 10 USDT and its 0.1 % fee held: still the trader's, so the assets are unchanged.
    expect(order).toMatchObject({ type: 'limit', status: 'open', price: '1000', fee: '0' });
    expect(holding(margin, 'USDT')).toMatchObject({ available: '989.99', frozen: '10.01' });
    expect(margin.assets).toBe('1000');
    expect(await trader.orders()).toEqual([order]);
    expect(await trader.orders({ type: 'limit', status: 'open' })).toEqual([order]);
    expect(await trader.orders({ type: 'market' })).toEqual([]);
    expect(await trader.orders({ status: 'filled' })).toEqual([]);
    const moveOut = await trader.send(TradingPath.marginTransfer, {
      direction: 'out',
      coin: 'USDT',
      amount: '1000',
    });
    expect([moveOut.status, moveOut.json?.code]).toEqual([409, TradeCode.insufficientBalance]);

    const cancelled = marginOrderReplySchema.parse(
      await trader.ok(TradingPath.marginCancelOrder, { orderId: order.orderId }),
    );
    expect(cancelled.order).toMatchObject({ orderId: order.orderId, status: 'cancelled' });
    expect(holding(cancelled.margin, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
    const again = await trader.send(TradingPath.marginCancelOrder, { orderId: order.orderId });
    expect([again.status, again.json?.code]).toEqual([409, TradeCode.orderNotOpen]);
    const stranger = await newBorrower();
    const foreign = await stranger.send(TradingPath.marginCancelOrder, { orderId: order.orderId });
    expect([foreign.status, foreign.json?.code]).toEqual([404, TradeCode.orderNotFound]);
  });

  it('fills a limit order through the book at once, at its limit', async () => {
    const trader = await fundedBorrower('2000');
    const { order, margin } = await trader.order({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '999999',
      size: '0.001',
    });
    expect(order).toMatchObject({ status: 'filled', price: '999999', fee: '0.999999' });
    expect(holding(margin, 'BTC')).toMatchObject({ available: '0.001', frozen: '0' });
  });

  it('refuses a limit order without a price, off the tick, or past what it can pay', async () => {
    const trader = await fundedBorrower('100');
    const cases: [unknown, number, string][] = [
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', size: '0.01' },
        400,
        TradeCode.priceNotAllowed,
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'market', price: '1000', size: '0.01' },
        400,
        TradeCode.priceNotAllowed,
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000.05', size: '0.01' },
        400,
        TradeCode.priceOffTick,
      ],
      [
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', size: '1' },
        409,
        TradeCode.insufficientBalance,
      ],
    ];
    for (const [body, status, code] of cases) {
      const reply = await trader.send(TradingPath.marginPlaceOrder, body);
      expect([reply.status, reply.json?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await trader.orders()).toEqual([]);
    expect(holding(await trader.margin({}), 'USDT')).toMatchObject({
      available: '100',
      frozen: '0',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The engine on its own clock: hours of interest and a liquidation by the market's own moves.

const HOUR_MS = 3_600_000;
// A short cycle: the price swings about 2 % in 10 s, enough to reach a liquidation.
const CYCLE_MS = 10_000;
const START = Date.UTC(2026, 0, 5, 12, 0, 0);

describe('margin engine', () => {
  let db: Database;
  let clock = START;
  const market = new SimulatedMarket(CYCLE_MS, () => clock);
  const engineWith = (config: MarginConfig) => new MarginEngine(db, market, config, () => clock);
  const DEFAULTS = DEFAULT_MARKET_CONFIG.margin;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  async function newUser(balances: { coin: string; available: string }[]) {
    const userId = `margin-${Math.random().toString(36).slice(2)}`;
    await db.query(
      `INSERT INTO users (user_id, login_name, user_name, password_hash) VALUES ($1, $1, $1, 'x')`,
      [userId],
    );
    await setBalances(
      db,
      userId,
      balances.map((balance) => ({ ...balance, frozen: '0' })),
    );
    return { userId, account: 'real' as const };
  }

  it('charges every whole hour once on the principal, whichever engine charges it', async () => {
    clock = START + 10 * 60_000;
    const ref = await newUser([{ coin: 'USDT', available: '1000' }]);
    const first = engineWith(DEFAULTS);
    const second = engineWith(DEFAULTS);
    await first.transfer(ref, { direction: 'in', coin: 'USDT', amount: '1000' });
    await first.borrow(ref, { coin: 'USDT', amount: '2000' });
    // Within the hour: nothing yet.
    clock = START + 50 * 60_000;
    expect(holding(await first.account(ref, undefined), 'USDT').interest).toBe('0');
    // Three hours later, read by both engines: charged once, 3 × 2 000 × 0.000005.
    clock = START + 3 * HOUR_MS + 5 * 60_000;
    await Promise.all([first.settle(), second.account(ref, undefined)]);
    const account = await first.account(ref, undefined);
    expect(holding(account, 'USDT')).toMatchObject({ borrowed: '2000', interest: '0.03' });
    expect(account.debt).toBe('2000.03');
    const charges = (await first.records(ref, { kind: 'interest', limit: 10, offset: 0 })).map(
      (record) => [record.amount, record.detail],
    );
    expect(charges).toEqual([['0.03', '3h at 0.000005']]);
    // A repayment pays the interest first.
    const repaid = await first.repay(ref, { coin: 'USDT', amount: '1000.01' });
    expect(holding(repaid, 'USDT')).toMatchObject({
      borrowed: '1000.02',
      interest: '0',
      available: '1999.99',
    });
  });

  it('fills a resting limit order once the price reaches its limit, whichever engine settles it', async () => {
    const engine = engineWith(DEFAULTS);
    const other = engineWith(DEFAULTS);
    // A second after which the BTC price falls 0.5 % or more within a minute.
    let start = START + 9 * HOUR_MS;
    const dropAfter = (from: number) => {
      const at = market.price(BTC, Math.floor(from / 1000));
      for (let s = 1; s <= 60; s += 1) {
        const later = from + s * 1000;
        if (market.price(BTC, Math.floor(later / 1000)).lte(at.times('0.995'))) return later;
      }
      return undefined;
    };
    let reached = dropAfter(start);
    while (reached === undefined) reached = dropAfter((start += 1000));
    clock = start;
    const ref = await newUser([{ coin: 'USDT', available: '1000' }]);
    await engine.transfer(ref, { direction: 'in', coin: 'USDT', amount: '1000' });
    const limit = market
      .price(BTC, Math.floor(start / 1000))
      .times('0.996')
      .round(1, 0);
    const placed = await engine.placeOrder(ref, {
      symbol: 'BTCUSDT',
      mode: 'cross',
      side: 'buy',
      type: 'limit',
      price: limit.toFixed(),
      size: '0.01',
      sideEffect: 'none',
    });
    expect(placed.order.status).toBe('open');
    const hold = limit.times('0.01').times('1.001');
    expect(holding(placed.margin, 'USDT').frozen).toBe(hold.toFixed());

    clock = reached;
    await Promise.all([engine.settle(), other.settle()]);
    const filled = await engine.order(ref, placed.order.orderId);
    expect(filled).toMatchObject({
      status: 'filled',
      price: limit.toFixed(),
      fee: limit.times('0.01').times('0.001').toFixed(),
    });
    const account = await engine.account(ref, undefined);
    expect(holding(account, 'BTC')).toMatchObject({ available: '0.01', frozen: '0' });
    expect(holding(account, 'USDT')).toMatchObject({
      available: new Dec(1000).minus(hold).toFixed(),
      frozen: '0',
    });
  });

  it('liquidates an account the market takes to the liquidation ratio, and records it', async () => {
    // Thresholds near the account's own ratio, so a move of the simulated price reaches them.
    const config: MarginConfig = { ...DEFAULTS, marginCall: '1.6', liquidation: '1.495' };
    const engine = engineWith(config);
    // A second where the BTC price will have fallen 1.5 % or more within the next 30 s.
    let start = START + 6 * HOUR_MS;
    const fallAfter = (from: number) => {
      const at = market.price(BTC, Math.floor(from / 1000));
      for (let s = 1; s <= 30; s += 1) {
        const later = from + s * 1000;
        if (market.price(BTC, Math.floor(later / 1000)).lte(at.times('0.985'))) return later;
      }
      return undefined;
    };
    let fallen = fallAfter(start);
    while (fallen === undefined) fallen = fallAfter((start += 1000));
    clock = start;
    const ref = await newUser([{ coin: 'BTC', available: '0.1' }]);
    await engine.transfer(ref, { direction: 'in', coin: 'BTC', amount: '0.1' });
    const value = market.price(BTC, Math.floor(start / 1000)).times('0.1');
    // Twice the collateral's value borrowed: a risk ratio of 1.5, above 1.495.
    const loan = value.times(2).round(2, 0).toFixed();
    const borrowed = await engine.borrow(ref, { coin: 'USDT', amount: loan });
    expect(borrowed.level).toBe('marginCall');
    expect(Number(borrowed.riskRatio)).toBeGreaterThan(1.495);
    // A limit buy far under the market rests, holding some of the loan.
    const resting = await engine.placeOrder(ref, {
      symbol: 'BTCUSDT',
      mode: 'cross',
      side: 'buy',
      type: 'limit',
      price: '1000',
      size: '0.01',
      sideEffect: 'none',
    });
    expect(resting.order.status).toBe('open');

    clock = fallen;
    await engine.settle();
    const after = await engine.account(ref, undefined);
    expect(after.debt).toBe('0');
    expect(holding(after, 'BTC').available).toBe('0');
    const [record] = await engine.records(ref, { kind: 'liquidation', limit: 10, offset: 0 });
    expect(record?.detail).toMatch(
      /^risk ratio 1\.4\d+; cancelled 1 open orders; sold 0\.1 BTC at \d+(\.\d+)?; repaid \d+(\.\d+)? USDT$/,
    );
    expect(await engine.order(ref, resting.order.orderId)).toMatchObject({ status: 'cancelled' });
    expect(holding(after, 'USDT').frozen).toBe('0');
    // The collateral's sale, less its fee, paid the loan; the rest is kept.
    const bid = new Dec(record!.detail!.match(/at ([\d.]+)/)![1]!);
    const proceeds = bid.times('0.1').times('0.999');
    expect(holding(after, 'USDT').available).toBe(proceeds.toFixed());
  });
});
