import type { Candle, Depth, MarketTrade } from '@exchange-web/protocol/trading';
import Big from 'big.js';

/** One row of the order book as drawn: the level, the running total and its depth bar. */
export interface BookRow {
  price: string;
  size: string;
  /** Sum of the sizes from the best level to this one. */
  cumulative: string;
  /** The depth bar's width, 0 to 100 (% of the deeper side's total within the rows shown). */
  bar: number;
}

export interface BookView {
  /** Highest price first, the best (lowest) ask last: drawn just above the spread. */
  asks: BookRow[];
  /** Best (highest) bid first. */
  bids: BookRow[];
  /** Best ask − best bid, or null while a side is empty. */
  spread: string | null;
  /** The spread as a ratio of the best ask. */
  spreadRatio: string | null;
}

function rowsOf(levels: Depth['asks'], max: Big): BookRow[] {
  let running = new Big(0);
  return levels.map(([price, size]) => {
    running = running.plus(size);
    const bar = max.eq(0) ? 0 : running.div(max).times(100).round(1).toNumber();
    return { price, size, cumulative: running.toString(), bar };
  });
}

/** The book's rows at most `levels` deep on each side, with cumulative depth bars and spread. */
export function bookView(depth: Depth | null, levels: number): BookView {
  if (!depth) return { asks: [], bids: [], spread: null, spreadRatio: null };
  const asks = depth.asks.slice(0, levels);
  const bids = depth.bids.slice(0, levels);
  const total = (side: Depth['asks']) => side.reduce((sum, [, size]) => sum.plus(size), new Big(0));
  const [askTotal, bidTotal] = [total(asks), total(bids)];
  const max = askTotal.gt(bidTotal) ? askTotal : bidTotal;
  const bestAsk = asks[0]?.[0];
  const bestBid = bids[0]?.[0];
  const spread =
    bestAsk !== undefined && bestBid !== undefined ? new Big(bestAsk).minus(bestBid) : null;
  return {
    asks: rowsOf(asks, max).reverse(),
    bids: rowsOf(bids, max),
    spread: spread ? spread.toString() : null,
    spreadRatio:
      spread && bestAsk !== undefined && !new Big(bestAsk).eq(0)
        ? spread.div(bestAsk).toString()
        : null,
  };
}

/** The candles with `next` applied: the current candle replaced, a newer one appended. */
export function mergeCandle(candles: readonly Candle[], next: Candle, limit: number): Candle[] {
  const last = candles[candles.length - 1];
  if (last && last.time === next.time) return [...candles.slice(0, -1), next];
  if (last && next.time < last.time) {
    // An update of an older candle (late event): replace it in place, if it is there.
    return candles.map((candle) => (candle.time === next.time ? next : candle));
  }
  const merged = [...candles, next];
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/** The recent trades with `trade` first, at most `limit`, without repeating an id. */
export function addTrade(
  trades: readonly MarketTrade[],
  trade: MarketTrade,
  limit: number,
): MarketTrade[] {
  if (trades.some((known) => known.id === trade.id)) return [...trades];
  return [trade, ...trades].slice(0, limit);
}

/** A candle for the chart library: seconds since the epoch and plain numbers (display only). */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

// NOTE: the chart library draws with floats; the page never computes money from these numbers.
export const chartBar = (candle: Candle): ChartBar => ({
  time: Math.floor(candle.time / 1000),
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});
