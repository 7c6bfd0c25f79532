import { COPY_PERIODS, type CopyPeriod } from '@exchange-web/protocol/copy-trading';
import type { LeadStats } from '@exchange-web/protocol/copy-trading-schemas';
import { Dec, divide, text } from '../market/decimal';

const DAY_MS = 86_400_000;

/** A lead's closing trade: a futures position closed (open fee included) or a spot sell. */
export interface RealisedTrade {
  time: number;
  pnl: Dec;
}

/** A spot fill of a lead, oldest first, for the average-cost profit of each sell. */
export interface SpotFill {
  symbol: string;
  side: 'buy' | 'sell';
  price: Dec;
  size: Dec;
  fee: Dec;
  time: number;
}

/**
 * The profit of each spot sell at the average cost of the coins the same fills bought (fees on
 * both sides). A sell of more than those fills bought counts only the part they cover: coins
 * held before the lead's record began have no cost in it.
 */
export function spotRealised(fills: readonly SpotFill[]): (RealisedTrade & SpotFill)[] {
  const held = new Map<string, { size: Dec; cost: Dec }>();
  const trades: (RealisedTrade & SpotFill)[] = [];
  for (const fill of fills) {
    const position = held.get(fill.symbol) ?? { size: new Dec(0), cost: new Dec(0) };
    const notional = fill.price.times(fill.size);
    if (fill.side === 'buy') {
      position.size = position.size.plus(fill.size);
      position.cost = position.cost.plus(notional).plus(fill.fee);
    } else if (position.size.gt(0)) {
      const sold = fill.size.gt(position.size) ? position.size : fill.size;
      const cost = divide(position.cost.times(sold), position.size, 18);
      const proceeds = divide(notional.minus(fill.fee).times(sold), fill.size, 18);
      trades.push({ ...fill, size: sold, pnl: proceeds.minus(cost) });
      position.size = position.size.minus(sold);
      position.cost = position.size.eq(0) ? new Dec(0) : position.cost.minus(cost);
    }
    held.set(fill.symbol, position);
  }
  return trades;
}

/**
 * A lead's results over the last `period` days from their closing trades (any order): profit, its
 * return on the capital at the period's start (the starting capital plus everything realised
 * before), the deepest fall of that capital from a peak, and the share of winning trades.
 */
export function leadStats(
  trades: readonly RealisedTrade[],
  capital: Dec,
  nowMs: number,
  period: CopyPeriod,
): LeadStats {
  const start = nowMs - period * DAY_MS;
  const sorted = [...trades].sort((a, b) => a.time - b.time);
  let base = capital;
  for (const trade of sorted) if (trade.time < start) base = base.plus(trade.pnl);
  const inPeriod = sorted.filter((trade) => trade.time >= start && trade.time <= nowMs);
  let equity = base;
  let peak = base;
  let drawdown = new Dec(0);
  let pnl = new Dec(0);
  let wins = 0;
  for (const trade of inPeriod) {
    pnl = pnl.plus(trade.pnl);
    equity = equity.plus(trade.pnl);
    if (trade.pnl.gt(0)) wins += 1;
    if (equity.gt(peak)) peak = equity;
    if (peak.gt(0)) {
      const fall = divide(peak.minus(equity), peak, 6);
      if (fall.gt(drawdown)) drawdown = fall;
    }
  }
  return {
    period,
    roi: text(base.gt(0) ? divide(pnl, base, 6) : new Dec(0)),
    pnl: text(pnl.round(8, Dec.roundDown)),
    maxDrawdown: text(drawdown.gt(1) ? new Dec(1) : drawdown),
    winRate: text(inPeriod.length === 0 ? new Dec(0) : divide(new Dec(wins), inPeriod.length, 4)),
    trades: inPeriod.length,
  };
}

/** The results over every period of COPY_PERIODS, in that order. */
export const allPeriodStats = (trades: readonly RealisedTrade[], capital: Dec, nowMs: number) =>
  COPY_PERIODS.map((period) => leadStats(trades, capital, nowMs, period));
