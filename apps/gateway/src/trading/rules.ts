import type {
  MarketSymbol,
  OpenPositionRequest,
  PlaceOrderRequest,
} from '@exchange-web/protocol/trading';
import * as shared from '@exchange-web/protocol/trading-rules';
import { Dec, divide, maxOf, text } from '../market/decimal';
import type { PriceRange } from '../market/price-model';

/**
 * The trading engine's rules over decimals. What the site checks too (validation, holds, fees,
 * margin, when a limit is reached) is the shared `@exchange-web/protocol/trading-rules`, adapted
 * here to the engine's decimals; liquidation, PnL and closing are the engine's alone. The SQL in
 * engine.ts only applies what these decide.
 */

export { QUOTE_COIN, type Refusal } from '@exchange-web/protocol/trading-rules';

/** The maintenance margin rate of the liquidation price: 0.5 %. */
export const MAINTENANCE_MARGIN_RATE = new Dec('0.005');

/** An account's available amount of a coin (the engine's locked balances). */
export type Available = (coin: string) => Dec;

/** The fee of a fill of `notional` USDT at `rate` (the account's, src/fees/rates.ts). */
export const feeOf = (notional: Dec, rate: Dec | string = shared.FEE_RATE): Dec =>
  new Dec(shared.feeOf(text(notional), typeof rate === 'string' ? rate : text(rate)));

/** The quote-coin value of a fill: price × size. */
export const notionalOf = (price: Dec, size: Dec): Dec =>
  new Dec(shared.notionalOf(text(price), text(size)));

/**
 * Checks an order against its pair (see the shared `checkOrder` for the order of checks), a
 * market order valued at `marketPrice` (the best ask for a buy, the best bid for a sell); with
 * `available`, also that the account holds what the order needs, the fee included.
 */
export function checkOrder(
  pair: MarketSymbol,
  order: PlaceOrderRequest,
  marketPrice: Dec,
  available?: Available,
  feeRate?: Dec,
): shared.Refusal | undefined {
  const payCoin = order.side === 'buy' ? pair.quote : pair.base;
  return (
    shared.checkOrder(pair, {
      side: order.side,
      type: order.type,
      price: order.price,
      size: order.size,
      marketPrice: text(marketPrice),
      available: available ? text(available(payCoin)) : null,
      feeRate: feeRate === undefined ? undefined : text(feeRate),
    }) ?? undefined
  );
}

/**
 * What a resting order holds: a buy its notional and fee (at `feeRate`) in USDT, a sell its size
 * of the base.
 */
export function orderHold(
  pair: MarketSymbol,
  side: 'buy' | 'sell',
  price: Dec,
  size: Dec,
  feeRate?: Dec,
): { coin: string; amount: Dec } {
  const rate = feeRate === undefined ? undefined : text(feeRate);
  const hold = shared.orderHold(pair, side, text(price), text(size), rate);
  return { coin: hold.coin, amount: new Dec(hold.amount) };
}

/** Whether a limit order fills as soon as it is placed: a buy at or above the ask, a sell at or below the bid. */
export const isMarketable = (side: 'buy' | 'sell', limit: Dec, bid: Dec, ask: Dec): boolean =>
  shared.reachesLimit(side, text(limit), text(side === 'buy' ? ask : bid));

/** Whether the price over a span touched a resting limit: a buy's when the low reached it, a sell's the high. */
export const isCrossed = (side: 'buy' | 'sell', limit: Dec, range: PriceRange): boolean =>
  shared.reachesLimit(side, text(limit), text(side === 'buy' ? range.low : range.high));

/**
 * Checks a position opening at `entry` (the best ask for a long, the best bid for a short): see
 * the shared `checkPosition`; with `available`, also that the account holds margin and fee.
 */
export function checkPosition(
  pair: MarketSymbol,
  request: OpenPositionRequest,
  entry: Dec,
  available?: Available,
  feeRate?: Dec,
): shared.Refusal | undefined {
  return (
    shared.checkPosition(pair, {
      leverage: request.leverage,
      size: request.size,
      entryPrice: text(entry),
      available: available ? text(available(shared.QUOTE_COIN)) : null,
      feeRate: feeRate === undefined ? undefined : text(feeRate),
    }) ?? undefined
  );
}

/** A position's isolated margin: entry × size / leverage, rounded up to 8 places (the shared `marginOf`). */
export const marginOf = (entry: Dec, size: Dec, leverage: number): Dec =>
  new Dec(shared.marginOf(text(entry), text(size), leverage));

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
  // entry × (leverage × (1 ± 0.005) ∓ 1) ÷ leverage, counted in ticks and rounded once: exact at
  // any leverage (1/3 is never cut short first).
  const sign = side === 'long' ? 1 : -1;
  const factor = new Dec(1).plus(MAINTENANCE_MARGIN_RATE.times(sign)).times(leverage).minus(sign);
  const ticks = divide(
    entry.times(factor),
    tick.times(leverage),
    0,
    side === 'long' ? Dec.roundUp : Dec.roundDown,
  );
  const price = ticks.times(tick);
  return side === 'long' ? maxOf(tick, price) : price;
}

/** A position's PnL at `mark`: long (mark − entry) × size, short (entry − mark) × size. */
export const pnlOf = (side: 'long' | 'short', entry: Dec, mark: Dec, size: Dec): Dec =>
  (side === 'long' ? mark.minus(entry) : entry.minus(mark)).times(size);

/** Whether the price over a span reached the liquidation price. */
export const isLiquidated = (
  side: 'long' | 'short',
  liquidation: Dec,
  range: PriceRange,
): boolean => (side === 'long' ? range.low.lte(liquidation) : range.high.gte(liquidation));

/**
 * What closing a position at `mark` returns to available USDT: margin + PnL − fee (`feeRate` of
 * the closing notional, the account's futures taker rate), never below zero (isolated margin: the
 * loss stops at the margin).
 */
export function closeOutcome(
  side: 'long' | 'short',
  entry: Dec,
  mark: Dec,
  size: Dec,
  margin: Dec,
  feeRate?: Dec,
): { payout: Dec; realizedPnl: Dec; fee: Dec } {
  const fee = feeOf(notionalOf(mark, size), feeRate);
  const payout = maxOf(new Dec(0), margin.plus(pnlOf(side, entry, mark, size)).minus(fee));
  return { payout, realizedPnl: payout.minus(margin), fee };
}
