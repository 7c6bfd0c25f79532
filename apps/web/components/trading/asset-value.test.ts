import { tickerFixture } from '@exchange-web/protocol/fixtures';
import type { Position } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { futuresEquity, usdtPrices, valueBalances } from './asset-value';

describe('valueBalances', () => {
  it('values coins at their last price, then in the chosen currency, exactly', () => {
    const prices = usdtPrices([tickerFixture('BTCUSDT', '65000.1')], { BTCUSDT: 'BTC' });
    const valued = valueBalances(
      [
        { coin: 'USDT', available: '100.1', frozen: '0.2' },
        { coin: 'BTC', available: '0.1', frozen: '0.2' },
      ],
      prices,
      7.1,
    );
    expect(valued.rows[0]).toMatchObject({ total: '100.3', usdt: '100.3', fiat: '712.13' });
    expect(valued.rows[1]).toMatchObject({ total: '0.3', usdt: '19500.03' });
    expect(valued.totalUsdt).toBe('19600.33');
    expect(valued.totalFiat).toBe('139162.343');
    expect(valued.partial).toBe(false);
  });

  it('marks a coin without a price and leaves it out of the total', () => {
    const valued = valueBalances([{ coin: 'ETH', available: '1', frozen: '0' }], { USDT: '1' }, 1);
    expect(valued.rows[0]).toMatchObject({ usdt: null, fiat: null });
    expect(valued.partial).toBe(true);
    expect(valued.totalUsdt).toBe('0');
  });
});

describe('futuresEquity', () => {
  it('adds margin and PnL of open positions only', () => {
    const position = (status: Position['status'], margin: string, pnl: string): Position => ({
      positionId: status,
      symbol: 'BTCUSDT',
      side: 'long',
      size: '1',
      leverage: 10,
      entryPrice: '1',
      markPrice: '1',
      margin,
      openFee: '0',
      unrealizedPnl: pnl,
      liquidationPrice: '0',
      status,
      realizedPnl: null,
      openedAt: 0,
      closedAt: null,
    });
    expect(
      futuresEquity([position('open', '10.5', '-1.25'), position('closed', '99', '99')]),
    ).toEqual({ margin: '10.5', pnl: '-1.25' });
  });
});
