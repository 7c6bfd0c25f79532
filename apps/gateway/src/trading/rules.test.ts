import { MARKET_SYMBOLS, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import { Dec } from '../market/decimal';
import {
  checkOrder,
  checkPosition,
  closeOutcome,
  feeOf,
  isCrossed,
  isLiquidated,
  isMarketable,
  liquidationPriceOf,
  marginOf,
  orderHold,
  pnlOf,
} from './rules';

const pair = (symbol: string): MarketSymbol => MARKET_SYMBOLS.find((p) => p.symbol === symbol)!;
const BTC = pair('BTCUSDT');
const DOGE = pair('DOGEUSDT');
const d = (value: string) => new Dec(value);
const codeOf = (refusal: { code: string } | undefined) => refusal?.code;

describe('checkOrder', () => {
  const market = d('65000');
  it('accepts a valid limit and market order', () => {
    expect(
      checkOrder(
        BTC,
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '64000.1', size: '0.0001' },
        market,
      ),
    ).toBeUndefined();
    expect(
      checkOrder(BTC, { symbol: 'BTCUSDT', side: 'sell', type: 'market', size: '0.01' }, market),
    ).toBeUndefined();
  });

  it('refuses in the documented order', () => {
    const base = { symbol: 'BTCUSDT', side: 'buy' as const };
    expect(codeOf(checkOrder(BTC, { ...base, type: 'limit', size: '1' }, market))).toBe(
      TradeCode.priceNotAllowed,
    );
    expect(
      codeOf(checkOrder(BTC, { ...base, type: 'market', price: '1', size: '1' }, market)),
    ).toBe(TradeCode.priceNotAllowed);
    expect(
      codeOf(checkOrder(BTC, { ...base, type: 'limit', price: '64000.15', size: '1' }, market)),
    ).toBe(TradeCode.priceOffTick);
    expect(codeOf(checkOrder(BTC, { ...base, type: 'limit', price: '0', size: '1' }, market))).toBe(
      TradeCode.priceOffTick,
    );
    expect(
      codeOf(checkOrder(BTC, { ...base, type: 'limit', price: '64000', size: '0.00015' }, market)),
    ).toBe(TradeCode.sizeOffStep);
    expect(
      codeOf(checkOrder(BTC, { ...base, type: 'limit', price: '64000', size: '0' }, market)),
    ).toBe(TradeCode.sizeBelowMinimum);
    // 0.0001 × 40000 = 4 < 5
    expect(
      codeOf(checkOrder(BTC, { ...base, type: 'limit', price: '40000', size: '0.0001' }, market)),
    ).toBe(TradeCode.notionalBelowMinimum);
    // Exactly the minimum notional passes: 0.0001 × 50000 = 5.
    expect(
      checkOrder(BTC, { ...base, type: 'limit', price: '50000', size: '0.0001' }, market),
    ).toBeUndefined();
    // A market order is valued at the market price.
    expect(
      codeOf(
        checkOrder(
          DOGE,
          { symbol: 'DOGEUSDT', side: 'buy', type: 'market', size: '33' },
          d('0.15'),
        ),
      ),
    ).toBe(TradeCode.notionalBelowMinimum);
  });
});

describe('the balance check', () => {
  const balances = (amounts: Record<string, string>) => (coin: string) => d(amounts[coin] ?? '0');
  const buy = { symbol: 'BTCUSDT', side: 'buy' as const, type: 'limit' as const, price: '65000' };

  it('counts the fee in what a buy needs, in the quote coin only', () => {
    // 0.01 × 65000 = 650, and the fee 0.65.
    const order = { ...buy, size: '0.01' };
    expect(checkOrder(BTC, order, d('65000.1'), balances({ USDT: '650.65' }))).toBeUndefined();
    expect(checkOrder(BTC, order, d('65000.1'), balances({ USDT: '650.64999999' }))).toEqual({
      code: TradeCode.insufficientBalance,
      message: 'insufficient USDT: 650.65 needed, 650.64999999 available',
    });
    expect(codeOf(checkOrder(BTC, order, d('65000.1'), balances({ BTC: '1000' })))).toBe(
      TradeCode.insufficientBalance,
    );
  });

  it('values a market buy at the market price and a sell in the base coin', () => {
    const market = { symbol: 'BTCUSDT', side: 'buy' as const, type: 'market' as const };
    expect(
      codeOf(
        checkOrder(BTC, { ...market, size: '0.01' }, d('65000.1'), balances({ USDT: '650.65' })),
      ),
    ).toBe(TradeCode.insufficientBalance);
    const sell = { ...market, side: 'sell' as const, size: '0.01' };
    expect(checkOrder(BTC, sell, d('65000'), balances({ BTC: '0.01' }))).toBeUndefined();
    expect(codeOf(checkOrder(BTC, sell, d('65000'), balances({ BTC: '0.0099' })))).toBe(
      TradeCode.insufficientBalance,
    );
  });

  it("needs a position's margin and its opening fee", () => {
    // 65000 × 0.01 / 10 = 65 margin, 0.65 fee.
    const request = { symbol: 'BTCUSDT', side: 'long' as const, leverage: 10, size: '0.01' };
    expect(checkPosition(BTC, request, d('65000'), balances({ USDT: '65.65' }))).toBeUndefined();
    expect(codeOf(checkPosition(BTC, request, d('65000'), balances({ USDT: '65.6' })))).toBe(
      TradeCode.insufficientBalance,
    );
  });
});

describe('holds, fees and fills', () => {
  it('holds notional plus fee for a buy and the size for a sell, exactly', () => {
    expect(orderHold(BTC, 'buy', d('65000.1'), d('0.0003'))).toEqual({
      coin: 'USDT',
      amount: d('19.51953003'),
    });
    expect(orderHold(BTC, 'sell', d('65000.1'), d('0.0003'))).toEqual({
      coin: 'BTC',
      amount: d('0.0003'),
    });
    expect(feeOf(d('0.00001').times(1)).toFixed()).toBe('0.00000001');
  });

  it('fills a marketable limit at once and a resting one when the price touches it', () => {
    expect(isMarketable('buy', d('100'), d('99'), d('100'))).toBe(true);
    expect(isMarketable('buy', d('99.9'), d('99'), d('100'))).toBe(false);
    expect(isMarketable('sell', d('99'), d('99'), d('100'))).toBe(true);
    expect(isMarketable('sell', d('99.1'), d('99'), d('100'))).toBe(false);
    const range = { low: d('95'), high: d('105') };
    expect(isCrossed('buy', d('95'), range)).toBe(true);
    expect(isCrossed('buy', d('94.9'), range)).toBe(false);
    expect(isCrossed('sell', d('105'), range)).toBe(true);
    expect(isCrossed('sell', d('105.1'), range)).toBe(false);
  });
});

describe('futures', () => {
  it('checks leverage from 1 to the pair maximum', () => {
    const request = { symbol: 'BTCUSDT', side: 'long' as const, size: '0.01' };
    expect(codeOf(checkPosition(BTC, { ...request, leverage: 0 }, d('65000')))).toBe(
      TradeCode.leverageOutOfRange,
    );
    expect(codeOf(checkPosition(BTC, { ...request, leverage: 126 }, d('65000')))).toBe(
      TradeCode.leverageOutOfRange,
    );
    expect(checkPosition(BTC, { ...request, leverage: 125 }, d('65000'))).toBeUndefined();
    // Below the minimum and off the step at once: the minimum wins (resolved with the site, which
    // answered 43002 where the gateway answered 43010).
    expect(
      codeOf(checkPosition(BTC, { ...request, leverage: 2, size: '0.00001' }, d('65000'))),
    ).toBe(TradeCode.sizeBelowMinimum);
    expect(
      codeOf(checkPosition(BTC, { ...request, leverage: 2, size: '0.00015' }, d('65000'))),
    ).toBe(TradeCode.sizeOffStep);
  });

  it('rounds the margin up to 8 places', () => {
    expect(marginOf(d('65000.1'), d('0.0001'), 3).toFixed()).toBe('2.16667');
    expect(marginOf(d('0.15001'), d('7'), 3).toFixed()).toBe('0.35002334');
  });

  it('puts the liquidation price at 1/leverage minus the maintenance rate from entry, on the safe tick', () => {
    expect(liquidationPriceOf('long', d('65000'), 10, d('0.1')).toFixed()).toBe('58825');
    expect(liquidationPriceOf('short', d('65000'), 10, d('0.1')).toFixed()).toBe('71175');
    expect(liquidationPriceOf('long', d('65000.1'), 125, d('0.1')).toFixed()).toBe('64805.1');
    expect(liquidationPriceOf('short', d('65000.1'), 125, d('0.1')).toFixed()).toBe('65195.1');
    expect(liquidationPriceOf('long', d('0.15'), 1, d('0.00001')).toFixed()).toBe('0.00075');
  });

  it('keeps a liquidation price that falls on a tick, at a leverage whose 1/leverage never ends', () => {
    // 60 × (1 + 1/3 − 0.005) is 79.7 exactly: a 1/3 cut short first put it a tick lower (79.6).
    expect(liquidationPriceOf('short', d('60'), 3, d('0.1')).toFixed()).toBe('79.7');
    expect(liquidationPriceOf('long', d('60'), 3, d('0.1')).toFixed()).toBe('40.3');
    expect(liquidationPriceOf('long', d('60.1'), 3, d('0.1')).toFixed()).toBe('40.4');
  });

  it('values PnL and liquidation per side', () => {
    expect(pnlOf('long', d('100'), d('101.5'), d('2')).toFixed()).toBe('3');
    expect(pnlOf('short', d('100'), d('101.5'), d('2')).toFixed()).toBe('-3');
    const range = { low: d('90'), high: d('110') };
    expect(isLiquidated('long', d('90'), range)).toBe(true);
    expect(isLiquidated('long', d('89.9'), range)).toBe(false);
    expect(isLiquidated('short', d('110'), range)).toBe(true);
    expect(isLiquidated('short', d('110.1'), range)).toBe(false);
  });

  it('closes for margin + PnL − fee, never below zero', () => {
    expect(closeOutcome('long', d('100'), d('110'), d('1'), d('10'))).toEqual({
      payout: d('19.89'),
      realizedPnl: d('9.89'),
      fee: d('0.11'),
    });
    expect(closeOutcome('short', d('100'), d('120'), d('1'), d('10'))).toEqual({
      payout: d('0'),
      realizedPnl: d('-10'),
      fee: d('0.12'),
    });
  });
});
