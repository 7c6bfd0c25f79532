import Big from 'big.js';
import type { MarketSymbol, ORDER_TYPES, TradeCode } from '@exchange-web/protocol/trading';
import type { FeeRates } from '@exchange-web/protocol/fees';
import * as rules from '@exchange-web/protocol/trading-rules';

type OrderType = (typeof ORDER_TYPES)[number];

/**
 * The exact arithmetic of the trading pages. Money and sizes stay decimal strings from the wire
 * to the screen (trading.ts): every sum, product and comparison here goes through big.js, never
 * through binary floats. The trading rules themselves (checks, fees, margin) are the gateway's,
 * shared through `@exchange-web/protocol/trading-rules`; this module only adapts the forms to them.
 */

/** Whether `text` is a non-negative decimal as a person types it ("0.5", "65000", ".5" no). */
export const isDecimalText = (text: string): boolean => rules.isDecimal(text.trim());

/** The number of decimal places of a tick or step: `"0.001"` → 3, `"1"` → 0. */
export function decimalsOf(step: string): number {
  // Big keeps no trailing zeros, so the places of its plain form are the step's own.
  const [, places = ''] = new Big(step).toFixed().split('.');
  return places.length;
}

/** Whether `value` is a whole multiple of `step`. */
export const isMultipleOf = rules.isMultipleOf;

/** `value` rounded down to a multiple of `step`, as a plain decimal string. */
export function floorToStep(value: string | Big, step: string): string {
  const steps = rules.roundToStep(new Big(value).toFixed(), step, Big.roundDown);
  return new Big(steps).toFixed(decimalsOf(step));
}

/** `value` rounded to the nearest multiple of `step`. */
export function roundToStep(value: string | Big, step: string): string {
  return new Big(rules.roundToStep(new Big(value).toFixed(), step)).toFixed(decimalsOf(step));
}

/** `a × b` as a decimal string. */
export const times = (a: string, b: string | number): string => new Big(a).times(b).toString();

/** The sum of decimal strings. */
export const sum = (values: readonly string[]): string =>
  values.reduce((total, value) => total.plus(value), new Big(0)).toString();

/** `a − b`. */
export const minus = (a: string, b: string): string => new Big(a).minus(b).toString();

/** Compares two decimal strings: −1, 0 or 1. */
export const compare = (a: string, b: string): number => new Big(a).cmp(b);

/** The quote-coin value of an order: price × size. */
export const notional = (price: string, size: string): string => rules.notionalOf(price, size);

/**
 * Margin of a position opened at `price`: price × size ÷ leverage, rounded up to 8 places, the
 * amount the gateway freezes.
 */
export const positionMargin = (price: string, size: string, leverage: number): string =>
  rules.marginOf(price, size, leverage);

/** What the order form knows when it checks an order before sending it. */
export interface OrderDraft {
  side: 'buy' | 'sell';
  type: OrderType;
  /** Typed by the trader; ignored for a market order. */
  price: string;
  size: string;
  /** The price a market order is estimated at (best ask for a buy, best bid for a sell). */
  marketPrice: string | null;
  /** Available quote coin (buy) or base coin (sell); null when unknown (not signed in). */
  available: string | null;
  /** The account's rates for this product (its VIP level); unknown: the highest rate, 0.1 %. */
  feeRates?: FeeRates | null | undefined;
}

/**
 * The first refusal the gateway would answer for this order, in its order of checks, or null:
 * the shared rules over what the trader typed, so the sentence before sending is the one after.
 */
export function checkOrder(pair: MarketSymbol, draft: OrderDraft): TradeCode | null {
  const typed = draft.price.trim();
  // The form keeps a price while a market order is chosen; only a limit order sends one.
  const price = draft.type === 'limit' && typed !== '' ? typed : undefined;
  // As the gateway books it: filled at once it pays the taker rate, resting the maker rate.
  const takes =
    price === undefined ||
    (draft.marketPrice !== null &&
      rules.isDecimal(price) &&
      rules.reachesLimit(draft.side, price, draft.marketPrice));
  const rates = draft.feeRates;
  const refusal = rules.checkOrder(pair, {
    side: draft.side,
    type: draft.type,
    price,
    size: draft.size.trim(),
    marketPrice: draft.marketPrice,
    available: draft.available,
    feeRate: rates ? (takes ? rates.taker : rates.maker) : undefined,
  });
  return refusal?.code ?? null;
}

/** What the position form knows when it checks a position before opening it. */
export interface PositionDraft {
  leverage: number;
  size: string;
  /** The price the position is estimated to open at. */
  markPrice: string | null;
  /** Available USDT; null when unknown. */
  available: string | null;
  /** The account's futures rates; a position opens at market, at the taker rate. */
  feeRates?: FeeRates | null | undefined;
}

/** The first refusal the gateway would answer for this position, or null. */
export function checkPosition(pair: MarketSymbol, draft: PositionDraft): TradeCode | null {
  const refusal = rules.checkPosition(pair, {
    leverage: draft.leverage,
    size: draft.size.trim(),
    entryPrice: draft.markPrice,
    available: draft.available,
    feeRate: draft.feeRates?.taker,
  });
  return refusal?.code ?? null;
}

/** Whether a market trade at `price` reaches a resting limit order (so it may have filled). */
export function tradeCrossesOrder(
  order: { side: 'buy' | 'sell'; price: string | null },
  price: string,
): boolean {
  return order.price !== null && rules.reachesLimit(order.side, order.price, price);
}
