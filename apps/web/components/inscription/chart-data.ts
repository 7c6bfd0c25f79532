import type { PriceHistoryInterval, PricePoint } from '@exchange-web/protocol/inscription';
import { usdtToFiat } from './formats';

/**
 * How many points the chart asks for at each interval: a week of hours, half a year of days
 * (each under the contract's MAX_PAGE_SIZE, so one call draws the chart).
 */
export const CHART_POINTS: Record<PriceHistoryInterval, number> = { '1h': 168, '1d': 180 };

/** A point as the line chart takes it: seconds since the epoch and the price in the currency. */
export interface ChartPoint {
  time: number;
  value: number;
}

/**
 * The chart's series from a page of price history (newest first, prices in USDT): oldest first,
 * one point per time (the chart refuses repeated times), each price in the visitor's currency.
 */
export function chartSeries(points: readonly PricePoint[], fiatPerUsdt: number): ChartPoint[] {
  const byTime = new Map<number, ChartPoint>();
  for (const point of points) {
    const time = Math.floor(point.time / 1000);
    if (!byTime.has(time))
      byTime.set(time, { time, value: usdtToFiat(point.priceUsdt, fiatPerUsdt) });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
