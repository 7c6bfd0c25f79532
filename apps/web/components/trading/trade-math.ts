import Big from 'big.js';
import { TradeCode, type MarketSymbol, type ORDER_TYPES } from '@exchange-web/protocol/trading';

type OrderType = (typeof ORDER_TYPES)[number];

/**
 * The exact arithmetic of the trading pages. Money and sizes stay decimal strings from the wire
 * to the screen (trading.ts): every sum, product and comparison here goes through big.js (a
 * fraction of decimal.js's size in the page), never through binary floats.
 */

/** Whether `text` is a non-negative decimal as a person types it ("0.5", "65000", ".5" no). */
export const isDecimalText = (text: string): boolean => /^\d+(?:\.\d+)?$/.test(text.trim());

/** The number of decimal places of a tick or step: `"0.001"` → 3, `"1"` → 0. */
export function decimalsOf(step: string): number {
  // Big keeps no trailing zeros, so the places of its plain form are the step's own.
  const [, places = ''] = new Big(step).toFixed().split('.');
  return places.length;
}

/** Whether `value` is a whole multiple of `step`. */
export function isMultipleOf(value: string, step: string): boolean {
  return new Big(value).mod(step).eq(0);
}

/** `value` rounded down to a multiple of `step`, as a plain decimal string. */
export function floorToStep(value: string | Big, step: string): string {
  const steps = new Big(value).div(step).round(0, Big.roundDown);
  return steps.mul(step).toFixed(decimalsOf(step));
}

/** `value` rounded to the nearest multiple of `step`. */
export function roundToStep(value: string | Big, step: string): string {
  const steps = new Big(value).div(step).round(0, Big.roundHalfUp);
  return steps.mul(step).toFixed(decimalsOf(step));
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
export const notional = (price: string, size: string): string => times(price, size);

/** Margin of a position opened at `price`: price × size ÷ leverage, rounded up to a cent. */
export function positionMargin(price: string, size: string, leverage: number): string {
  return new Big(price).times(size).div(leverage).round(2, Big.roundUp).toFixed(2);
}

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
}

/**
 * The first refusal the gateway would answer for this order, in its order of checks, or null.
 * Mirrors the trading codes so the trader reads the same sentence before sending as after.
 */
export function checkOrder(pair: MarketSymbol, draft: OrderDraft): TradeCode | null {
  const size = draft.size.trim();
  const price = draft.price.trim();
  if (draft.type === 'limit' && !isDecimalText(price)) return TradeCode.priceNotAllowed;
  if (!isDecimalText(size) || compare(size, pair.minSize) < 0) return TradeCode.sizeBelowMinimum;
  if (!isMultipleOf(size, pair.sizeStep)) return TradeCode.sizeOffStep;
  if (draft.type === 'limit') {
    if (compare(price, '0') <= 0 || !isMultipleOf(price, pair.priceTick))
      return TradeCode.priceOffTick;
  }
  const at = draft.type === 'limit' ? price : draft.marketPrice;
  if (at !== null && compare(notional(at, size), pair.minNotional) < 0)
    return TradeCode.notionalBelowMinimum;
  if (draft.available !== null) {
    const needed = draft.side === 'buy' ? (at === null ? null : notional(at, size)) : size;
    if (needed !== null && compare(needed, draft.available) > 0)
      return TradeCode.insufficientBalance;
  }
  return null;
}

/** What the position form knows when it checks a position before opening it. */
export interface PositionDraft {
  leverage: number;
  size: string;
  markPrice: string | null;
  /** Available USDT; null when unknown. */
  available: string | null;
}

/** The first refusal the gateway would answer for this position, or null. */
export function checkPosition(pair: MarketSymbol, draft: PositionDraft): TradeCode | null {
  const size = draft.size.trim();
  if (!Number.isInteger(draft.leverage) || draft.leverage < 1 || draft.leverage > pair.maxLeverage)
    return TradeCode.leverageOutOfRange;
  if (!isDecimalText(size) || compare(size, pair.minSize) < 0) return TradeCode.sizeBelowMinimum;
  if (!isMultipleOf(size, pair.sizeStep)) return TradeCode.sizeOffStep;
  if (draft.markPrice !== null && draft.available !== null) {
    const margin = positionMargin(draft.markPrice, size, draft.leverage);
    if (compare(margin, draft.available) > 0) return TradeCode.insufficientBalance;
  }
  return null;
}

/** Whether a market trade at `price` reaches a resting limit order (so it may have filled). */
export function tradeCrossesOrder(
  order: { side: 'buy' | 'sell'; price: string | null },
  price: string,
): boolean {
  if (order.price === null) return false;
  return order.side === 'buy' ? compare(price, order.price) <= 0 : compare(price, order.price) >= 0;
}
