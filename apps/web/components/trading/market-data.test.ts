import type { Candle, Depth, MarketTrade } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { addTrade, bookView, chartBar, mergeCandle } from './market-data';

const depth: Depth = {
  symbol: 'BTCUSDT',
  asks: [
    ['100.1', '1'],
    ['100.2', '2'],
    ['100.3', '3'],
  ],
  bids: [
    ['99.9', '0.5'],
    ['99.8', '0.5'],
  ],
  time: 1,
};

const candle = (time: number, close: string): Candle => ({
  time,
  open: '1',
  high: '2',
  low: '0.5',
  close,
  volume: '10',
});

describe('bookView', () => {
  it('puts the best ask just above the spread and sizes bars by cumulative depth', () => {
    const view = bookView(depth, 10);
    expect(view.asks.map((row) => row.price)).toEqual(['100.3', '100.2', '100.1']);
    expect(view.asks[0]).toMatchObject({ cumulative: '6', bar: 100 });
    expect(view.bids.map((row) => row.cumulative)).toEqual(['0.5', '1']);
    expect(view.bids[1]?.bar).toBeCloseTo(16.7, 1);
    expect(view.spread).toBe('0.2');
    expect(view.spreadRatio?.startsWith('0.0019980019')).toBe(true);
  });

  it('limits the levels and has no spread while a side is empty', () => {
    expect(bookView(depth, 1).asks).toHaveLength(1);
    expect(bookView({ ...depth, bids: [] }, 5).spread).toBeNull();
    expect(bookView(null, 5)).toEqual({ asks: [], bids: [], spread: null, spreadRatio: null });
  });
});

describe('mergeCandle', () => {
  it('replaces the current candle, appends a new one and keeps the limit', () => {
    const candles = [candle(1000, '1'), candle(2000, '2')];
    expect(mergeCandle(candles, candle(2000, '3'), 10).map((c) => c.close)).toEqual(['1', '3']);
    expect(mergeCandle(candles, candle(3000, '4'), 2).map((c) => c.time)).toEqual([2000, 3000]);
    expect(mergeCandle(candles, candle(1000, '9'), 10).map((c) => c.close)).toEqual(['9', '2']);
  });
});

describe('addTrade', () => {
  const trade = (id: string): MarketTrade => ({ id, price: '1', size: '1', side: 'buy', time: 1 });
  it('puts the newest first, once, within the limit', () => {
    const trades = addTrade([trade('a'), trade('b')], trade('c'), 2);
    expect(trades.map((t) => t.id)).toEqual(['c', 'a']);
    expect(addTrade(trades, trade('c'), 2).map((t) => t.id)).toEqual(['c', 'a']);
  });
});

describe('chartBar', () => {
  it('gives the chart seconds and numbers', () => {
    expect(chartBar(candle(60_000, '1.5'))).toEqual({
      time: 60,
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
    });
  });
});
