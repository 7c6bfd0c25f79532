import type {
  Candle,
  Depth,
  KlineInterval,
  MarketSymbol,
  MarketTrade,
  Ticker,
} from '@exchange-web/protocol/trading';
import { KLINE_INTERVALS } from '@exchange-web/protocol/trading';
import { createHash } from 'node:crypto';
import { Dec, roundToStep, text } from './decimal';

/**
 * The simulated market: every price is a pure function of (pair, whole second, cycle), so every
 * gateway process quotes the same price at the same second with nothing stored and no randomness.
 *
 *   mid(s) = basePrice × exp(A·sin(2π·(s mod cycle)/cycle + phase(pair)) + B·noise(pair, s))
 *
 * `phase` and the noise knots (one every {@link KNOT_SECONDS} s, smoothly interpolated) come from
 * SHA-256 of the pair and the knot number. The exponent is a model shape computed in float (V8's
 * `Math.sin`/`Math.exp` are deterministic) and enters the price as a 12-place decimal factor;
 * the price itself, rounded to the pair's tick, and everything derived from it are decimals.
 */

/** Swing of the cycle: about ±1 %. */
export const CYCLE_AMPLITUDE = 0.01;
/** Swing of the noise: about ±0.2 %. */
export const NOISE_AMPLITUDE = 0.002;
/** Seconds between two noise knots. */
export const KNOT_SECONDS = 10;
/** Synthetic trades per second. */
export const TRADES_PER_SECOND = 3;
/** The depth's distance between levels, as a ratio of the mid (at least one tick). */
const LEVEL_STEP_RATIO = new Dec('0.0001');
/** Most samples a candle is built from: a 1d candle stays as cheap as a 1m one. */
export const MAX_CANDLE_SAMPLES = 60;
/** Samples of the 24 h ticker window: one every 5 minutes, and the current second. */
const TICKER_SAMPLE_SECONDS = 300;
const DAY_SECONDS = 86_400;

const CACHE_LIMIT = 200_000;

/** A number in [0, 1) from SHA-256 of the parts: the market's only source of variety. */
export function hashUnit(...parts: readonly (string | number)[]): number {
  const digest = createHash('sha256').update(parts.join('|')).digest();
  // 48 bits: exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

const smoothstep = (t: number) => t * t * (3 - 2 * t);

/** Low and high of the per-second price over a span of seconds. */
export interface PriceRange {
  low: Dec;
  high: Dec;
}

export class SimulatedMarket {
  readonly #cycleMs: number;
  readonly #now: () => number;
  // Pure caches: the price is a function of pair and second, the same in every process.
  readonly #prices = new Map<string, Dec>();
  readonly #knots = new Map<string, number>();

  /**
   * @param cycleMs the length of one price cycle (GATEWAY_MARKET_CYCLE_MS).
   * @param now the clock. @default Date.now
   */
  constructor(cycleMs: number, now: () => number = () => Date.now()) {
    if (!Number.isSafeInteger(cycleMs) || cycleMs < 1000) {
      throw new Error('the market cycle must be a whole number of ms, at least 1000');
    }
    this.#cycleMs = cycleMs;
    this.#now = now;
  }

  /** The current whole second (Unix seconds). */
  nowSecond(): number {
    return Math.floor(this.#now() / 1000);
  }

  /** The pair's mid price at second `s`, a multiple of its tick (never below one tick). */
  price(pair: MarketSymbol, s: number): Dec {
    const key = `${pair.symbol}|${s}`;
    const cached = this.#prices.get(key);
    if (cached) return cached;
    const phase = hashUnit('phase', pair.symbol) * 2 * Math.PI;
    const angle = (2 * Math.PI * ((s * 1000) % this.#cycleMs)) / this.#cycleMs + phase;
    const exponent =
      CYCLE_AMPLITUDE * Math.sin(angle) + NOISE_AMPLITUDE * this.#noise(pair.symbol, s);
    const factor = new Dec(Math.exp(exponent).toFixed(12));
    const tick = new Dec(pair.priceTick);
    const price = Dec.max(tick, roundToStep(new Dec(pair.basePrice).times(factor), tick));
    this.#remember(this.#prices, key, price);
    return price;
  }

  /** Distance between two depth levels (and from the mid to the best bid and ask). */
  levelStep(pair: MarketSymbol, mid: Dec): Dec {
    const tick = new Dec(pair.priceTick);
    return Dec.max(tick, roundToStep(mid.times(LEVEL_STEP_RATIO), tick));
  }

  /** The best ask at second `s`: what a market buy pays. */
  bestAsk(pair: MarketSymbol, s: number): Dec {
    const mid = this.price(pair, s);
    return mid.plus(this.levelStep(pair, mid));
  }

  /** The best bid at second `s`: what a market sell gets (never below one tick). */
  bestBid(pair: MarketSymbol, s: number): Dec {
    const mid = this.price(pair, s);
    return Dec.max(new Dec(pair.priceTick), mid.minus(this.levelStep(pair, mid)));
  }

  /** Low and high of the per-second mid over seconds `from` to `to` inclusive. */
  range(pair: MarketSymbol, from: number, to: number): PriceRange | undefined {
    if (to < from) return undefined;
    let low = this.price(pair, from);
    let high = low;
    for (let s = from + 1; s <= to; s += 1) {
      const price = this.price(pair, s);
      if (price.lessThan(low)) low = price;
      if (price.greaterThan(high)) high = price;
    }
    return { low, high };
  }

  /** `limit` levels each side, best first, sizes drawn per second and level. */
  depth(pair: MarketSymbol, s: number, limit: number): Depth {
    const mid = this.price(pair, s);
    const step = this.levelStep(pair, mid);
    const tick = new Dec(pair.priceTick);
    const bids: [string, string][] = [];
    const asks: [string, string][] = [];
    for (let i = 1; i <= limit; i += 1) {
      const ask = mid.plus(step.times(i));
      asks.push([text(ask), text(this.#size(pair, ask, 'ask', s, i, 50, 20_000))]);
      const bid = mid.minus(step.times(i));
      // A cheap pair's book stops at one tick rather than going to zero.
      if (bid.greaterThanOrEqualTo(tick)) {
        bids.push([text(bid), text(this.#size(pair, bid, 'bid', s, i, 50, 20_000))]);
      }
    }
    return { symbol: pair.symbol, bids, asks, time: s * 1000 };
  }

  /** The trades of second `s`, oldest first: taker buys at the ask when the price rose, else sells. */
  tradesAt(pair: MarketSymbol, s: number): MarketTrade[] {
    return Array.from({ length: TRADES_PER_SECOND }, (_, k) => this.#trade(pair, s, k));
  }

  /** The last trade of second `s`. */
  lastTrade(pair: MarketSymbol, s: number): MarketTrade {
    return this.#trade(pair, s, TRADES_PER_SECOND - 1);
  }

  /** The latest `limit` trades up to second `s`, newest first. */
  trades(pair: MarketSymbol, s: number, limit: number): MarketTrade[] {
    const trades: MarketTrade[] = [];
    for (let second = s; trades.length < limit; second -= 1) {
      trades.push(...this.tradesAt(pair, second).reverse());
    }
    return trades.slice(0, limit);
  }

  /** The volume traded at second `s`, in the base coin. */
  volumeAt(pair: MarketSymbol, s: number): Dec {
    return this.tradesAt(pair, s).reduce((sum, trade) => sum.plus(trade.size), new Dec(0));
  }

  /**
   * The candle starting at `startMs` (a multiple of the interval), built from at most
   * {@link MAX_CANDLE_SAMPLES} evenly spread seconds up to `nowSecond`; undefined if it has not begun.
   * Volume is the sampled seconds' mean times the seconds covered, to the pair's size step.
   */
  candle(pair: MarketSymbol, interval: KlineInterval, startMs: number, nowSecond: number) {
    const first = startMs / 1000;
    const last = Math.min(first + KLINE_INTERVALS[interval] / 1000 - 1, nowSecond);
    if (last < first) return undefined;
    const seconds = sampleSeconds(first, last, MAX_CANDLE_SAMPLES);
    const prices = seconds.map((s) => this.price(pair, s));
    const volume = seconds.reduce((sum, s) => sum.plus(this.volumeAt(pair, s)), new Dec(0));
    const candle: Candle = {
      time: startMs,
      open: text(prices[0] ?? new Dec(0)),
      high: text(Dec.max(...prices)),
      low: text(Dec.min(...prices)),
      close: text(prices[prices.length - 1] ?? new Dec(0)),
      volume: text(
        roundToStep(
          volume.dividedBy(seconds.length).times(last - first + 1),
          new Dec(pair.sizeStep),
        ),
      ),
    };
    return candle;
  }

  /** The latest `limit` candles, oldest first; the last is the current, incomplete one. */
  candles(pair: MarketSymbol, interval: KlineInterval, nowSecond: number, limit: number): Candle[] {
    const length = KLINE_INTERVALS[interval];
    const current = Math.floor((nowSecond * 1000) / length) * length;
    const candles: Candle[] = [];
    for (let i = limit - 1; i >= 0; i -= 1) {
      const candle = this.candle(pair, interval, current - i * length, nowSecond);
      if (candle) candles.push(candle);
    }
    return candles;
  }

  /** The ticker at second `s`: last and mark are the mid; the 24 h figures are sampled. */
  ticker(pair: MarketSymbol, s: number): Ticker {
    const last = this.price(pair, s);
    const open = this.price(pair, s - DAY_SECONDS);
    const seconds: number[] = [];
    for (let t = s - DAY_SECONDS; t < s; t += TICKER_SAMPLE_SECONDS) seconds.push(t);
    seconds.push(s);
    const prices = seconds.map((t) => this.price(pair, t));
    const volume = seconds
      .reduce((sum, t) => sum.plus(this.volumeAt(pair, t)), new Dec(0))
      .dividedBy(seconds.length)
      .times(DAY_SECONDS);
    return {
      symbol: pair.symbol,
      last: text(last),
      mark: text(last),
      open24h: text(open),
      high24h: text(Dec.max(...prices)),
      low24h: text(Dec.min(...prices)),
      change24h: text(last.minus(open).dividedBy(open).toDecimalPlaces(6)),
      volume24h: text(roundToStep(volume, new Dec(pair.sizeStep))),
      time: s * 1000,
    };
  }

  #trade(pair: MarketSymbol, s: number, k: number): MarketTrade {
    const mid = this.price(pair, s);
    const previous = this.price(pair, s - 1);
    const rising = mid.equals(previous)
      ? hashUnit('side', pair.symbol, s, k) < 0.5
      : mid.greaterThan(previous);
    const price = rising ? this.bestAsk(pair, s) : this.bestBid(pair, s);
    return {
      id: `${pair.symbol}-${s}-${k}`,
      price: text(price),
      size: text(this.#size(pair, price, 'trade', s, k, 20, 5000)),
      side: rising ? 'buy' : 'sell',
      time: s * 1000 + Math.floor((k * 1000) / TRADES_PER_SECOND),
    };
  }

  // A size worth between `minUsdt` and `maxUsdt` at `price`, to the pair's step and minimum.
  #size(
    pair: MarketSymbol,
    price: Dec,
    kind: string,
    s: number,
    i: number,
    minUsdt: number,
    maxUsdt: number,
  ): Dec {
    const usdt = new Dec(
      (minUsdt + hashUnit(kind, pair.symbol, s, i) * (maxUsdt - minUsdt)).toFixed(2),
    );
    const step = new Dec(pair.sizeStep);
    const size = roundToStep(usdt.dividedBy(price), step, Dec.ROUND_DOWN);
    return Dec.max(new Dec(pair.minSize), size);
  }

  // Noise in [-1, 1]: hashed knots every KNOT_SECONDS, joined smoothly.
  #noise(symbol: string, s: number): number {
    const k = Math.floor(s / KNOT_SECONDS);
    const t = (s - k * KNOT_SECONDS) / KNOT_SECONDS;
    const a = this.#knot(symbol, k);
    const b = this.#knot(symbol, k + 1);
    return a + (b - a) * smoothstep(t);
  }

  #knot(symbol: string, k: number): number {
    const key = `${symbol}|${k}`;
    let value = this.#knots.get(key);
    if (value === undefined) {
      value = hashUnit('knot', symbol, k) * 2 - 1;
      this.#remember(this.#knots, key, value);
    }
    return value;
  }

  #remember<V>(cache: Map<string, V>, key: string, value: V) {
    // A crude bound: dropping everything now and then is cheap next to hashing again.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, value);
  }
}

/** At most `count` whole seconds from `first` to `last`, both included, evenly spread. */
export function sampleSeconds(first: number, last: number, count: number): number[] {
  const span = last - first;
  if (span + 1 <= count) return Array.from({ length: span + 1 }, (_, i) => first + i);
  return Array.from({ length: count }, (_, i) => first + Math.round((i * span) / (count - 1)));
}
