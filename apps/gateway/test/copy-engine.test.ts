import { findMarketSymbol } from '@exchange-web/protocol/trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_CONFIG } from '../src/config';
import type { Database } from '../src/db/database';
import { Dec } from '../src/market/decimal';
import { SimulatedMarket } from '../src/market/price-model';
import { CopyEngine } from '../src/trading/copy';
import { TradingEngine, type AccountRef } from '../src/trading/engine';
import { openTestDatabase } from './test-database';
import { insertFundedUser } from './traders';

const BTC = findMarketSymbol('BTCUSDT')!;
const CYCLE_MS = 60_000;
const START = Date.UTC(2026, 10, 3, 12, 0, 0);

let db: Database;
let clock = START;
const market = new SimulatedMarket(CYCLE_MS, () => clock);
const newEngines = () => {
  const trading = new TradingEngine(db, market, () => clock);
  const copy = new CopyEngine(
    db,
    trading,
    { ...DEFAULT_MARKET_CONFIG.copy, statsCacheMs: 0, positionDelayMs: 0 },
    () => clock,
  );
  return { trading, copy };
};

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const newUser = (usdt: string) => insertFundedUser(db, 'copy', usdt);

const usdtOf = async (ref: AccountRef) => {
  const [row] = await db.query<{ available: string }>(
    `SELECT available::text AS available FROM balances WHERE user_id = $1 AND coin_name = 'USDT'`,
    [ref.userId],
  );
  return new Dec(row?.available ?? '0');
};

/** A second where the bid stands more than 1 % over the ask of `from`: a sure profit. */
function risingSecond(from: number): number {
  const ask = market.bestAsk(BTC, from);
  for (let s = from + 1; s < from + CYCLE_MS / 1000; s += 1) {
    if (market.bestBid(BTC, s).gt(ask.times('1.01'))) return s;
  }
  throw new Error('the cycle never rises 1 % after this second');
}

/** The lowest second of the cycle after `from`. */
function troughSecond(from: number): number {
  let best = from;
  for (let s = from; s < from + CYCLE_MS / 1000; s += 1) {
    if (market.price(BTC, s).lt(market.price(BTC, best))) best = s;
  }
  return best;
}

describe('copy engine on a fixed clock', () => {
  it('pays the exact share of a profit to the lead and stops at take-profit', async () => {
    const { trading, copy } = newEngines();
    const leadRef = await newUser('10000');
    const lead = await copy.apply(leadRef, {
      nickname: 'Sure Thing',
      description: '',
      markets: ['spot'],
      profitShare: '0.25',
    });
    const followerRef = await newUser('2000');
    await copy.follow(followerRef, {
      leadId: lead.leadId,
      amountMode: 'fixed',
      amount: '1000',
      pairCaps: {},
      takeProfit: '1',
    });
    const buyAt = troughSecond(Math.floor(START / 1000));
    clock = buyAt * 1000;
    await trading.placeOrder(leadRef, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      size: '0.1',
    });
    await copy.processSignals();
    clock = risingSecond(buyAt) * 1000;
    const leadBefore = await usdtOf(leadRef);
    const sold = await trading.placeOrder(leadRef, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      size: '0.1',
    });
    await copy.processSignals();
    const [sell] = await copy.trades(followerRef, { offset: 0, limit: 1 });
    const realised = new Dec(sell!.realizedPnl!);

    // A 1 % rise on 1000 USDT, less the spread and two fees.
    expect(realised.gt(5)).toBe(true);
    const share = realised.times('0.25').round(8, Dec.roundDown);
    expect(sell!.shared).toBe(share.toFixed());
    const proceeds = new Dec(sold.averagePrice!).times('0.1');
    expect((await usdtOf(leadRef)).toFixed()).toBe(
      leadBefore.plus(proceeds).minus(proceeds.times('0.001')).plus(share).toFixed(),
    );
    const [follow] = await copy.follows(followerRef, undefined);
    expect(follow).toMatchObject({
      status: 'stopped',
      stopReason: 'takeProfit',
      realizedPnl: realised.minus(share).toFixed(),
      sharedProfit: share.toFixed(),
    });
    const leading = await copy.leading(leadRef);
    expect(leading.shares.map((entry) => entry.shared)).toEqual([share.toFixed()]);
    expect(leading.lead?.stats[0]).toMatchObject({ period: 7, trades: 1, winRate: '1' });
  });

  it("sells the part of a follower's copied coins that the lead sold of theirs", async () => {
    const { trading, copy } = newEngines();
    const leadRef = await newUser('10000');
    const lead = await copy.apply(leadRef, {
      nickname: 'Halves',
      description: '',
      markets: ['spot'],
      profitShare: '0',
    });
    const followerRef = await newUser('2000');
    await copy.follow(followerRef, {
      leadId: lead.leadId,
      amountMode: 'fixed',
      amount: '650',
      pairCaps: {},
    });
    const order = (side: 'buy' | 'sell', size: string) =>
      trading.placeOrder(leadRef, { symbol: 'BTCUSDT', side, type: 'market', size });
    await order('buy', '0.08');
    await copy.processSignals();
    const [bought] = await copy.trades(followerRef, { offset: 0, limit: 1 });
    const held = new Dec(bought!.size!);
    clock += 1000;
    // A quarter of the lead's coins, then the rest: the copy follows in the same parts.
    await order('sell', '0.02');
    await copy.processSignals();
    const [quarter] = await copy.trades(followerRef, { offset: 0, limit: 1 });
    expect(quarter).toMatchObject({ side: 'sell', status: 'copied' });
    expect(quarter!.size).toBe(held.div(4).round(4, Dec.roundDown).toFixed());
    clock += 1000;
    await order('sell', '0.06');
    await copy.processSignals();
    const [rest] = await copy.trades(followerRef, { offset: 0, limit: 1 });
    expect(rest!.size).toBe(held.minus(quarter!.size!).toFixed());
    const [coins] = await db.query<{ available: string }>(
      `SELECT available::text AS available FROM balances WHERE user_id = $1 AND coin_name = 'BTC'`,
      [followerRef.userId],
    );
    expect(new Dec(coins!.available).eq(0)).toBe(true);
  });

  it('copies each lead trade once when several gateways mirror it at the same time', async () => {
    const leadRef = await newUser('10000');
    const first = newEngines();
    const lead = await first.copy.apply(leadRef, {
      nickname: 'Raced',
      description: '',
      markets: ['futures'],
      profitShare: '0',
    });
    const followers = await Promise.all([newUser('500'), newUser('500'), newUser('500')]);
    for (const ref of followers) {
      await first.copy.follow(ref, {
        leadId: lead.leadId,
        amountMode: 'fixed',
        amount: '50',
        pairCaps: {},
      });
    }
    const position = await first.trading.openPosition(leadRef, {
      symbol: 'BTCUSDT',
      side: 'long',
      size: '0.01',
      leverage: 4,
    });
    clock += 5000;
    await first.trading.closePosition(leadRef, position.positionId);
    const gateways = [first, newEngines(), newEngines()];
    await Promise.all(gateways.map((gateway) => gateway.copy.processSignals()));
    for (const ref of followers) {
      const trades = await first.copy.trades(ref, { offset: 0, limit: 10 });
      expect(trades.map((trade) => [trade.kind, trade.status])).toEqual([
        ['close', 'copied'],
        ['open', 'copied'],
      ]);
      const positions = await first.trading.positions(ref, { limit: 10 });
      expect(positions.map((entry) => entry.status)).toEqual(['closed']);
    }
    const pending = await db.query(`SELECT 1 FROM copy_signals WHERE NOT done`);
    expect(pending).toHaveLength(0);
  });
});
