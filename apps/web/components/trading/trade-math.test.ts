import { findMarketSymbol, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  checkPosition,
  decimalsOf,
  floorToStep,
  isMultipleOf,
  positionMargin,
  roundToStep,
  sum,
  tradeCrossesOrder,
  type OrderDraft,
} from './trade-math';

const btc = findMarketSymbol('BTCUSDT') as MarketSymbol;
const doge = findMarketSymbol('DOGEUSDT') as MarketSymbol;
const draft = (fields: Partial<OrderDraft>): OrderDraft => ({
  side: 'buy',
  type: 'limit',
  price: '65000.1',
  size: '0.01',
  marketPrice: '65000',
  available: '100000',
  ...fields,
});

describe('decimal steps', () => {
  it('counts the places of a tick and checks multiples exactly (no float error)', () => {
    expect(decimalsOf('0.00001')).toBe(5);
    expect(decimalsOf('1')).toBe(0);
    expect(isMultipleOf('0.3', '0.1')).toBe(true);
    expect(isMultipleOf('65000.15', '0.1')).toBe(false);
    expect(sum(['0.1', '0.2'])).toBe('0.3');
  });

  it('rounds to a step down or to the nearest', () => {
    expect(floorToStep('0.123456', '0.0001')).toBe('0.1234');
    expect(roundToStep('64999.96', '0.1')).toBe('65000.0');
    expect(floorToStep('12.9', '1')).toBe('12');
  });
});

describe('checkOrder mirrors the gateway refusals', () => {
  it('accepts a valid limit order and a valid market order', () => {
    expect(checkOrder(btc, draft({}))).toBeNull();
    expect(checkOrder(btc, draft({ type: 'market', price: '' }))).toBeNull();
  });

  it('refuses a limit order without a price', () => {
    expect(checkOrder(btc, draft({ price: '' }))).toBe(TradeCode.priceNotAllowed);
  });

  it('refuses sizes below the minimum or off the step', () => {
    expect(checkOrder(btc, draft({ size: '0.00001' }))).toBe(TradeCode.sizeBelowMinimum);
    expect(checkOrder(btc, draft({ size: '' }))).toBe(TradeCode.sizeBelowMinimum);
    expect(checkOrder(btc, draft({ size: '0.00015' }))).toBe(TradeCode.sizeOffStep);
    expect(checkOrder(doge, draft({ price: '0.15', size: '100.5' }))).toBe(TradeCode.sizeOffStep);
  });

  it('refuses a price off the tick', () => {
    expect(checkOrder(btc, draft({ price: '65000.15' }))).toBe(TradeCode.priceOffTick);
  });

  it('refuses a notional below the minimum', () => {
    expect(checkOrder(doge, draft({ price: '0.15', size: '10' }))).toBe(
      TradeCode.notionalBelowMinimum,
    );
  });

  it('refuses what the balance cannot pay for, on the side that pays', () => {
    expect(checkOrder(btc, draft({ size: '2' }))).toBe(TradeCode.insufficientBalance);
    expect(checkOrder(btc, draft({ side: 'sell', available: '0.005' }))).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkOrder(btc, draft({ side: 'sell', available: '0.01' }))).toBeNull();
    // Unknown balance (a visitor): nothing to compare with.
    expect(checkOrder(btc, draft({ size: '2', available: null }))).toBeNull();
  });
});

describe('checkPosition', () => {
  const position = { leverage: 10, size: '0.01', markPrice: '65000', available: '1000' };

  it('accepts a valid position and refuses leverage outside 1..max', () => {
    expect(checkPosition(btc, position)).toBeNull();
    expect(checkPosition(btc, { ...position, leverage: 0 })).toBe(TradeCode.leverageOutOfRange);
    expect(checkPosition(btc, { ...position, leverage: 126 })).toBe(TradeCode.leverageOutOfRange);
  });

  it('refuses a margin above the available USDT', () => {
    expect(positionMargin('65000', '0.01', 10)).toBe('65.00');
    expect(checkPosition(btc, { ...position, available: '64.99' })).toBe(
      TradeCode.insufficientBalance,
    );
  });
});

describe('tradeCrossesOrder', () => {
  it('a buy rests until a trade at or below its price, a sell at or above', () => {
    expect(tradeCrossesOrder({ side: 'buy', price: '100' }, '100.1')).toBe(false);
    expect(tradeCrossesOrder({ side: 'buy', price: '100' }, '100')).toBe(true);
    expect(tradeCrossesOrder({ side: 'sell', price: '100' }, '99.9')).toBe(false);
    expect(tradeCrossesOrder({ side: 'sell', price: '100' }, '100.5')).toBe(true);
    expect(tradeCrossesOrder({ side: 'buy', price: null }, '1')).toBe(false);
  });
});
