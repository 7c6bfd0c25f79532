/**
 * The trading rules both sides apply: the gateway when it books an order or a position, the site
 * when it checks a form before sending it. One copy, so the trader reads before sending the
 * refusal the gateway would answer, and the site shows the amounts the gateway books.
 *
 * Functions over decimal strings (the wire's form, trading.ts); the arithmetic is big.js, exact
 * for sums and products, with every division rounded once, at a stated place and mode.
 * NOTE: the gateway's `src/trading/rules.ts` and the site's `trade-math.ts` only adapt these to
 * their inputs; a rule changes here, and `trading-rules-cases.ts` pins what both sides answer.
 */
import Big from 'big.js';
import { TradeCode, type MarketSymbol, type ORDER_TYPES } from './trading';

/**
 * The highest fee rate of the schedule (VIP 0, fees.ts): 0.1 % of the notional, paid in USDT. A
 * check that does not know the account's level holds this much, never too little.
 */
export const FEE_RATE = '0.001';
/** Places a position's margin is rounded up to (it is the notional divided by the leverage). */
export const MARGIN_PLACES = 8;
/** The quote coin of every pair and the coin fees and margins are paid in. */
export const QUOTE_COIN = 'USDT';

/** big.js rounding modes: towards zero, half away from zero, half to even, away from zero. */
export type Rounding = Big.RoundingMode;

/** A refusal the rules decided: its code and an English message naming the field. */
export interface Refusal {
  code: TradeCode;
  message: string;
}

/** A decimal as plain text, without exponent or trailing zeros: `"65000.1"`, `"0"`. */
const plain = (value: Big): string => value.toFixed();

/** Whether `text` is a non-negative plain decimal: `"0.5"`, `"65000"`; not `".5"`, `"1e3"`, `""`. */
export const isDecimal = (text: string): boolean => /^\d+(?:\.\d+)?$/.test(text);

// Division is the one inexact operation: a constructor of its own carries the places and mode of
// each quotient, so big.js rounds the exact quotient once (never a rounded one again).
const Quotient = Big();

/** `dividend ÷ divisor` rounded once to `places` places by `rounding`. */
export function divide(
  dividend: string,
  divisor: string | number,
  places: number,
  rounding: Rounding,
): string {
  Quotient.DP = places;
  Quotient.RM = rounding;
  return plain(new Quotient(dividend).div(divisor));
}

/** Whether `value` is a whole multiple of `step`. */
export const isMultipleOf = (value: string, step: string): boolean =>
  new Big(value).mod(step).eq(0);

/**
 * `value` rounded to a multiple of `step`, half up unless another mode is given.
 * @default rounding Big.roundHalfUp
 * @example roundToStep('64999.96', '0.1') // '65000'
 */
export function roundToStep(
  value: string,
  step: string,
  rounding: Rounding = Big.roundHalfUp,
): string {
  return plain(new Big(divide(value, step, 0, rounding)).times(step));
}

/** The quote-coin value of an order: price × size. */
export const notionalOf = (price: string, size: string): string =>
  plain(new Big(price).times(size));

/** The fee of a fill of `notional` USDT at `rate` (exact: both have few places). */
export const feeOf = (notional: string, rate: string = FEE_RATE): string =>
  plain(new Big(notional).times(rate));

/**
 * What an order needs from the account: a buy its notional and fee (at `feeRate`) in USDT, a sell
 * its size of the base.
 */
export function orderHold(
  pair: MarketSymbol,
  side: 'buy' | 'sell',
  price: string,
  size: string,
  feeRate: string = FEE_RATE,
): { coin: string; amount: string } {
  if (side === 'sell') return { coin: pair.base, amount: plain(new Big(size)) };
  const notional = notionalOf(price, size);
  return { coin: pair.quote, amount: plain(new Big(notional).plus(feeOf(notional, feeRate))) };
}

/**
 * A position's isolated margin: entry × size ÷ leverage, rounded up to {@link MARGIN_PLACES}
 * places, the amount the gateway freezes and the position form shows.
 */
export const marginOf = (entry: string, size: string, leverage: number): string =>
  divide(notionalOf(entry, size), leverage, MARGIN_PLACES, Big.roundUp);

/** What opening a position needs in USDT: its margin (frozen) and the opening fee (paid). */
export function positionHold(
  entry: string,
  size: string,
  leverage: number,
  feeRate: string = FEE_RATE,
): { coin: string; margin: string; fee: string; amount: string } {
  const margin = marginOf(entry, size, leverage);
  const fee = feeOf(notionalOf(entry, size), feeRate);
  return { coin: QUOTE_COIN, margin, fee, amount: plain(new Big(margin).plus(fee)) };
}

/**
 * Whether a price reaches a buy or sell limit: a buy's at or below it, a sell's at or above. The
 * book at placing (a buy's ask, a sell's bid) fills a limit at once; a span's low (buy) or high
 * (sell) fills a resting one.
 */
export const reachesLimit = (side: 'buy' | 'sell', limit: string, price: string): boolean =>
  side === 'buy' ? new Big(price).lte(limit) : new Big(price).gte(limit);

// ---------------------------------------------------------------------------------------------
// Checks. SPEC 5 leaves form-field validation "not shown", so the order is ours: the fields as the
// form lists them (price, then size), each field's range before its grid, then what the fields
// make together (the notional), then the account (the balance, fee included).

function checkSize(pair: MarketSymbol, size: string): Refusal | null {
  // Range before grid, as exchanges' lot-size filters check: 0.00005 BTC is below the minimum
  // first, whatever its step.
  if (!isDecimal(size) || new Big(size).lt(pair.minSize)) {
    return { code: TradeCode.sizeBelowMinimum, message: `size: must be at least ${pair.minSize}` };
  }
  if (!isMultipleOf(size, pair.sizeStep)) {
    return { code: TradeCode.sizeOffStep, message: `size: must be a multiple of ${pair.sizeStep}` };
  }
  return null;
}

function checkNotional(pair: MarketSymbol, price: string, size: string): Refusal | null {
  if (new Big(notionalOf(price, size)).lt(pair.minNotional)) {
    return {
      code: TradeCode.notionalBelowMinimum,
      message: `price × size must be at least ${pair.minNotional} ${pair.quote}`,
    };
  }
  return null;
}

function checkAvailable(coin: string, needed: string, available: string): Refusal | null {
  if (new Big(needed).gt(available)) {
    return {
      code: TradeCode.insufficientBalance,
      message: `insufficient ${coin}: ${needed} needed, ${plain(new Big(available))} available`,
    };
  }
  return null;
}

/** What an order check knows: the order, and what the market and the account hold. */
export interface OrderCheck {
  side: 'buy' | 'sell';
  type: (typeof ORDER_TYPES)[number];
  /** A limit order's price; a market order has none. Text that is no decimal counts as none. */
  price?: string | undefined;
  size: string;
  /** The price a market order fills at (best ask for a buy, best bid for a sell); null unknown. */
  marketPrice: string | null;
  /** Available amount of the coin the order pays with; null when not known (nothing compared). */
  available: string | null;
  /** The account's fee rate for this order (taker at once, maker resting). @default FEE_RATE */
  feeRate?: string | undefined;
}

/**
 * The first refusal of an order, or null, checked in this order: 43012 a limit order without a
 * price or a market order with one; 43003 a price not a positive multiple of the tick; 43002 a
 * size below the minimum; 43010 a size off the step; 43011 a notional below the minimum (a
 * market order's at `marketPrice`); 43001 more than `available` needed, the fee included.
 * @example checkOrder(btc, { side: 'buy', type: 'market', size: '0.00005', marketPrice: '65000', available: null })?.code // '43002'
 */
export function checkOrder(pair: MarketSymbol, order: OrderCheck): Refusal | null {
  const price = order.price !== undefined && isDecimal(order.price) ? order.price : undefined;
  if (order.type === 'limit' ? price === undefined : order.price !== undefined) {
    return {
      code: TradeCode.priceNotAllowed,
      message:
        order.type === 'limit'
          ? 'price: a limit order needs one'
          : 'price: a market order takes none',
    };
  }
  if (price !== undefined && (new Big(price).eq(0) || !isMultipleOf(price, pair.priceTick))) {
    return {
      code: TradeCode.priceOffTick,
      message: `price: must be a positive multiple of ${pair.priceTick}`,
    };
  }
  const refusal = checkSize(pair, order.size);
  if (refusal) return refusal;
  const at = price ?? order.marketPrice;
  if (at === null) return null;
  const notional = checkNotional(pair, at, order.size);
  if (notional) return notional;
  if (order.available === null) return null;
  const hold = orderHold(pair, order.side, at, order.size, order.feeRate);
  return checkAvailable(hold.coin, hold.amount, order.available);
}

/** What a position check knows: the request, the price it opens at and the available USDT. */
export interface PositionCheck {
  leverage: number;
  size: string;
  /** The price the position opens at (best ask for a long, best bid for a short); null unknown. */
  entryPrice: string | null;
  /** Available USDT; null when not known (nothing compared). */
  available: string | null;
  /** The account's taker rate for futures. @default FEE_RATE */
  feeRate?: string | undefined;
}

/**
 * The first refusal of a position, or null: 43007 a leverage not a whole number from 1 to the
 * pair's maximum, then size and notional as for an order, then 43001 when the margin and the
 * opening fee together pass `available`.
 */
export function checkPosition(pair: MarketSymbol, position: PositionCheck): Refusal | null {
  const { leverage, size, entryPrice } = position;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > pair.maxLeverage) {
    return {
      code: TradeCode.leverageOutOfRange,
      message: `leverage: must be 1 to ${pair.maxLeverage}`,
    };
  }
  const refusal = checkSize(pair, size);
  if (refusal) return refusal;
  if (entryPrice === null) return null;
  const notional = checkNotional(pair, entryPrice, size);
  if (notional) return notional;
  if (position.available === null) return null;
  const hold = positionHold(entryPrice, size, leverage, position.feeRate);
  return checkAvailable(hold.coin, hold.amount, position.available);
}

// ---------------------------------------------------------------------------------------------
// Margin. An account borrows against what it holds: the cross account over every coin it holds,
// an isolated one over its pair's two coins. Values are in USDT at the market's price of each coin.

/** Places every margin amount is kept to: interest, borrowable amounts, liquidation proceeds. */
export const MARGIN_AMOUNT_PLACES = 8;

/**
 * Leverage tiers: the most an account may owe grows with what it holds, at a leverage that falls
 * as the debt grows (up to 10x). A debt up to `maxDebt` USDT needs assets of `leverage` times the
 * equity at most; the last tier has no ceiling.
 */
export const MARGIN_LEVERAGE_TIERS: readonly { maxDebt: string | null; leverage: number }[] = [
  { maxDebt: '50000', leverage: 10 },
  { maxDebt: '250000', leverage: 5 },
  { maxDebt: null, leverage: 3 },
];

/** One coin of a margin account: what it holds and owes. */
export interface MarginHolding {
  coin: string;
  /** Held, free to use. */
  available: string;
  /** Held by resting orders: counted in the assets, not free to use. @default '0' */
  frozen?: string;
  /** Borrowed principal still owed. */
  borrowed: string;
  /** Interest charged and not yet repaid. */
  interest: string;
  /** USDT per unit of the coin (1 for USDT). */
  price: string;
}

/** What a margin account is worth in USDT: what it holds, owes, and their ratio. */
export interface MarginValuation {
  assets: string;
  debt: string;
  equity: string;
  /** assets ÷ debt, 4 places down; null when nothing is owed. */
  riskRatio: string | null;
}

/** The account's values in USDT at each holding's price (debt is principal plus interest). */
export function marginValuation(holdings: readonly MarginHolding[]): MarginValuation {
  let assets = new Big(0);
  let debt = new Big(0);
  for (const holding of holdings) {
    const held = new Big(holding.available).plus(holding.frozen ?? '0');
    assets = assets.plus(held.times(holding.price));
    debt = debt.plus(new Big(holding.borrowed).plus(holding.interest).times(holding.price));
  }
  return {
    assets: plain(assets),
    debt: plain(debt),
    equity: plain(assets.minus(debt)),
    riskRatio: debt.eq(0) ? null : divide(plain(assets), plain(debt), 4, Big.roundDown),
  };
}

/**
 * The most an account of `equity` USDT may owe in all: the best of the tiers, each capped by its
 * own ceiling and by equity × (leverage − 1). A debt within a lower tier's ceiling is allowed at
 * that tier's higher leverage, so taking the best tier is exact. None for no equity.
 */
export function maxMarginDebt(equity: string): string {
  if (new Big(equity).lte(0)) return '0';
  let best = new Big(0);
  for (const tier of MARGIN_LEVERAGE_TIERS) {
    const byLeverage = new Big(equity).times(tier.leverage - 1);
    const cap =
      tier.maxDebt === null || byLeverage.lt(tier.maxDebt) ? byLeverage : new Big(tier.maxDebt);
    if (cap.gt(best)) best = cap;
  }
  return plain(best);
}

/** How much of a coin priced `price` USDT the account may still borrow: 8 places, rounded down. */
export function maxBorrowable(valuation: MarginValuation, price: string): string {
  const room = new Big(maxMarginDebt(valuation.equity)).minus(valuation.debt);
  if (room.lte(0) || new Big(price).lte(0)) return '0';
  return divide(plain(room), price, MARGIN_AMOUNT_PLACES, Big.roundDown);
}

/** One hour's interest on `borrowed` at `hourlyRate`, rounded up to 8 places: never nothing owed. */
export const hourlyInterestOf = (borrowed: string, hourlyRate: string, hours = 1): string =>
  divide(
    plain(new Big(borrowed).times(hourlyRate).times(hours)),
    1,
    MARGIN_AMOUNT_PLACES,
    Big.roundUp,
  );

/** Where an account stands against the two thresholds (each a risk ratio, e.g. "1.3", "1.1"). */
export type MarginLevel = 'safe' | 'marginCall' | 'liquidation';

/** `safe` with no debt or above the call, `marginCall` at or under it, `liquidation` at or under that. */
export function marginLevelOf(
  riskRatio: string | null,
  thresholds: { marginCall: string; liquidation: string },
): MarginLevel {
  if (riskRatio === null) return 'safe';
  if (new Big(riskRatio).lte(thresholds.liquidation)) return 'liquidation';
  if (new Big(riskRatio).lte(thresholds.marginCall)) return 'marginCall';
  return 'safe';
}

/** A margin account's holdings after `coin` changes by signed amounts (for checks before booking). */
export function withChange(
  holdings: readonly MarginHolding[],
  coin: string,
  change: { available?: string; borrowed?: string; interest?: string },
): MarginHolding[] {
  return holdings.map((holding) =>
    holding.coin !== coin
      ? holding
      : {
          ...holding,
          available: plain(new Big(holding.available).plus(change.available ?? '0')),
          borrowed: plain(new Big(holding.borrowed).plus(change.borrowed ?? '0')),
          interest: plain(new Big(holding.interest).plus(change.interest ?? '0')),
        },
  );
}

/** The holding of `coin`, or nothing held and owed at `price`. */
const holdingOf = (holdings: readonly MarginHolding[], coin: string): MarginHolding | undefined =>
  holdings.find((holding) => holding.coin === coin);

/**
 * The refusal of borrowing `amount` of `coin`, or null: 43013 past what the account may borrow.
 * The borrowed coin is held too, so the assets grow with the debt.
 */
export function checkBorrow(
  holdings: readonly MarginHolding[],
  coin: string,
  amount: string,
): Refusal | null {
  const holding = holdingOf(holdings, coin);
  const max = holding ? maxBorrowable(marginValuation(holdings), holding.price) : '0';
  if (new Big(amount).lte(0) || new Big(amount).gt(max)) {
    return {
      code: TradeCode.overBorrow,
      message: `amount: at most ${max} ${coin} can be borrowed now`,
    };
  }
  return null;
}

/** What a repayment of `amount` pays: the interest first, then the principal. */
export function repaymentOf(
  holding: Pick<MarginHolding, 'borrowed' | 'interest'>,
  amount: string,
): { interest: string; principal: string } {
  const interest = Big(amount).lt(holding.interest) ? new Big(amount) : new Big(holding.interest);
  return { interest: plain(interest), principal: plain(new Big(amount).minus(interest)) };
}

/**
 * The refusal of repaying `amount` of `coin`, or null: 43014 more than owed (principal and
 * interest), then 43001 more than the account holds of it.
 */
export function checkRepay(
  holdings: readonly MarginHolding[],
  coin: string,
  amount: string,
): Refusal | null {
  const holding = holdingOf(holdings, coin);
  const owed = holding ? new Big(holding.borrowed).plus(holding.interest) : new Big(0);
  if (new Big(amount).lte(0) || new Big(amount).gt(owed)) {
    return {
      code: TradeCode.repayMoreThanOwed,
      message: `amount: the account owes ${plain(owed)} ${coin}`,
    };
  }
  return checkAvailable(coin, amount, holding?.available ?? '0');
}

/**
 * The refusal of moving `amount` of `coin` out of a margin account, or null: 43001 more than it
 * holds, then 43015 when, with debt, the risk ratio after it would be at or under the margin call.
 */
export function checkTransferOut(
  holdings: readonly MarginHolding[],
  coin: string,
  amount: string,
  marginCall: string,
): Refusal | null {
  const refusal = checkAvailable(coin, amount, holdingOf(holdings, coin)?.available ?? '0');
  if (refusal) return refusal;
  const after = marginValuation(withChange(holdings, coin, { available: `-${amount}` }));
  if (after.riskRatio !== null && new Big(after.riskRatio).lte(marginCall)) {
    return {
      code: TradeCode.transferBreachesRisk,
      message: `amount: the risk ratio would fall to ${after.riskRatio}, at or under ${marginCall}`,
    };
  }
  return null;
}
