import {
  MAX_PAGE_SIZE,
  priceHistoryReplySchema,
  PRICE_HISTORY_INTERVALS,
} from '@exchange-web/protocol/inscription';
import { describe, expect, it } from 'vitest';
import { CHART_POINTS, chartSeries } from './chart-data';

const HOUR = 3_600_000;
// A reply as the gateway sends it, checked against the contract.
const reply = priceHistoryReplySchema.parse({
  interval: '1h',
  pageNo: 1,
  pageSize: 3,
  total: 3,
  items: [
    { time: 3 * HOUR, priceUsdt: '12.5', volumeUsdt: '100' },
    { time: 2 * HOUR, priceUsdt: '12', volumeUsdt: '80' },
    { time: 2 * HOUR, priceUsdt: '11', volumeUsdt: '1' },
    { time: 1 * HOUR, priceUsdt: '0.1', volumeUsdt: '0' },
  ],
});

describe('chartSeries', () => {
  it('puts the points oldest first in seconds, one per time, priced in the currency', () => {
    expect(chartSeries(reply.items, 2)).toEqual([
      { time: 3600, value: 0.2 },
      { time: 7200, value: 24 },
      { time: 10800, value: 25 },
    ]);
    expect(chartSeries([], 1)).toEqual([]);
  });

  it('asks for no more points than a page may hold', () => {
    for (const interval of PRICE_HISTORY_INTERVALS)
      expect(CHART_POINTS[interval]).toBeLessThanOrEqual(MAX_PAGE_SIZE);
  });
});
