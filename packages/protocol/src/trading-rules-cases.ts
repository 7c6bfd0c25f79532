/**
 * The shared vectors of the trading rules: a few thousand orders and positions drawn by a seeded
 * generator around every boundary of trading-rules.ts, and the fingerprint of the verdicts both
 * sides must answer for them. The gateway's rules test and the site's trade-math test each run
 * their own entry point over these cases and compare with {@link TRADING_RULE_FINGERPRINT}, so the
 * two agree without either importing the other (DESIGN: protocol <- gateway, protocol <- web).
 * Data and pure functions only; deterministic (no clock, no Math.random).
 */
import Big from 'big.js';
import { findMarketSymbol, MARKET_SYMBOLS, TradeCode, type MarketSymbol } from './trading';
import {
  checkBorrow,
  checkOrder,
  checkPosition,
  checkRepay,
  checkTransferOut,
  divide,
  isDecimal,
  marginOf,
  marginValuation,
  maxBorrowable,
  notionalOf,
  orderHold,
  positionHold,
  QUOTE_COIN,
  roundToStep,
} from './trading-rules';

/** The account's available amounts by coin; null when not known (a visitor; the gateway's check before it locks the balances). */
export type CaseBalances = Readonly<Record<string, string>> | null;

/** A spot order as the gateway receives it, with the book and the balances it is judged against. */
export interface OrderRuleCase {
  kind: 'order';
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  /** Limit orders only; some limit orders lack it (43012). */
  price?: string;
  size: string;
  bid: string;
  ask: string;
  balances: CaseBalances;
}

/** A futures position as the gateway receives it, with the book and the balances. */
export interface PositionRuleCase {
  kind: 'position';
  id: number;
  symbol: string;
  side: 'long' | 'short';
  leverage: number;
  size: string;
  bid: string;
  ask: string;
  balances: CaseBalances;
}

export type TradingRuleCase = OrderRuleCase | PositionRuleCase;

/**
 * What a side answers for a case: the refusal code (null: accepted) and the amount it computes
 * for the trader: an order's notional (at its limit, or at the book for a market order), a
 * position's margin; null where the case has no such amount.
 */
export interface RuleVerdict {
  code: TradeCode | null;
  amount: string | null;
}

/** How many cases {@link tradingRuleCases} draws by default. */
export const TRADING_RULE_CASE_COUNT = 4000;
const SEED = 0x5eed_4301;

/** A 32-bit seeded generator (mulberry32): uniform numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Draw {
  readonly #next: () => number;
  constructor(seed: number) {
    this.#next = seeded(seed);
  }
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.#next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  }
}

const plain = (value: Big): string => value.toFixed();
/** The smallest amount a balance (numeric(38, 18)) can differ by. */
const ATOM = '0.000000000000000001';
const above = (value: string) => plain(new Big(value).plus(ATOM));
const below = (value: string) => {
  const less = new Big(value).minus(ATOM);
  return less.lt(0) ? '0' : plain(less);
};

/** A size around the pair's boundaries: zero, the minimum, half a step, off the step, many steps. */
function drawSize(draw: Draw, pair: MarketSymbol, price: string): string {
  const step = new Big(pair.sizeStep);
  const min = new Big(pair.minSize);
  const steps = (count: number) => plain(step.times(count));
  switch (draw.int(0, 9)) {
    case 0:
      return draw.pick(['0', pair.minSize, plain(min.div(2))]);
    case 1:
      // Below the minimum and off the step at once (0.00005 BTC).
      return plain(min.minus(step.div(2)));
    case 2:
      return plain(step.times(draw.int(1, 40)).plus(step.div(2)));
    case 3: {
      // The minimum notional at `price`, to the step, each way.
      const boundary = divide(pair.minNotional, price, 18, Big.roundDown);
      return roundToStep(boundary, pair.sizeStep, draw.pick([Big.roundDown, Big.roundUp]));
    }
    case 4:
      return steps(draw.int(1, 9));
    case 5:
      return steps(draw.int(10, 999));
    case 6:
      return steps(draw.int(1_000, 200_000));
    default: {
      // What 100000 USDT or so buys at `price`, so balances decide.
      const worth = divide(String(draw.int(50_000, 150_000)), price, 18, Big.roundDown);
      const size = roundToStep(worth, pair.sizeStep, Big.roundDown);
      return new Big(size).lt(min) ? pair.minSize : size;
    }
  }
}

/** The book: a mid from 0.6 to 1.4 times the base price on the tick, and a spread of 0 to 6 ticks. */
function drawBook(draw: Draw, pair: MarketSymbol): { bid: string; ask: string } {
  const tick = new Big(pair.priceTick);
  const mid = new Big(
    roundToStep(
      plain(new Big(pair.basePrice).times(draw.int(600, 1400)).div(1000)),
      pair.priceTick,
    ),
  );
  const half = tick.times(draw.int(0, 3));
  const bid = mid.minus(half);
  return { bid: plain(bid.lt(tick) ? tick : bid), ask: plain(mid.plus(half)) };
}

/** A limit price: on the tick within 50 ticks of the bid, half a tick off it, zero, or one tick. */
function drawLimit(draw: Draw, pair: MarketSymbol, book: { bid: string }): string {
  const tick = new Big(pair.priceTick);
  const near = new Big(book.bid).plus(tick.times(draw.int(-50, 50)));
  const onTick = near.lt(tick) ? tick : near;
  switch (draw.int(0, 7)) {
    case 0:
      return '0';
    case 1:
      return plain(onTick.plus(tick.div(2)));
    case 2:
      return plain(tick);
    default:
      return plain(onTick);
  }
}

/**
 * Balances around what the order or position needs: exactly, one atom each way, and `short` of it
 * (a buy's notional without the fee, a sell's size less a step, a margin without the fee), or
 * `roughly` it (a margin to the cent, plus the fee).
 */
function drawBalances(
  draw: Draw,
  coin: string,
  needed: string | null,
  short: string | null,
  roughly: string | null,
): CaseBalances {
  if (draw.chance(0.15)) return null;
  const options = ['0', '100000', '1000000'];
  if (needed !== null) options.push(needed, needed, below(needed), below(needed), above(needed));
  if (short !== null) options.push(short, short);
  if (roughly !== null) options.push(roughly);
  const balances: Record<string, string> = { [coin]: draw.pick(options) };
  // Another coin beside it, which must never count.
  if (draw.chance(0.3)) balances[coin === QUOTE_COIN ? 'BTC' : QUOTE_COIN] = '1000000';
  if (draw.chance(0.1)) delete balances[coin];
  return balances;
}

function drawOrder(draw: Draw, id: number, pair: MarketSymbol): OrderRuleCase {
  const side = draw.pick(['buy', 'sell'] as const);
  const type = draw.pick(['limit', 'limit', 'market'] as const);
  const book = drawBook(draw, pair);
  const withPrice = type === 'limit' && !draw.chance(0.05);
  const price = withPrice ? drawLimit(draw, pair, book) : undefined;
  const at = price ?? (side === 'buy' ? book.ask : book.bid);
  const size = drawSize(draw, pair, new Big(at).eq(0) ? pair.basePrice : at);
  const hold = orderHold(pair, side, at, size);
  const balances = drawBalances(
    draw,
    hold.coin,
    hold.amount,
    side === 'buy' ? notionalOf(at, size) : plain(new Big(size).minus(pair.sizeStep).abs()),
    null,
  );
  return {
    kind: 'order',
    id,
    symbol: pair.symbol,
    side,
    type,
    ...(price === undefined ? {} : { price }),
    size,
    ...book,
    balances,
  };
}

function drawPosition(draw: Draw, id: number, pair: MarketSymbol): PositionRuleCase {
  const side = draw.pick(['long', 'short'] as const);
  const book = drawBook(draw, pair);
  const entry = side === 'long' ? book.ask : book.bid;
  // The ends of the range and past them, and leverages whose margins do not divide evenly.
  const leverage = draw.pick([
    -1,
    0,
    1,
    2,
    3,
    7,
    11,
    pair.maxLeverage,
    pair.maxLeverage + 1,
    draw.int(1, pair.maxLeverage),
    draw.int(1, pair.maxLeverage),
  ]);
  const size = drawSize(draw, pair, entry);
  const valid = leverage >= 1;
  const hold = valid ? positionHold(entry, size, leverage) : null;
  // The margin to cents, rounded up, plus the fee: what a check rounding to 2 places needs.
  const cents = hold && plain(new Big(hold.margin).round(2, Big.roundUp).plus(hold.fee));
  return {
    kind: 'position',
    id,
    symbol: pair.symbol,
    side,
    leverage,
    size,
    ...book,
    balances: drawBalances(draw, QUOTE_COIN, hold?.amount ?? null, hold?.margin ?? null, cents),
  };
}

/**
 * The cases, the same on every machine: first the known disagreements (0.00005 BTC, the fee, the
 * margin's places), then `count` drawn ones.
 * @default count TRADING_RULE_CASE_COUNT
 */
export function tradingRuleCases(count = TRADING_RULE_CASE_COUNT): TradingRuleCase[] {
  const fixed: TradingRuleCase[] = [
    {
      kind: 'order',
      id: 0,
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      size: '0.00005',
      bid: '65000',
      ask: '65000.1',
      balances: null,
    },
    {
      kind: 'order',
      id: 1,
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '65000',
      size: '0.01',
      bid: '65000',
      ask: '65000.1',
      balances: { USDT: '650' },
    },
    {
      kind: 'position',
      id: 2,
      symbol: 'BTCUSDT',
      side: 'long',
      leverage: 3,
      size: '0.0001',
      bid: '65000',
      ask: '65000.1',
      balances: { USDT: '2.17' },
    },
  ];
  const draw = new Draw(SEED);
  const cases = [...fixed];
  for (let i = 0; i < count; i += 1) {
    const id = fixed.length + i;
    const pair = draw.pick(MARKET_SYMBOLS);
    cases.push(draw.chance(0.6) ? drawOrder(draw, id, pair) : drawPosition(draw, id, pair));
  }
  return cases;
}

/** The listed pair of `symbol`; throws for a symbol that is not listed. */
export function marketPair(symbol: string): MarketSymbol {
  const pair = findMarketSymbol(symbol);
  if (!pair) throw new Error(`no pair ${symbol}`);
  return pair;
}

/** The pair a case names. */
export const pairOfCase = (ruleCase: TradingRuleCase): MarketSymbol => marketPair(ruleCase.symbol);

/** The place-order body the gateway receives for an order case (`price` undefined when absent). */
export const orderRequestOf = ({ symbol, side, type, price, size }: OrderRuleCase) => ({
  symbol,
  side,
  type,
  price,
  size,
});

/** The open-position body the gateway receives for a position case. */
export const positionRequestOf = ({ symbol, side, leverage, size }: PositionRuleCase) => ({
  symbol,
  side,
  leverage,
  size,
});

/** The available amount of `coin` in a case's balances: null when not known, 0 when not held. */
export const availableOf = (balances: CaseBalances, coin: string): string | null =>
  balances === null ? null : (balances[coin] ?? '0');

/** The verdict of the shared rules themselves, to name the first case a side answers otherwise. */
export function referenceVerdict(ruleCase: TradingRuleCase): RuleVerdict {
  const pair = pairOfCase(ruleCase);
  if (ruleCase.kind === 'order') {
    const { side, price, size } = ruleCase;
    const marketPrice = side === 'buy' ? ruleCase.ask : ruleCase.bid;
    const payCoin = side === 'buy' ? pair.quote : pair.base;
    const refusal = checkOrder(pair, {
      side,
      type: ruleCase.type,
      price,
      size,
      marketPrice,
      available: availableOf(ruleCase.balances, payCoin),
    });
    const at = ruleCase.type === 'limit' ? price : marketPrice;
    return {
      code: refusal?.code ?? null,
      amount: at !== undefined && isDecimal(at) ? notionalOf(at, size) : null,
    };
  }
  const entry = ruleCase.side === 'long' ? ruleCase.ask : ruleCase.bid;
  const refusal = checkPosition(pair, {
    leverage: ruleCase.leverage,
    size: ruleCase.size,
    entryPrice: entry,
    available: availableOf(ruleCase.balances, QUOTE_COIN),
  });
  return {
    code: refusal?.code ?? null,
    amount: ruleCase.leverage >= 1 ? marginOf(entry, ruleCase.size, ruleCase.leverage) : null,
  };
}

/** A summary of verdicts: how many answered each code ("ok": accepted) and a hash of them all. */
export interface VerdictFingerprint {
  cases: number;
  codes: Record<string, number>;
  /** FNV-1a (32 bits, hex) of every case's `id code amount` line: a change check, not a secret. */
  hash: string;
}

/** The fingerprint of the verdicts of {@link tradingRuleCases}, in order. */
export function fingerprintOf(verdicts: readonly RuleVerdict[]): VerdictFingerprint {
  const codes: Record<string, number> = {};
  let hash = 0x811c9dc5;
  verdicts.forEach((verdict, id) => {
    const code = verdict.code ?? 'ok';
    codes[code] = (codes[code] ?? 0) + 1;
    for (const char of `${id} ${code} ${verdict.amount ?? '-'}\n`) {
      hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    }
  });
  return { cases: verdicts.length, codes, hash: hash.toString(16).padStart(8, '0') };
}

/**
 * What both sides answer for {@link tradingRuleCases}: a rule changed in trading-rules.ts changes
 * it, and the protocol test names the new value to pin here.
 */
export const TRADING_RULE_FINGERPRINT: VerdictFingerprint = {
  cases: 4003,
  codes: {
    '43001': 912,
    '43002': 536,
    '43003': 365,
    '43007': 412,
    '43010': 304,
    '43011': 376,
    '43012': 84,
    ok: 1014,
  },
  hash: '15f7973d',
};

// ---------------------------------------------------------------------------------------------
// Margin: transfers, borrows and repays against a margin account's holdings

/** What a margin form does. */
export type MarginCaseAction = 'transferIn' | 'transferOut' | 'borrow' | 'repay';

/** One coin of a margin account as a case holds it: amounts and its USDT price. */
export interface MarginCaseHolding {
  coin: string;
  available: string;
  borrowed: string;
  interest: string;
  price: string;
}

/**
 * A transfer, borrow or repay as the gateway receives it, with the account it is judged against:
 * the account's coins (cross: every market coin; isolated: the pair's two), the spot balance of
 * the coin (for a transfer in), which coins can be borrowed, and the margin-call ratio.
 */
export interface MarginRuleCase {
  id: number;
  /** The isolated pair, or null for the cross account. */
  symbol: string | null;
  action: MarginCaseAction;
  coin: string;
  amount: string;
  holdings: readonly MarginCaseHolding[];
  spotAvailable: string;
  hourlyRates: Readonly<Record<string, string>>;
  marginCall: string;
}

/** How many cases {@link marginRuleCases} draws by default. */
export const MARGIN_RULE_CASE_COUNT = 3000;
const MARGIN_SEED = 0x5eed_4313;
const MARGIN_ACTIONS: readonly MarginCaseAction[] = [
  'transferIn',
  'transferOut',
  'borrow',
  'repay',
];

/** The coins of a margin account: USDT and every base (cross), or the pair's two (isolated). */
export const marginCoinsOf = (symbol: string | null): string[] =>
  symbol === null
    ? [QUOTE_COIN, ...MARKET_SYMBOLS.map((pair) => pair.base)]
    : [marketPair(symbol).base, QUOTE_COIN];

/** An amount of `coin` worth about `usdt` at `price`, to 8 places. */
const worthOf = (usdt: number, price: string) =>
  plain(new Big(usdt).div(price).round(8, Big.roundDown));

function drawHolding(draw: Draw, coin: string, price: string): MarginCaseHolding {
  const amount = () =>
    draw.pick(['0', '0', worthOf(draw.int(1, 2_000), price), worthOf(draw.int(1, 80_000), price)]);
  const borrowed = draw.chance(0.5) ? amount() : '0';
  return {
    coin,
    available: amount(),
    borrowed,
    interest: borrowed !== '0' && draw.chance(0.5) ? worthOf(draw.int(0, 5), price) : '0',
    price,
  };
}

/** An amount around the case's boundaries: what is held, owed, borrowable, or a round figure. */
function drawMarginAmount(draw: Draw, holding: MarginCaseHolding, limit: string): string {
  const owed = plain(new Big(holding.borrowed).plus(holding.interest));
  const options = [holding.available, owed, limit, above(limit), below(limit)];
  options.push(worthOf(draw.int(1, 5_000), holding.price), '0.00000001', '1');
  const amount = draw.pick(options);
  return new Big(amount).gt(0) ? amount : '0.00000001';
}

function drawMarginCase(draw: Draw, id: number): MarginRuleCase {
  const symbol = draw.chance(0.4) ? draw.pick(MARKET_SYMBOLS).symbol : null;
  const coins = marginCoinsOf(symbol);
  const prices = Object.fromEntries(
    MARKET_SYMBOLS.map((pair) => [
      pair.base,
      roundToStep(
        plain(new Big(pair.basePrice).times(draw.int(800, 1200)).div(1000)),
        pair.priceTick,
      ),
    ]),
  );
  const priceOf = (coin: string) => (coin === QUOTE_COIN ? '1' : (prices[coin] ?? '1'));
  const holdings = coins.map((coin) => drawHolding(draw, coin, priceOf(coin)));
  const action = draw.pick(MARGIN_ACTIONS);
  // Now and then a coin of another account (43016).
  const coin = draw.chance(0.05) ? draw.pick(marginCoinsOf(null)) : draw.pick(coins);
  const holding =
    holdings.find((entry) => entry.coin === coin) ?? drawHolding(draw, coin, priceOf(coin));
  const hourlyRates: Record<string, string> = { USDT: '0.000005', BTC: '0.000002' };
  // Some coins cannot be borrowed (no rate).
  if (draw.chance(0.6)) hourlyRates.ETH = '0.000003';
  const limit = maxBorrowable(marginValuation(holdings), holding.price);
  return {
    id,
    symbol,
    action,
    coin,
    amount: drawMarginAmount(draw, holding, action === 'borrow' ? limit : holding.available),
    holdings,
    spotAvailable: draw.pick(['0', holding.available, worthOf(draw.int(1, 10_000), holding.price)]),
    hourlyRates,
    marginCall: '1.3',
  };
}

/** The shared margin cases: `count` drawn from a fixed seed, the same on every run and machine. */
export function marginRuleCases(count = MARGIN_RULE_CASE_COUNT): MarginRuleCase[] {
  const draw = new Draw(MARGIN_SEED);
  return Array.from({ length: count }, (_, id) => drawMarginCase(draw, id));
}

/**
 * The verdict of the shared rules on a margin case, in the order the gateway judges: 43016 a coin
 * the account does not hold, then per action (a borrow of a coin without a rate is 43013, as is
 * one past what the collateral allows; a transfer in past the spot balance is 43001). The amount
 * is what could still be borrowed of the coin (for a borrow), else null.
 */
export function referenceMarginVerdict(ruleCase: MarginRuleCase): RuleVerdict {
  const { holdings, coin, amount } = ruleCase;
  const holding = holdings.find((entry) => entry.coin === coin);
  if (!marginCoinsOf(ruleCase.symbol).includes(coin) || !holding) {
    return { code: TradeCode.coinNotInMarginAccount, amount: null };
  }
  switch (ruleCase.action) {
    case 'transferIn':
      return {
        code: new Big(amount).gt(ruleCase.spotAvailable) ? TradeCode.insufficientBalance : null,
        amount: null,
      };
    case 'transferOut':
      return {
        code: checkTransferOut(holdings, coin, amount, ruleCase.marginCall)?.code ?? null,
        amount: null,
      };
    case 'repay':
      return { code: checkRepay(holdings, coin, amount)?.code ?? null, amount: null };
    case 'borrow': {
      const borrowable = ruleCase.hourlyRates[coin] !== undefined;
      return {
        code: borrowable
          ? (checkBorrow(holdings, coin, amount)?.code ?? null)
          : TradeCode.overBorrow,
        amount: borrowable ? maxBorrowable(marginValuation(holdings), holding.price) : '0',
      };
    }
  }
}

/** What both sides must answer for {@link marginRuleCases}: pinned, so a change to either shows. */
export const MARGIN_RULE_FINGERPRINT: VerdictFingerprint = {
  cases: 3000,
  codes: { '43001': 1006, '43013': 472, '43014': 598, '43015': 87, '43016': 31, ok: 806 },
  hash: '9f94b319',
};
