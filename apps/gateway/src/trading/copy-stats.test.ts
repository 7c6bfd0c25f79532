import { describe, expect, it } from 'vitest';
import { Dec } from '../market/decimal';
import { leadStats, spotRealised, type SpotFill } from './copy-stats';

const DAY = 86_400_000;
const NOW = 100 * DAY;
const trade = (daysAgo: number, pnl: string) => ({ time: NOW - daysAgo * DAY, pnl: new Dec(pnl) });

describe('leadStats', () => {
  it('counts only the period, on the capital grown by what came before it', () => {
    const stats = leadStats(
      [trade(40, '1000'), trade(5, '550'), trade(3, '-110'), trade(1, '220')],
      new Dec('10000'),
      NOW,
      7,
    );
    // Base 11 000 after the trade 40 days ago; 660 made in the week.
    expect(stats).toEqual({
      period: 7,
      roi: '0.06',
      pnl: '660',
      // Peak 11 550, then 11 440: a fall of 110 / 11 550.
      maxDrawdown: '0.009524',
      winRate: '0.6667',
      trades: 3,
    });
    expect(leadStats([trade(40, '1000')], new Dec('10000'), NOW, 30)).toMatchObject({
      roi: '0',
      pnl: '0',
      winRate: '0',
      trades: 0,
    });
    expect(leadStats([trade(40, '1000')], new Dec('10000'), NOW, 90).roi).toBe('0.1');
  });

  it('takes the fall from the highest peak, whichever trade comes after it', () => {
    const stats = leadStats(
      [trade(6, '1000'), trade(5, '-3000'), trade(4, '500')],
      new Dec('10000'),
      NOW,
      30,
    );
    expect(stats.maxDrawdown).toBe('0.272727');
    expect(stats.pnl).toBe('-1500');
    expect(stats.roi).toBe('-0.15');
  });
});

describe('spotRealised', () => {
  const fill = (side: 'buy' | 'sell', price: string, size: string, fee: string): SpotFill => ({
    symbol: 'BTCUSDT',
    side,
    price: new Dec(price),
    size: new Dec(size),
    fee: new Dec(fee),
    time: 1,
  });

  it('sells at the average cost of what was bought, fees on both sides', () => {
    const trades = spotRealised([
      fill('buy', '100', '1', '0.1'),
      fill('buy', '200', '1', '0.2'),
      fill('sell', '300', '1', '0.3'),
    ]);
    // Cost 150.15 a coin; 299.7 received.
    expect(trades.map((entry) => entry.pnl.toFixed())).toEqual(['149.55']);
  });

  it('leaves out the part of a sell no recorded buy covers', () => {
    const trades = spotRealised([fill('buy', '100', '1', '0'), fill('sell', '150', '3', '0.9')]);
    expect(trades).toHaveLength(1);
    expect(trades[0]?.size.toFixed()).toBe('1');
    // One coin of three: 150 − 0.3 fee − 100 cost.
    expect(trades[0]?.pnl.toFixed()).toBe('49.7');
    expect(spotRealised([fill('sell', '150', '1', '0')])).toEqual([]);
  });
});
