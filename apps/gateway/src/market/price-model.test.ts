import { KLINE_INTERVALS, MARKET_SYMBOLS, type MarketSymbol } from '@exchange-web/protocol/trading';
import { isMultipleOf } from '@exchange-web/protocol/trading-rules';
import { describe, expect, it } from 'vitest';
import { Dec, text } from './decimal';
import {
  MAX_CANDLE_SAMPLES,
  SAMPLES_PER_SLICE,
  sampleSeconds,
  SimulatedMarket,
  TRADES_PER_SECOND,
} from './price-model';

const pair = (symbol: string): MarketSymbol => {
  const found = MARKET_SYMBOLS.find((entry) => entry.symbol === symbol);
  if (!found) throw new Error(symbol);
  return found;
};
const BTC = pair('BTCUSDT');
const DOGE = pair('DOGEUSDT');
const NOW = 1_750_000_000;

describe('SimulatedMarket', () => {
  it('is a pure function of pair, second and cycle', () => {
    const a = new SimulatedMarket(600_000, () => NOW * 1000);
    const b = new SimulatedMarket(600_000, () => 0);
    for (const entry of MARKET_SYMBOLS) {
      expect(a.price(entry, NOW).toFixed()).toBe(b.price(entry, NOW).toFixed());
      expect(a.depth(entry, NOW, 5)).toEqual(b.depth(entry, NOW, 5));
      expect(a.ticker(entry, NOW)).toEqual(b.ticker(entry, NOW));
    }
    const other = new SimulatedMarket(20_000);
    expect(other.price(BTC, NOW + 5).toFixed()).not.toBe(a.price(BTC, NOW + 5).toFixed());
  });

  it('keeps every price a tick multiple within about ±1.3 % of the base', () => {
    const market = new SimulatedMarket(60_000);
    for (const entry of MARKET_SYMBOLS) {
      const range = market.range(entry, NOW, NOW + 120);
      expect(range).toBeDefined();
      const base = new Dec(entry.basePrice);
      expect(range!.low.gt(base.times('0.987'))).toBe(true);
      expect(range!.high.lt(base.times('1.013'))).toBe(true);
      // One cycle swings the price by more than 1.5 %.
      expect(range!.high.minus(range!.low).gt(base.times('0.015'))).toBe(true);
      for (const s of [NOW, NOW + 7, NOW + 61]) {
        expect(isMultipleOf(text(market.price(entry, s)), entry.priceTick)).toBe(true);
      }
    }
  });

  it('quotes a book one level step apart around the mid, best first', () => {
    const market = new SimulatedMarket(600_000);
    const depth = market.depth(DOGE, NOW, 10);
    expect(depth.bids).toHaveLength(10);
    expect(depth.asks).toHaveLength(10);
    const mid = market.price(DOGE, NOW);
    expect(depth.asks[0]![0]).toBe(market.bestAsk(DOGE, NOW).toFixed());
    expect(depth.bids[0]![0]).toBe(market.bestBid(DOGE, NOW).toFixed());
    expect(new Dec(depth.bids[0]![0]).lt(mid)).toBe(true);
    expect(new Dec(depth.asks[0]![0]).gt(mid)).toBe(true);
    for (let i = 1; i < 10; i += 1) {
      expect(new Dec(depth.asks[i]![0]).gt(depth.asks[i - 1]![0])).toBe(true);
      expect(new Dec(depth.bids[i]![0]).lt(depth.bids[i - 1]![0])).toBe(true);
      expect(new Dec(depth.asks[i]![1]).gte(DOGE.minSize)).toBe(true);
      expect(isMultipleOf(depth.asks[i]![1], DOGE.sizeStep)).toBe(true);
    }
  });

  it('answers trades newest first with ids of their second', () => {
    const market = new SimulatedMarket(600_000);
    const trades = market.trades(BTC, NOW, 5);
    expect(trades.map((trade) => trade.id)).toEqual([
      `BTCUSDT-${NOW}-2`,
      `BTCUSDT-${NOW}-1`,
      `BTCUSDT-${NOW}-0`,
      `BTCUSDT-${NOW - 1}-2`,
      `BTCUSDT-${NOW - 1}-1`,
    ]);
    expect(market.lastTrade(BTC, NOW)).toEqual(trades[0]);
    for (const trade of trades) {
      const price = trade.side === 'buy' ? market.bestAsk(BTC, NOW) : market.bestBid(BTC, NOW);
      if (trade.id.startsWith(`BTCUSDT-${NOW}-`)) expect(trade.price).toBe(price.toFixed());
    }
  });

  it('builds candles aligned on the interval, the last one current', () => {
    const market = new SimulatedMarket(600_000);
    for (const interval of Object.keys(KLINE_INTERVALS) as (keyof typeof KLINE_INTERVALS)[]) {
      const length = KLINE_INTERVALS[interval];
      const candles = market.candles(BTC, interval, NOW, 5);
      expect(candles).toHaveLength(5);
      const last = candles[4]!;
      expect(last.time).toBe(Math.floor((NOW * 1000) / length) * length);
      expect(last.close).toBe(market.price(BTC, NOW).toFixed());
      for (let i = 1; i < 5; i += 1) expect(candles[i]!.time - candles[i - 1]!.time).toBe(length);
      for (const candle of candles) {
        const high = new Dec(candle.high);
        const low = new Dec(candle.low);
        expect(high.gte(candle.open) && high.gte(candle.close)).toBe(true);
        expect(low.lte(candle.open) && low.lte(candle.close)).toBe(true);
      }
    }
    // A whole 1m candle is every second: its low and high are the range's.
    const [minute] = market.candles(BTC, '1m', NOW, 3);
    const range = market.range(BTC, minute!.time / 1000, minute!.time / 1000 + 59);
    expect(minute!.low).toBe(range!.low.toFixed());
    expect(minute!.high).toBe(range!.high.toFixed());
  });

  it('answers the ticker: last and mark at the mid, change against 24 h ago', () => {
    const market = new SimulatedMarket(600_000);
    const ticker = market.ticker(BTC, NOW);
    const open = market.price(BTC, NOW - 86_400);
    expect(ticker.last).toBe(market.price(BTC, NOW).toFixed());
    expect(ticker.mark).toBe(ticker.last);
    expect(ticker.open24h).toBe(open.toFixed());
    expect(ticker.change24h).toBe(
      new Dec(ticker.last).minus(open).div(open).round(6, Dec.roundHalfUp).toFixed(),
    );
    expect(new Dec(ticker.high24h).gte(ticker.last)).toBe(true);
    expect(new Dec(ticker.low24h).lte(ticker.last)).toBe(true);
    expect(ticker.time).toBe(NOW * 1000);
  });

  it('makes a candle volume of the trades of its seconds, each a whole number of steps', () => {
    const market = new SimulatedMarket(600_000);
    for (const entry of [BTC, DOGE]) {
      // A whole 1m candle samples every second: its volume is their sum.
      const [minute] = market.candles(entry, '1m', NOW, 2);
      const first = minute!.time / 1000;
      let sum = new Dec(0);
      for (let s = first; s < first + 60; s += 1) {
        const trades = market.tradesAt(entry, s);
        expect(trades).toHaveLength(TRADES_PER_SECOND);
        const traded = trades.reduce((total, trade) => total.plus(trade.size), new Dec(0));
        expect(market.volumeAt(entry, s).toFixed()).toBe(traded.toFixed());
        for (const trade of trades) {
          const size = new Dec(trade.size);
          expect(isMultipleOf(trade.size, entry.sizeStep)).toBe(true);
          expect(size.gte(entry.minSize)).toBe(true);
          // Worth 20 to 5000 USDT, unless the minimum size is worth more.
          expect(size.times(trade.price).lte(5000)).toBe(true);
          if (size.gt(entry.minSize)) {
            expect(size.plus(entry.sizeStep).times(trade.price).gt(20)).toBe(true);
          }
        }
        sum = sum.plus(traded);
      }
      expect(minute!.volume).toBe(sum.toFixed());
    }
  });

  it('keeps a completed candle and makes the current one afresh', () => {
    const market = new SimulatedMarket(600_000);
    const [done, current] = market.candles(BTC, '1m', NOW, 2);
    const [doneAgain, currentAgain] = market.candles(BTC, '1m', NOW, 2);
    expect(doneAgain).toBe(done);
    expect(currentAgain).not.toBe(current);
    expect(currentAgain).toEqual(current);
    // The current candle, once its minute is over, is kept too.
    const end = current!.time / 1000 + 59;
    expect(market.candle(BTC, '1m', current!.time, end)).toBe(
      market.candle(BTC, '1m', current!.time, end),
    );
  });

  it('answers the same candles in slices, pausing between them', async () => {
    const market = new SimulatedMarket(600_000);
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
    };
    const sliced = await market.candlesInSlices(BTC, '1m', NOW, 500, pause);
    expect(sliced).toEqual(new SimulatedMarket(600_000).candles(BTC, '1m', NOW, 500));
    expect(pauses).toBeGreaterThanOrEqual((500 * 60) / SAMPLES_PER_SLICE);
    // Asked again, only the current candle is made: one pause, before it.
    pauses = 0;
    expect(await market.candlesInSlices(BTC, '1m', NOW, 500, pause)).toEqual(sliced);
    expect(pauses).toBe(1);
  });

  it('refuses a pair whose minimum size is off its size step', () => {
    const market = new SimulatedMarket(600_000);
    expect(() => market.price({ ...BTC, symbol: 'ODDUSDT', minSize: '0.00015' }, NOW)).toThrow(
      /minSize/,
    );
  });

  it('refuses a cycle under a second', () => {
    expect(() => new SimulatedMarket(999)).toThrow(/cycle/);
  });
});

describe('sampleSeconds', () => {
  it('takes every second of a short span and an even spread of a long one', () => {
    expect(sampleSeconds(10, 14, 60)).toEqual([10, 11, 12, 13, 14]);
    const day = sampleSeconds(0, 86_399, MAX_CANDLE_SAMPLES);
    expect(day).toHaveLength(MAX_CANDLE_SAMPLES);
    expect(day[0]).toBe(0);
    expect(day.at(-1)).toBe(86_399);
  });
});
