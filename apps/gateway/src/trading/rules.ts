import {
  TradeCode,
  type MarketSymbol,
  type OpenPositionRequest,
  type PlaceOrderRequest,
} from '@exchange-web/protocol/trading';
import { Dec, isMultipleOf, roundToStep } from '../market/decimal';
import type { PriceRange } from '../market/price-model';

/**
 * The trading engine's rules as pure functions over decimals: validation, holds, fill decisions,
 * fees, margin, PnL and liquidation. The SQL in engine.ts only applies what these decide.
 */

/** The fee of every fill, spot and futures alike: 0.1 % of the notional, paid in USDT. */
export const FEE_RATE = new Dec('0.001');
/** The maintenance margin rate of the liquidation price: 0.5 %. */
export const MAINTENANCE_MARGIN_RATE = new Dec('0.005');
/** Places a position's margin is rounded up to (it is the notional divided by the leverage). */
export const MARGIN_PLACES = 8;
/** The quote coin of every pair and the coin fees and margins are paid in. */
export const QUOTE_COIN = 'USDT';

/** A refusal the rules decided: its code and a message naming the field. */
export interface Refusal {
  code: TradeCode;
  message: string;
}

/** The fee of a fill of `notional` USDT (exact: the notional has few places). */
export const feeOf = (notional: Dec): Dec => notional.times(FEE_RATE);

function checkSize(pair: MarketSymbol, size: Dec): Refusal | undefined {
  if (!isMultipleOf(size, new Dec(pair.sizeStep))) {
    return {
      code: TradeCode.sizeOffStep,
      message: `size: must be a multiple of ${pair.sizeStep}`,
    };
  }
  if (size.lessThan(pair.minSize)) {
    return { code: TradeCode.sizeBelowMinimum, message: `size: must be at least ${pair.minSize}` };
  }
  return undefined;
}

function checkNotional(pair: MarketSymbol, price: Dec, size: Dec): Refusal | undefined {
  if (price.times(size).lessThan(pair.minNotional)) {
    return {
      code: TradeCode.notionalBelowMinimum,
      message: `price × size must be at least ${pair.minNotional} ${pair.quote}`,
    };
  }
  return undefined;
}

/**
 * Checks an order against its pair, in this order: a price for a limit order and none for a
 * market one (43012), the price a positive multiple of the tick (43003), the size a multiple of
 * the step (43010) and at least the minimum (43002), the notional at least the minimum (43011),
 * a market order's valued at `marketPrice` (the best ask for a buy, the best bid for a sell).
 */
export function checkOrder(
  pair: MarketSymbol,
  order: PlaceOrderRequest,
  marketPrice: Dec,
): Refusal | undefined {
  if ((order.type === 'limit') !== (order.price !== undefined)) {
    return {
      code: TradeCode.priceNotAllowed,
      message:
        order.type === 'limit'
          ? 'price: a limit order needs one'
          : 'price: a market order takes none',
    };
  }
  let price = marketPrice;
  if (order.price !== undefined) {
    price = new Dec(order.price);
    if (price.isZero() || !isMultipleOf(price, new Dec(pair.priceTick))) {
      return {
        code: TradeCode.priceOffTick,
        message: `price: must be a positive multiple of ${pair.priceTick}`,
      };
    }
  }
  const size = new Dec(order.size);
  return checkSize(pair, size) ?? checkNotional(pair, price, size);
}

/** What a resting order holds: a buy its notional and fee in USDT, a sell its size of the base. */
export function orderHold(
  pair: MarketSymbol,
  side: 'buy' | 'sell',
  price: Dec,
  size: Dec,
): { coin: string; amount: Dec } {
  if (side === 'sell') return { coin: pair.base, amount: size };
  const notional = price.times(size);
  return { coin: pair.quote, amount: notional.plus(feeOf(notional)) };
}

/** Whether a limit order fills as soon as it is placed: a buy at or above the ask, a sell at or below the bid. */
export const isMarketable = (side: 'buy' | 'sell', limit: Dec, bid: Dec, ask: Dec): boolean =>
  side === 'buy' ? limit.greaterThanOrEqualTo(ask) : limit.lessThanOrEqualTo(bid);

/** Whether the price over a span touched a resting limit: a buy's when the low reached it, a sell's the high. */
export const isCrossed = (side: 'buy' | 'sell', limit: Dec, range: PriceRange): boolean =>
  side === 'buy' ? range.low.lessThanOrEqualTo(limit) : range.high.greaterThanOrEqualTo(limit);

/** Checks a position: leverage 1 to the pair's maximum (43007), then size and notional like an order. */
export function checkPosition(
  pair: MarketSymbol,
  request: OpenPositionRequest,
  entry: Dec,
): Refusal | undefined {
  if (request.leverage < 1 || request.leverage > pair.maxLeverage) {
    return {
      code: TradeCode.leverageOutOfRange,
      message: `leverage: must be 1 to ${pair.maxLeverage}`,
    };
  }
  const size = new Dec(request.size);
  return checkSize(pair, size) ?? checkNotional(pair, entry, size);
}

/** A position's isolated margin: entry × size / leverage, rounded up to {@link MARGIN_PLACES} places. */
export const marginOf = (entry: Dec, size: Dec, leverage: number): Dec =>
  entry.times(size).dividedBy(leverage).toDecimalPlaces(MARGIN_PLACES, Dec.ROUND_UP);

/**
 * The price at which a position is liquidated: long entry × (1 − 1/leverage + 0.005), short
 * entry × (1 + 1/leverage − 0.005), rounded to the tick towards the entry (the safe side).
 */
export function liquidationPriceOf(
  side: 'long' | 'short',
  entry: Dec,
  leverage: number,
  tick: Dec,
): Dec {
  const move = new Dec(1).dividedBy(leverage).minus(MAINTENANCE_MARGIN_RATE);
  if (side === 'long') {
    return Dec.max(tick, roundToStep(entry.times(new Dec(1).minus(move)), tick, Dec.ROUND_UP));
  }
  return roundToStep(entry.times(new Dec(1).plus(move)), tick, Dec.ROUND_DOWN);
}

/** A position's PnL at `mark`: long (mark − entry) × size, short (entry − mark) × size. */
export const pnlOf = (side: 'long' | 'short', entry: Dec, mark: Dec, size: Dec): Dec =>
  (side === 'long' ? mark.minus(entry) : entry.minus(mark)).times(size);

/** Whether the price over a span reached the liquidation price. */
export const isLiquidated = (
  side: 'long' | 'short',
  liquidation: Dec,
  range: PriceRange,
): boolean =>
  side === 'long'
    ? range.low.lessThanOrEqualTo(liquidation)
    : range.high.greaterThanOrEqualTo(liquidation);

/**
 * What closing a position at `mark` returns to available USDT: margin + PnL − fee (0.1 % of the
 * closing notional), never below zero (isolated margin: the loss stops at the margin).
 */
export function closeOutcome(
  side: 'long' | 'short',
  entry: Dec,
  mark: Dec,
  size: Dec,
  margin: Dec,
): { payout: Dec; realizedPnl: Dec; fee: Dec } {
  const fee = feeOf(mark.times(size));
  const payout = Dec.max(new Dec(0), margin.plus(pnlOf(side, entry, mark, size)).minus(fee));
  return { payout, realizedPnl: payout.minus(margin), fee };
}
