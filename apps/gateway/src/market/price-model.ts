import type {
  Candle,
  Depth,
  KlineInterval,
  MarketSymbol,
  MarketTrade,
  Ticker,
} from '@exchange-web/protocol/trading';
import { KLINE_INTERVALS } from '@exchange-web/protocol/trading';
import { Dec, divide, text } from './decimal';
import { DrawKind, hashUnit, kindSeed, seedOf, stateOf, unitOf } from './draw';
import { LruCache } from './lru';
import { floorDivide, scaledOf, scaledText, type ScaledDecimal } from './scaled';

/**
 * The simulated market: every price is a pure function of (pair, whole second, cycle), so every
 * gateway process quotes the same price at the same second with nothing stored and no randomness.
 *
 *   mid(s) = basePrice × exp(A·sin(2π·(s mod cycle)/cycle + phase(pair)) + B·noise(pair, s))
 *
 * rounded half up to the pair's tick (never below one tick). `phase` and the pair's seed come
 * from SHA-256 of the pair; the noise knots (one every {@link KNOT_SECONDS} s, smoothly
 * interpolated), trade sides and sizes and book sizes are drawn from the seed (draw.ts).
 *
 * Cost: one answer may cover 30 000 seconds (500 candles × 60 samples), and it runs on the event
 * loop. So the model works in whole numbers, prices in ticks and sizes in steps (exact below
 * 2^53, V8's `Math.sin`/`Math.exp` deterministic), and makes text or decimals only of what it
 * answers; and a completed candle, which never changes, is kept (bounded LRU).
 */

/** Swing of the cycle: about ±1 %. */
export const CYCLE_AMPLITUDE = 0.01;
/** Swing of the noise: about ±0.2 %. */
export const NOISE_AMPLITUDE = 0.002;
/** Seconds between two noise knots. */
export const KNOT_SECONDS = 10;
/** Synthetic trades per second. */
export const TRADES_PER_SECOND = 3;
/** The depth's distance between levels is the mid divided by this (1 bp), at least one tick. */
const LEVEL_STEP_DIVISOR = 10_000;
/** Most samples a candle is built from: a 1d candle stays as cheap as a 1m one. */
export const MAX_CANDLE_SAMPLES = 60;
/** Samples of the 24 h ticker window: one every 5 minutes, and the current second. */
const TICKER_SAMPLE_SECONDS = 300;
const DAY_SECONDS = 86_400;
/** Most entries of a pair's table of cycle sines (8 bytes each): a day's cycle at whole seconds. */
const MAX_CYCLE_TABLE = 86_400;
/**
 * Seconds candlesInSlices samples between two turns of the event loop: under 1 ms of work once
 * the code is optimised, a few ms before.
 */
export const SAMPLES_PER_SLICE = 1000;
/** Completed candles kept: every pair × interval × the most one call asks (4 × 4 × 500) fits. */
export const CANDLE_CACHE_LIMIT = 20_000;

/** Sizes drawn in USDT, in cents: a trade's and a book level's worth. */
const TRADE_CENTS = { min: 20_00, max: 5000_00 } as const;
const LEVEL_CENTS = { min: 50_00, max: 20_000_00 } as const;

const smoothstep = (t: number) => t * t * (3 - 2 * t);

/** Low and high of the per-second price over a span of seconds. */
export interface PriceRange {
  low: Dec;
  high: Dec;
}

/** What the model derives once of a pair: its draws' seed, its phase, its units as integers. */
interface PairModel {
  readonly pair: MarketSymbol;
  /** The start of each kind of draw of this pair (draw.ts). */
  readonly draws: Readonly<Record<keyof typeof DrawKind, number>>;
  /**
   * sin(2π·r/cycle + phase) for every offset r = (s·1000 mod cycle) a whole second can have (at
   * index r / gcd(1000, cycle)), when there are at most {@link MAX_CYCLE_TABLE} of them.
   */
  readonly cycleSines: Float64Array | undefined;
  readonly cycleOffsetUnit: number;
  readonly phase: number;
  /** The last pair of noise knots drawn: neighbouring seconds mostly share theirs. */
  readonly knots: { index: number; from: number; to: number };
  /** The base price in ticks (a float: it only scales the shape). */
  readonly baseTicks: number;
  readonly tick: ScaledDecimal;
  readonly tickDecimal: Dec;
  readonly step: ScaledDecimal;
  readonly stepDecimal: Dec;
  readonly minSizeSteps: number;
  /** A size in steps is ⌊cents × sizeNumerator / (price in ticks × sizeDenominator)⌋. */
  readonly sizeNumerator: number;
  readonly sizeDenominator: number;
}

function pairModel(pair: MarketSymbol, cycleMs: number): PairModel {
  const tick = scaledOf(pair.priceTick);
  const step = scaledOf(pair.sizeStep);
  const minSize = new Dec(pair.minSize).div(pair.sizeStep);
  if (!minSize.eq(minSize.round(0, Dec.roundDown))) {
    throw new Error(`${pair.symbol}: minSize is not a multiple of sizeStep`);
  }
  const sizeNumerator = 10 ** (tick.places + step.places);
  if (!Number.isSafeInteger(LEVEL_CENTS.max * sizeNumerator)) {
    throw new Error(`${pair.symbol}: tick and step have too many places for the model`);
  }
  const seed = seedOf(pair.symbol);
  const phase = hashUnit('phase', pair.symbol) * 2 * Math.PI;
  const cycleOffsetUnit = greatestCommonDivisor(1000, cycleMs);
  const offsets = cycleMs / cycleOffsetUnit;
  const cycleSines =
    offsets <= MAX_CYCLE_TABLE
      ? Float64Array.from({ length: offsets }, (_, i) =>
          cycleSine(i * cycleOffsetUnit, cycleMs, phase),
        )
      : undefined;
  return {
    pair,
    draws: {
      knot: kindSeed(seed, DrawKind.knot),
      side: kindSeed(seed, DrawKind.side),
      trade: kindSeed(seed, DrawKind.trade),
      bid: kindSeed(seed, DrawKind.bid),
      ask: kindSeed(seed, DrawKind.ask),
    },
    cycleSines,
    cycleOffsetUnit,
    phase,
    knots: { index: Number.NaN, from: 0, to: 0 },
    baseTicks: new Dec(pair.basePrice).div(pair.priceTick).toNumber(),
    tick,
    tickDecimal: new Dec(pair.priceTick),
    step,
    stepDecimal: new Dec(pair.sizeStep),
    minSizeSteps: minSize.toNumber(),
    sizeNumerator,
    sizeDenominator: 100 * tick.units * step.units,
  };
}

/** One synthetic trade, in whole ticks and steps. */
interface TradeFigures {
  buy: boolean;
  priceTicks: number;
  sizeSteps: number;
}

export class SimulatedMarket {
  readonly #cycleMs: number;
  readonly #now: () => number;
  // By symbol: the pairs are the contract's table (MARKET_SYMBOLS).
  readonly #models = new Map<string, PairModel>();
  // A completed candle never changes: key `symbol|interval|startMs`.
  readonly #candles = new LruCache<string, Candle>(CANDLE_CACHE_LIMIT);
  // Seconds sampled for candles so far: the measure of work candlesInSlices slices by.
  #sampledSeconds = 0;

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
    const model = this.#model(pair);
    return this.#decimalPrice(model, this.#mid(model, s));
  }

  /** The best ask at second `s`: what a market buy pays. */
  bestAsk(pair: MarketSymbol, s: number): Dec {
    const model = this.#model(pair);
    const mid = this.#mid(model, s);
    return this.#decimalPrice(model, mid + levelStep(mid));
  }

  /** The best bid at second `s`: what a market sell gets (never below one tick). */
  bestBid(pair: MarketSymbol, s: number): Dec {
    const model = this.#model(pair);
    const mid = this.#mid(model, s);
    return this.#decimalPrice(model, Math.max(1, mid - levelStep(mid)));
  }

  /** Low and high of the per-second mid over seconds `from` to `to` inclusive. */
  range(pair: MarketSymbol, from: number, to: number): PriceRange | undefined {
    if (to < from) return undefined;
    const model = this.#model(pair);
    let low = Infinity;
    let high = -Infinity;
    for (let s = from; s <= to; s += 1) {
      const mid = this.#mid(model, s);
      if (mid < low) low = mid;
      if (mid > high) high = mid;
    }
    return { low: this.#decimalPrice(model, low), high: this.#decimalPrice(model, high) };
  }

  /** `limit` levels each side, best first, sizes drawn per second and level. */
  depth(pair: MarketSymbol, s: number, limit: number): Depth {
    const model = this.#model(pair);
    const mid = this.#mid(model, s);
    const step = levelStep(mid);
    const bids: [string, string][] = [];
    const asks: [string, string][] = [];
    const askState = stateOf(model.draws.ask, s);
    const bidState = stateOf(model.draws.bid, s);
    for (let i = 1; i <= limit; i += 1) {
      const ask = mid + step * i;
      const askSize = this.#sizeSteps(model, ask, unitOf(askState, i), LEVEL_CENTS);
      asks.push([this.#priceText(model, ask), this.#sizeText(model, askSize)]);
      const bid = mid - step * i;
      // A cheap pair's book stops at one tick rather than going to zero.
      if (bid >= 1) {
        const bidSize = this.#sizeSteps(model, bid, unitOf(bidState, i), LEVEL_CENTS);
        bids.push([this.#priceText(model, bid), this.#sizeText(model, bidSize)]);
      }
    }
    return { symbol: pair.symbol, bids, asks, time: s * 1000 };
  }

  /** The trades of second `s`, oldest first: taker buys at the ask when the price rose, else sells. */
  tradesAt(pair: MarketSymbol, s: number): MarketTrade[] {
    const model = this.#model(pair);
    const mid = this.#mid(model, s);
    const previous = this.#mid(model, s - 1);
    return Array.from({ length: TRADES_PER_SECOND }, (_, k) =>
      this.#tradeAnswer(model, s, k, this.#trade(model, s, k, mid, previous)),
    );
  }

  /** The last trade of second `s`. */
  lastTrade(pair: MarketSymbol, s: number): MarketTrade {
    const model = this.#model(pair);
    const k = TRADES_PER_SECOND - 1;
    const trade = this.#trade(model, s, k, this.#mid(model, s), this.#mid(model, s - 1));
    return this.#tradeAnswer(model, s, k, trade);
  }

  /** The latest `limit` trades up to second `s`, newest first. */
  trades(pair: MarketSymbol, s: number, limit: number): MarketTrade[] {
    const trades: MarketTrade[] = [];
    for (let second = s; trades.length < limit; second -= 1) {
      trades.push(...this.tradesAt(pair, second).reverse());
    }
    return trades.slice(0, limit);
  }

  /** The volume traded at second `s`, in the base coin: the sum of its trades' sizes. */
  volumeAt(pair: MarketSymbol, s: number): Dec {
    const model = this.#model(pair);
    const steps = this.#volumeSteps(model, s, this.#mid(model, s), this.#mid(model, s - 1));
    return model.stepDecimal.times(steps);
  }

  /**
   * The candle starting at `startMs` (a multiple of the interval), built from at most
   * {@link MAX_CANDLE_SAMPLES} evenly spread seconds up to `nowSecond`; undefined if it has not begun.
   * Volume is the sampled seconds' mean times the seconds covered, to the pair's size step.
   */
  candle(
    pair: MarketSymbol,
    interval: KlineInterval,
    startMs: number,
    nowSecond: number,
  ): Candle | undefined {
    const first = startMs / 1000;
    const end = first + KLINE_INTERVALS[interval] / 1000 - 1;
    const last = Math.min(end, nowSecond);
    if (last < first) return undefined;
    const key = `${pair.symbol}|${interval}|${startMs}`;
    const complete = last === end;
    if (complete) {
      const cached = this.#candles.get(key);
      if (cached) return cached;
    }
    const model = this.#model(pair);
    const span = last - first;
    const samples = Math.min(span + 1, MAX_CANDLE_SAMPLES);
    this.#sampledSeconds += samples;
    let open = 0;
    let close = 0;
    let low = Infinity;
    let high = -Infinity;
    let volumeSteps = 0;
    let previousSecond = Number.NaN;
    let previousMid = 0;
    for (let i = 0; i < samples; i += 1) {
      const s = sampleSecond(first, span, samples, i);
      const mid = this.#mid(model, s);
      // Every second of a short candle is sampled: the one before is often already known.
      const before = previousSecond === s - 1 ? previousMid : this.#mid(model, s - 1);
      volumeSteps += this.#volumeSteps(model, s, mid, before);
      if (i === 0) open = mid;
      close = mid;
      if (mid < low) low = mid;
      if (mid > high) high = mid;
      previousSecond = s;
      previousMid = mid;
    }
    const candle: Candle = {
      time: startMs,
      open: this.#priceText(model, open),
      high: this.#priceText(model, high),
      low: this.#priceText(model, low),
      close: this.#priceText(model, close),
      volume: this.#meanVolumeText(model, volumeSteps, samples, span + 1),
    };
    if (complete) this.#candles.set(key, candle);
    return candle;
  }

  /** The latest `limit` candles, oldest first; the last is the current, incomplete one. */
  candles(pair: MarketSymbol, interval: KlineInterval, nowSecond: number, limit: number): Candle[] {
    const candles: Candle[] = [];
    for (const startMs of candleStarts(interval, nowSecond, limit)) {
      const candle = this.candle(pair, interval, startMs, nowSecond);
      if (candle) candles.push(candle);
    }
    return candles;
  }

  /**
   * The same candles as {@link candles}, awaiting `pause` first and each time another
   * {@link SAMPLES_PER_SLICE} seconds were sampled, so that a long answer never holds the event
   * loop: other requests (and timers) run between the slices. Kept candles cost nothing.
   */
  async candlesInSlices(
    pair: MarketSymbol,
    interval: KlineInterval,
    nowSecond: number,
    limit: number,
    pause: () => Promise<unknown>,
  ): Promise<Candle[]> {
    const candles: Candle[] = [];
    await pause();
    let sliceStart = this.#sampledSeconds;
    for (const startMs of candleStarts(interval, nowSecond, limit)) {
      // Other calls may sample meanwhile: a slice is at most the budget, never more.
      if (this.#sampledSeconds - sliceStart >= SAMPLES_PER_SLICE) {
        await pause();
        sliceStart = this.#sampledSeconds;
      }
      const candle = this.candle(pair, interval, startMs, nowSecond);
      if (candle) candles.push(candle);
    }
    return candles;
  }

  /** The ticker at second `s`: last and mark are the mid; the 24 h figures are sampled. */
  ticker(pair: MarketSymbol, s: number): Ticker {
    const model = this.#model(pair);
    const last = this.#mid(model, s);
    const open = this.#mid(model, s - DAY_SECONDS);
    let low = Infinity;
    let high = -Infinity;
    let volumeSteps = 0;
    let samples = 0;
    const sample = (t: number) => {
      const mid = this.#mid(model, t);
      if (mid < low) low = mid;
      if (mid > high) high = mid;
      volumeSteps += this.#volumeSteps(model, t, mid, this.#mid(model, t - 1));
      samples += 1;
    };
    for (let t = s - DAY_SECONDS; t < s; t += TICKER_SAMPLE_SECONDS) sample(t);
    sample(s);
    const lastPrice = this.#decimalPrice(model, last);
    const openPrice = this.#decimalPrice(model, open);
    return {
      symbol: pair.symbol,
      last: text(lastPrice),
      mark: text(lastPrice),
      open24h: text(openPrice),
      high24h: this.#priceText(model, high),
      low24h: this.#priceText(model, low),
      change24h: text(divide(lastPrice.minus(openPrice), openPrice, 6)),
      volume24h: this.#meanVolumeText(model, volumeSteps, samples, DAY_SECONDS),
      time: s * 1000,
    };
  }

  #model(pair: MarketSymbol): PairModel {
    let model = this.#models.get(pair.symbol);
    if (!model) {
      model = pairModel(pair, this.#cycleMs);
      this.#models.set(pair.symbol, model);
    }
    return model;
  }

  // The mid at second `s`, in ticks.
  #mid(model: PairModel, s: number): number {
    const offset = (s * 1000) % this.#cycleMs;
    const sine =
      model.cycleSines?.[offset / model.cycleOffsetUnit] ??
      cycleSine(offset, this.#cycleMs, model.phase);
    const exponent = CYCLE_AMPLITUDE * sine + NOISE_AMPLITUDE * noise(model, s);
    return Math.max(1, Math.round(model.baseTicks * Math.exp(exponent)));
  }

  // Trade `k` of second `s`: a taker buy at the ask when the mid rose, a sell at the bid when it
  // fell, a drawn side when it stayed.
  #trade(model: PairModel, s: number, k: number, mid: number, previous: number): TradeFigures {
    const buy = mid === previous ? unitOf(stateOf(model.draws.side, s), k) < 0.5 : mid > previous;
    const step = levelStep(mid);
    const priceTicks = buy ? mid + step : Math.max(1, mid - step);
    const unit = unitOf(stateOf(model.draws.trade, s), k);
    return { buy, priceTicks, sizeSteps: this.#sizeSteps(model, priceTicks, unit, TRADE_CENTS) };
  }

  #tradeAnswer(model: PairModel, s: number, k: number, trade: TradeFigures): MarketTrade {
    return {
      id: `${model.pair.symbol}-${s}-${k}`,
      price: this.#priceText(model, trade.priceTicks),
      size: this.#sizeText(model, trade.sizeSteps),
      side: trade.buy ? 'buy' : 'sell',
      time: s * 1000 + Math.floor((k * 1000) / TRADES_PER_SECOND),
    };
  }

  // The sum of the sizes of second `s`'s trades: #trade's figures, with what the trades of one
  // second share worked out once (this runs for every sampled second of a candle).
  #volumeSteps(model: PairModel, s: number, mid: number, previous: number): number {
    const step = levelStep(mid);
    const ask = mid + step;
    const bid = Math.max(1, mid - step);
    const sideState = mid === previous ? stateOf(model.draws.side, s) : 0;
    const tradeState = stateOf(model.draws.trade, s);
    let steps = 0;
    for (let k = 0; k < TRADES_PER_SECOND; k += 1) {
      const buy = mid === previous ? unitOf(sideState, k) < 0.5 : mid > previous;
      steps += this.#sizeSteps(model, buy ? ask : bid, unitOf(tradeState, k), TRADE_CENTS);
    }
    return steps;
  }

  // A size worth a drawn amount of USDT in `cents` at `priceTicks`, down to the pair's step, at
  // least its minimum.
  #sizeSteps(
    model: PairModel,
    priceTicks: number,
    unit: number,
    cents: { readonly min: number; readonly max: number },
  ): number {
    const worth = cents.min + Math.floor(unit * (cents.max - cents.min));
    const steps = floorDivide(worth * model.sizeNumerator, priceTicks * model.sizeDenominator);
    return Math.max(model.minSizeSteps, steps);
  }

  // The mean volume of `samples` sampled seconds times the seconds covered, half up to the step.
  #meanVolumeText(model: PairModel, volumeSteps: number, samples: number, seconds: number) {
    const total = volumeSteps * seconds;
    const steps = Number.isSafeInteger(2 * total + samples)
      ? floorDivide(2 * total + samples, 2 * samples)
      : divide(new Dec(total), samples, 0).toNumber();
    return this.#sizeText(model, steps);
  }

  #decimalPrice(model: PairModel, ticks: number): Dec {
    return model.tickDecimal.times(ticks);
  }

  #priceText(model: PairModel, ticks: number): string {
    return scaledText(ticks * model.tick.units, model.tick.places);
  }

  #sizeText(model: PairModel, steps: number): string {
    return scaledText(steps * model.step.units, model.step.places);
  }
}

/** The distance between two depth levels (and from the mid to the best bid and ask), in ticks. */
function levelStep(midTicks: number): number {
  // Half up, exactly: a whole number over 10 000 that ends in .5 is exact in a double.
  return Math.max(1, Math.round(midTicks / LEVEL_STEP_DIVISOR));
}

// The cycle's part of the exponent at `offset` ms into the cycle.
function cycleSine(offset: number, cycleMs: number, phase: number): number {
  return Math.sin((2 * Math.PI * offset) / cycleMs + phase);
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

// Noise in [-1, 1]: knots drawn every KNOT_SECONDS, joined smoothly.
function noise(model: PairModel, s: number): number {
  const k = Math.floor(s / KNOT_SECONDS);
  const t = (s - k * KNOT_SECONDS) / KNOT_SECONDS;
  const knots = model.knots;
  if (knots.index !== k) {
    knots.index = k;
    knots.from = unitOf(stateOf(model.draws.knot, k), 0) * 2 - 1;
    knots.to = unitOf(stateOf(model.draws.knot, k + 1), 0) * 2 - 1;
  }
  return knots.from + (knots.to - knots.from) * smoothstep(t);
}

/** The start (ms) of each of the latest `limit` candles of `interval` at `nowSecond`, oldest first. */
function candleStarts(interval: KlineInterval, nowSecond: number, limit: number): number[] {
  const length = KLINE_INTERVALS[interval];
  const current = Math.floor((nowSecond * 1000) / length) * length;
  return Array.from({ length: limit }, (_, i) => current - (limit - 1 - i) * length);
}

/** At most `count` whole seconds from `first` to `last`, both included, evenly spread. */
export function sampleSeconds(first: number, last: number, count: number): number[] {
  const span = last - first;
  const samples = Math.min(span + 1, count);
  return Array.from({ length: samples }, (_, i) => sampleSecond(first, span, samples, i));
}

// The `i`-th of `samples` seconds spread evenly over first .. first + span (every second when
// they are as many), without making the array a candle does not need.
function sampleSecond(first: number, span: number, samples: number, i: number): number {
  return samples === span + 1 ? first + i : first + Math.round((i * span) / (samples - 1));
}
