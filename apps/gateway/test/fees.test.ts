import { GatewayCode } from '@exchange-web/protocol/codes';
import { FeePath } from '@exchange-web/protocol/fees';
import { feeLevelReplySchema, feeScheduleReplySchema } from '@exchange-web/protocol/fees-schemas';
import { findMarketSymbol, TradingPath } from '@exchange-web/protocol/trading';
import {
  balancesReplySchema,
  fillsReplySchema,
  marginOrderReplySchema,
  orderReplySchema,
  positionReplySchema,
} from '@exchange-web/protocol/trading-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBalances } from '../src/assets/balances';
import type { Database } from '../src/db/database';
import { FeeLevels, utcDay } from '../src/fees/levels';
import { Dec } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import type { RunningGateway } from '../src/server';
import { TradingEngine } from '../src/trading/engine';
import { call, startTestGateway } from './support';
import { accountCalls, registerTrader } from './traders';
import { openTestDatabase } from './test-database';
import { insertFundedUser } from './traders';

const DAY_MS = 86_400_000;
const CYCLE_MS = 60_000;
const BTC = findMarketSymbol('BTCUSDT')!;

let gateway: RunningGateway;
beforeAll(async () => {
  // No settle timer: this file runs each day's pass itself, at the day it names.
  gateway = await startTestGateway({ marketCycleMs: CYCLE_MS, tradingSettleIntervalMs: 0 });
});
afterAll(async () => {
  await gateway.stop();
});

/** The daily pass as a gateway runs it on the UTC day `days` from now. */
const passOn = (days: number) =>
  new FeeLevels(
    gateway.db,
    new SimulatedMarket(CYCLE_MS),
    () => Date.now() + days * DAY_MS,
  ).recomputeDue();

async function newTrader() {
  const { client, userId } = await registerTrader(gateway, 'fees');
  const account = (paper: boolean) => {
    const { send, ok } = accountCalls(client, paper);
    return {
      send,
      ok,
      level: async () => feeLevelReplySchema.parse(await ok(FeePath.level)).level,
      /** A spot market buy of BTC. */
      buy: async (size: string) =>
        orderReplySchema.parse(
          await ok(TradingPath.placeOrder, {
            symbol: 'BTCUSDT',
            side: 'buy',
            type: 'market',
            size,
          }),
        ).order,
      /** A BTC position opened, then its close. */
      open: async (side: 'long' | 'short', leverage: number, size: string) =>
        positionReplySchema.parse(
          await ok(TradingPath.openPosition, { symbol: 'BTCUSDT', side, leverage, size }),
        ).position,
      close: async (positionId: string) =>
        positionReplySchema.parse(await ok(TradingPath.closePosition, { positionId })).position,
      /** `usdt` into the cross margin account, then a market buy of BTC there. */
      marginBuy: async (usdt: string, size: string) => {
        await ok(TradingPath.marginTransfer, { direction: 'in', coin: 'USDT', amount: usdt });
        const body = { mode: 'cross', symbol: 'BTCUSDT', side: 'buy', type: 'market', size };
        return marginOrderReplySchema.parse(await ok(TradingPath.marginPlaceOrder, body)).order;
      },
      usdt: async () => {
        const { balances } = balancesReplySchema.parse(await ok(TradingPath.balances));
        return new Dec(balances.find((b) => b.coin === 'USDT')?.available ?? '0');
      },
    };
  };
  return { userId, paper: account(true), real: account(false) };
}

describe('fee schedule', () => {
  it('is served from the database: six levels, each with maker and taker rates per product', async () => {
    const reply = await call(gateway, 'GET', FeePath.schedule);
    expect(reply.status).toBe(200);
    const schedule = feeScheduleReplySchema.parse(reply.json?.data);
    expect(schedule.products).toEqual(['spot', 'margin', 'futures']);
    expect(schedule.volumeDays).toBe(30);
    expect(schedule.levels.map((level) => level.level)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(schedule.levels[0]).toEqual({
      level: 0,
      minVolumeUsdt: '0',
      minAssetsUsdt: '0',
      rates: {
        spot: { maker: '0.001', taker: '0.001' },
        margin: { maker: '0.001', taker: '0.001' },
        futures: { maker: '0.001', taker: '0.001' },
      },
    });
    expect(schedule.levels[5]?.rates.futures).toEqual({ maker: '0', taker: '0.0003' });
    // Each level asks more and charges no more than the one below it.
    for (const [index, level] of schedule.levels.entries()) {
      const below = schedule.levels[index - 1];
      if (!below) continue;
      expect(new Dec(level.minVolumeUsdt).gt(below.minVolumeUsdt)).toBe(true);
      for (const product of schedule.products) {
        expect(new Dec(level.rates[product].taker).lte(below.rates[product].taker)).toBe(true);
        expect(new Dec(level.rates[product].maker).lte(level.rates[product].taker)).toBe(true);
      }
    }
  });

  it('refuses a query it does not take, and the level to a visitor not signed in', async () => {
    const query = await call(gateway, 'GET', `${FeePath.schedule}?level=1`);
    expect([query.status, query.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    const stranger = await call(gateway, 'POST', FeePath.level, '{}');
    expect(stranger.status).toBe(401);
    const trader = await newTrader();
    const extra = await trader.paper.send(FeePath.level, { level: 5 });
    expect([extra.status, extra.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });
});

describe('VIP levels', () => {
  it('starts an account at level 0 with its assets, and shows what the next level needs', async () => {
    const trader = await newTrader();
    const level = await trader.paper.level();
    expect(level).toMatchObject({
      account: 'paper',
      level: 0,
      volume30d: '0',
      assetsUsdt: '100000',
      rates: { spot: { maker: '0.001', taker: '0.001' } },
      next: {
        level: 1,
        minVolumeUsdt: '1000000',
        minAssetsUsdt: '500000',
        volumeNeeded: '1000000',
        assetsNeeded: '400000',
        progress: '0.2',
      },
    });
    expect(utcDay(level.computedAt)).toBe(utcDay(Date.now()));
    // The real account is its own: empty, level 0.
    expect(await trader.real.level()).toMatchObject({ account: 'real', assetsUsdt: '0' });
  });

  it('sums 30 days of spot, margin and futures volume, and lets older trades fall out', async () => {
    const trader = await newTrader();
    const buy = await trader.paper.buy('0.1');
    const opened = await trader.paper.open('long', 5, '0.05');
    const closed = await trader.paper.close(opened.positionId);
    const margin = await trader.paper.marginBuy('5000', '0.02');
    const expected = new Dec(buy.averagePrice!)
      .times('0.1')
      .plus(new Dec(opened.entryPrice).times('0.05'))
      .plus(new Dec(closed.markPrice).times('0.05'))
      .plus(new Dec(margin.price).times('0.02'));

    await passOn(1);
    // Tomorrow's level is read today as it is: a later day is never taken back.
    const tomorrow = await trader.paper.level();
    expect(tomorrow.volume30d).toBe(expected.toFixed());
    expect(utcDay(tomorrow.computedAt)).toBe(utcDay(Date.now() + DAY_MS));

    await passOn(31);
    expect((await trader.paper.level()).volume30d).toBe('0');
  });

  it('is recomputed by the next day’s pass, and the engines charge the new rates on every fill', async () => {
    const trader = await newTrader();
    expect((await trader.paper.level()).level).toBe(0);
    // The schedule is the database's: lower level 2's assets threshold under this account's.
    await gateway.db.query(
      `UPDATE vip_levels SET min_assets_usdt = 50000 + level WHERE level IN (1, 2)`,
    );
    try {
      // Today's level stands until the day's pass.
      expect((await trader.paper.level()).level).toBe(0);
      expect(await passOn(1)).toBeGreaterThan(0);
      const level = await trader.paper.level();
      expect(level.level).toBe(2);
      expect(level.rates).toEqual({
        spot: { maker: '0.0008', taker: '0.0009' },
        margin: { maker: '0.0008', taker: '0.0009' },
        futures: { maker: '0.0006', taker: '0.0008' },
      });

      // Spot, taken at once: the taker rate, in the fill, the order's balance and the record.
      const before = await trader.paper.usdt();
      const order = await trader.paper.buy('0.1');
      const notional = new Dec(order.averagePrice!).times('0.1');
      const { fills } = fillsReplySchema.parse(
        await trader.paper.ok(TradingPath.fills, { orderId: order.orderId }),
      );
      expect(fills).toHaveLength(1);
      expect(fills[0]).toMatchObject({
        fee: notional.times('0.0009').toFixed(),
        liquidity: 'taker',
      });
      expect((await trader.paper.usdt()).toFixed()).toBe(
        before.minus(notional.times('1.0009')).toFixed(),
      );

      // Futures: the opening fee is kept on the position, the closing one is in its result.
      const opened = await trader.paper.open('short', 10, '0.05');
      expect(opened.openFee).toBe(
        new Dec(opened.entryPrice).times('0.05').times('0.0008').toFixed(),
      );
      const closed = await trader.paper.close(opened.positionId);
      const mark = new Dec(closed.markPrice);
      const pnl = new Dec(opened.entryPrice).minus(mark).times('0.05');
      const closeFee = mark.times('0.05').times('0.0008');
      expect(closed.realizedPnl).toBe(pnl.minus(closeFee).toFixed());

      // Margin: the margin taker rate.
      const marginOrder = await trader.paper.marginBuy('2000', '0.01');
      expect(marginOrder.fee).toBe(
        new Dec(marginOrder.price).times('0.01').times('0.0009').toFixed(),
      );
    } finally {
      await gateway.db.query(
        `UPDATE vip_levels SET min_assets_usdt = CASE level WHEN 1 THEN 500000 ELSE 1000000 END
         WHERE level IN (1, 2)`,
      );
    }
  });
});

describe('maker fills on a fixed clock', () => {
  const START = Date.UTC(2026, 10, 3, 12, 0, 0);
  let db: Database;
  let clock = START;
  const market = new SimulatedMarket(CYCLE_MS, () => clock);

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const newUser = (usdt: string) => insertFundedUser(db, 'fees', usdt);

  /** The first second after `from` whose low is at or under `price`. */
  function secondReaching(from: number, price: Dec): number {
    for (let s = from + 1; s < from + CYCLE_MS / 1000; s += 1) {
      const range = market.range(BTC, s, s);
      if (range && range.low.lte(price)) return s;
    }
    throw new Error('the price never reaches the limit within a cycle');
  }

  it('holds a resting buy at the maker rate it was placed with, and charges exactly that', async () => {
    const trading = new TradingEngine(db, market, () => clock);
    const levels = new FeeLevels(db, market, () => clock);
    // Assets over level 3's threshold: a level-3 account.
    const ref = await newUser('3000000');
    await levels.recomputeDue();
    expect((await levels.levelOf(ref)).level).toBe(3);

    const second = market.nowSecond();
    const limit = market.bestAsk(BTC, second).times('0.99').round(1, Dec.roundDown);
    const order = await trading.placeOrder(ref, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: limit.toFixed(),
      size: '1',
    });
    expect(order.status).toBe('open');
    const held = await db.query<{ frozen: string }>(
      `SELECT frozen::text AS frozen FROM balances WHERE user_id = $1 AND coin_name = 'USDT'`,
      [ref.userId],
    );
    expect(new Dec(held[0]!.frozen).toFixed()).toBe(limit.times('1.0006').toFixed());

    // The next day the account falls to level 0; the order keeps the rate it was placed with.
    await setBalances(db, ref.userId, [{ coin: 'USDT', available: '0', frozen: held[0]!.frozen }]);
    clock = START + DAY_MS;
    await levels.recomputeDue();
    expect((await levels.levelOf(ref)).level).toBe(0);
    clock =
      START + DAY_MS + (secondReaching(market.nowSecond(), limit) - market.nowSecond()) * 1000;
    await trading.settle(ref);
    const { order: filled, fills } = await trading.orderDetail(ref, order.orderId);
    expect(filled.status).toBe('filled');
    expect(fills[0]).toMatchObject({
      fee: limit.times('0.0006').toFixed(),
      liquidity: 'maker',
    });
    const after = await trading.balances(ref);
    expect(after.balances.find((b) => b.coin === 'USDT')).toMatchObject({
      available: '0',
      frozen: '0',
    });
    expect(after.balances.find((b) => b.coin === 'BTC')?.available).toBe('1');
  });
});
