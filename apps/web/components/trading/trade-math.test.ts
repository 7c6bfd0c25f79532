import { TradeCode } from '@exchange-web/protocol/trading';
import {
  availableOf,
  fingerprintOf,
  marketPair,
  pairOfCase,
  referenceVerdict,
  TRADING_RULE_FINGERPRINT,
  tradingRuleCases,
  type RuleVerdict,
  type TradingRuleCase,
} from '@exchange-web/protocol/trading-rules-cases';
import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  checkPosition,
  decimalsOf,
  floorToStep,
  isDecimalText,
  isMultipleOf,
  notional,
  positionMargin,
  roundToStep,
  sum,
  tradeCrossesOrder,
  type OrderDraft,
} from './trade-math';

const btc = marketPair('BTCUSDT');
const doge = marketPair('DOGEUSDT');
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
    expect(checkOrder(btc, draft({ size: '0.00005' }))).toBe(TradeCode.sizeBelowMinimum);
    expect(checkOrder(btc, draft({ size: '' }))).toBe(TradeCode.sizeBelowMinimum);
    expect(checkOrder(btc, draft({ size: '0.00015' }))).toBe(TradeCode.sizeOffStep);
    expect(checkOrder(doge, draft({ price: '0.15', size: '100.5' }))).toBe(TradeCode.sizeOffStep);
  });

  it('refuses a price off the tick, before looking at the size, as the gateway does', () => {
    expect(checkOrder(btc, draft({ price: '65000.15' }))).toBe(TradeCode.priceOffTick);
    expect(checkOrder(btc, draft({ price: '65000.15', size: '0.00001' }))).toBe(
      TradeCode.priceOffTick,
    );
  });

  it('ignores the price field of a market order', () => {
    expect(checkOrder(btc, draft({ type: 'market', price: '65000.15' }))).toBeNull();
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

  it('counts the fee in what a buy needs, as the gateway holds it', () => {
    // 0.01 × 65000 = 650, plus a fee of 0.65.
    const buy = draft({ price: '65000', size: '0.01' });
    expect(checkOrder(btc, { ...buy, available: '650' })).toBe(TradeCode.insufficientBalance);
    expect(checkOrder(btc, { ...buy, available: '650.65' })).toBeNull();
  });

  it("counts the account's own fee: taker when it fills at once, maker when it rests", () => {
    const feeRates = { maker: '0.0006', taker: '0.0008' };
    // At the ask (65000), the limit buy fills at once: 650 + 0.52 taker fee.
    const taking = draft({ price: '65000', size: '0.01', feeRates });
    expect(checkOrder(btc, { ...taking, available: '650.51' })).toBe(TradeCode.insufficientBalance);
    expect(checkOrder(btc, { ...taking, available: '650.52' })).toBeNull();
    const market = draft({ type: 'market', size: '0.01', feeRates });
    expect(checkOrder(btc, { ...market, available: '650.52' })).toBeNull();
    // Under the ask it rests: 649.99 + 0.389994 maker fee.
    const resting = draft({ price: '64999', size: '0.01', feeRates });
    expect(checkOrder(btc, { ...resting, available: '650.379993' })).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkOrder(btc, { ...resting, available: '650.379994' })).toBeNull();
  });
});

describe('checkPosition', () => {
  const position = { leverage: 10, size: '0.01', markPrice: '65000', available: '1000' };

  it('accepts a valid position and refuses leverage outside 1..max', () => {
    expect(checkPosition(btc, position)).toBeNull();
    expect(checkPosition(btc, { ...position, leverage: 0 })).toBe(TradeCode.leverageOutOfRange);
    expect(checkPosition(btc, { ...position, leverage: 126 })).toBe(TradeCode.leverageOutOfRange);
  });

  it('refuses a margin and opening fee above the available USDT', () => {
    expect(checkPosition(btc, { ...position, available: '64.99' })).toBe(
      TradeCode.insufficientBalance,
    );
    // 65 margin and 0.65 fee.
    expect(checkPosition(btc, { ...position, available: '65' })).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkPosition(btc, { ...position, available: '65.65' })).toBeNull();
    // At the account's taker rate: 65 margin and 0.52 fee.
    const feeRates = { maker: '0.0006', taker: '0.0008' };
    expect(checkPosition(btc, { ...position, feeRates, available: '65.51' })).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkPosition(btc, { ...position, feeRates, available: '65.52' })).toBeNull();
  });

  it('rounds the margin up to 8 places, the amount the gateway freezes', () => {
    expect(positionMargin('65000', '0.01', 10)).toBe('65');
    expect(positionMargin('65000.1', '0.0001', 3)).toBe('2.16667');
    expect(positionMargin('0.15001', '7', 3)).toBe('0.35002334');
  });

  it('refuses a position below the minimum notional, as the gateway does', () => {
    // 0.0001 × 40000 = 4 < 5.
    expect(checkPosition(btc, { ...position, size: '0.0001', markPrice: '40000' })).toBe(
      TradeCode.notionalBelowMinimum,
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

/** What the forms decide for a shared case, fed as OrderForm and PositionForm feed the checks. */
function siteVerdict(ruleCase: TradingRuleCase): RuleVerdict {
  const pair = pairOfCase(ruleCase);
  if (ruleCase.kind === 'order') {
    // OrderForm: the best ask for a buy, the best bid for a sell; the paying coin's balance.
    const marketPrice = ruleCase.side === 'buy' ? ruleCase.ask : ruleCase.bid;
    const payCoin = ruleCase.side === 'buy' ? pair.quote : pair.base;
    const price = ruleCase.price ?? '';
    const code = checkOrder(pair, {
      side: ruleCase.side,
      type: ruleCase.type,
      price,
      size: ruleCase.size,
      marketPrice,
      available: availableOf(ruleCase.balances, payCoin),
    });
    // OrderForm's total.
    const at = ruleCase.type === 'limit' ? price : marketPrice;
    const amount =
      isDecimalText(at) && isDecimalText(ruleCase.size) ? notional(at, ruleCase.size) : null;
    return { code, amount };
  }
  const entry = ruleCase.side === 'long' ? ruleCase.ask : ruleCase.bid;
  const code = checkPosition(pair, {
    leverage: ruleCase.leverage,
    size: ruleCase.size,
    markPrice: entry,
    available: availableOf(ruleCase.balances, 'USDT'),
  });
  return {
    code,
    amount: ruleCase.leverage >= 1 ? positionMargin(entry, ruleCase.size, ruleCase.leverage) : null,
  };
}

// Parity with the gateway: its rules test runs the engine's checks over the same shared cases and
// must reach the same fingerprint (neither side imports the other: DESIGN, layout).
describe('the site over the shared trading-rule cases', () => {
  const cases = tradingRuleCases();
  const verdicts = cases.map(siteVerdict);

  it('answers each case as the shared rules do', () => {
    cases.forEach((ruleCase, index) => {
      expect(verdicts[index], JSON.stringify(ruleCase)).toEqual(referenceVerdict(ruleCase));
    });
  });

  it('reaches the fingerprint the gateway reaches', () => {
    expect(fingerprintOf(verdicts)).toEqual(TRADING_RULE_FINGERPRINT);
  });
});
