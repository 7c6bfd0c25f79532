import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { TradeCode } from './trading';
import {
  referenceVerdict,
  fingerprintOf,
  marketPair,
  orderRequestOf,
  positionRequestOf,
  TRADING_RULE_CASE_COUNT,
  TRADING_RULE_FINGERPRINT,
  tradingRuleCases,
} from './trading-rules-cases';
import {
  checkOrder,
  checkPosition,
  divide,
  feeOf,
  isDecimal,
  isMultipleOf,
  marginOf,
  notionalOf,
  orderHold,
  positionHold,
  reachesLimit,
  roundToStep,
  type OrderCheck,
} from './trading-rules';
import { decimalString } from './market-schemas';
import { openPositionRequestSchema, placeOrderRequestSchema } from './trading-schemas';

const BTC = marketPair('BTCUSDT');
const DOGE = marketPair('DOGEUSDT');

const order = (fields: Partial<OrderCheck>): OrderCheck => ({
  side: 'buy',
  type: 'limit',
  price: '65000.1',
  size: '0.01',
  marketPrice: '65000.2',
  available: null,
  ...fields,
});
const codeOf = (refusal: { code: TradeCode } | null) => refusal?.code ?? null;

describe('decimal arithmetic', () => {
  it('reads decimals as the wire and the forms write them', () => {
    for (const text of ['0', '0.5', '65000', '65000.10']) expect(isDecimal(text)).toBe(true);
    for (const text of ['', '.5', '5.', '-1', '1e3', ' 1', 'abc'])
      expect(isDecimal(text)).toBe(false);
  });

  it('checks multiples exactly, where binary floats do not', () => {
    expect(isMultipleOf('0.3', '0.1')).toBe(true);
    expect(isMultipleOf('65000.15', '0.1')).toBe(false);
    expect(isMultipleOf('0', '0.0001')).toBe(true);
  });

  it('rounds a quotient once, at the places and in the mode asked', () => {
    expect(divide('2', 3, 8, Big.roundUp)).toBe('0.66666667');
    expect(divide('2', 3, 8, Big.roundDown)).toBe('0.66666666');
    // Exactly 2 + 1e-8 over 3 is 0.66666667; with more digits it rounds up once.
    expect(divide('6.00000000000000000000001', 3, 8, Big.roundUp)).toBe('2.00000001');
    expect(divide('0.125', 1, 2, Big.roundHalfEven)).toBe('0.12');
    expect(divide('0.125', 1, 2, Big.roundHalfUp)).toBe('0.13');
  });

  it('rounds to a step, half up unless asked otherwise', () => {
    expect(roundToStep('64999.96', '0.1')).toBe('65000');
    expect(roundToStep('64999.94', '0.1', Big.roundUp)).toBe('65000');
    expect(roundToStep('0.123456', '0.0001', Big.roundDown)).toBe('0.1234');
  });
});

describe('amounts', () => {
  it('charges 0.1 % of the notional, exactly', () => {
    expect(notionalOf('65000.1', '0.0003')).toBe('19.50003');
    expect(feeOf('19.50003')).toBe('0.01950003');
    expect(feeOf('0.00001')).toBe('0.00000001');
  });

  it('holds a buy’s notional and fee in the quote coin and a sell’s size in the base coin', () => {
    expect(orderHold(BTC, 'buy', '65000.1', '0.0003')).toEqual({
      coin: 'USDT',
      amount: '19.51953003',
    });
    expect(orderHold(BTC, 'sell', '65000.1', '0.0003')).toEqual({ coin: 'BTC', amount: '0.0003' });
  });

  it('rounds the margin up to 8 places, the same for the form and the books', () => {
    expect(marginOf('65000.1', '0.0001', 3)).toBe('2.16667');
    expect(marginOf('0.15001', '7', 3)).toBe('0.35002334');
    expect(marginOf('65000', '0.01', 10)).toBe('65');
    expect(positionHold('65000', '0.01', 10)).toEqual({
      coin: 'USDT',
      margin: '65',
      fee: '0.65',
      amount: '65.65',
    });
  });

  it('reaches a buy limit at or below it and a sell limit at or above it', () => {
    expect(reachesLimit('buy', '100', '100')).toBe(true);
    expect(reachesLimit('buy', '100', '100.1')).toBe(false);
    expect(reachesLimit('sell', '100', '100')).toBe(true);
    expect(reachesLimit('sell', '100', '99.9')).toBe(false);
  });
});

describe('checkOrder', () => {
  it('accepts a valid limit and market order', () => {
    expect(checkOrder(BTC, order({}))).toBeNull();
    expect(checkOrder(BTC, order({ type: 'market', price: undefined }))).toBeNull();
  });

  it('refuses with one code per field, in the order of the fields', () => {
    const cases: [Partial<OrderCheck>, TradeCode][] = [
      [{ price: undefined }, TradeCode.priceNotAllowed],
      [{ price: '' }, TradeCode.priceNotAllowed],
      [{ type: 'market', price: '1' }, TradeCode.priceNotAllowed],
      [{ price: '0' }, TradeCode.priceOffTick],
      [{ price: '65000.15' }, TradeCode.priceOffTick],
      [{ size: '0' }, TradeCode.sizeBelowMinimum],
      [{ size: '' }, TradeCode.sizeBelowMinimum],
      [{ size: '0.00015' }, TradeCode.sizeOffStep],
      // 0.0001 × 40000 = 4 < 5; exactly 5 passes.
      [{ price: '40000', size: '0.0001' }, TradeCode.notionalBelowMinimum],
    ];
    for (const [fields, code] of cases) {
      expect(codeOf(checkOrder(BTC, order(fields))), JSON.stringify(fields)).toBe(code);
    }
    expect(checkOrder(BTC, order({ price: '50000', size: '0.0001' }))).toBeNull();
    // A market order is valued at the market price; unknown, its notional is not judged.
    expect(
      codeOf(
        checkOrder(
          DOGE,
          order({ type: 'market', price: undefined, size: '33', marketPrice: '0.15' }),
        ),
      ),
    ).toBe(TradeCode.notionalBelowMinimum);
    expect(
      checkOrder(DOGE, order({ type: 'market', price: undefined, size: '33', marketPrice: null })),
    ).toBeNull();
  });

  it('refuses 0.00005 BTC as below the minimum, before its step (the site said 43002, the gateway 43010)', () => {
    expect(checkOrder(BTC, order({ size: '0.00005' }))).toEqual({
      code: TradeCode.sizeBelowMinimum,
      message: 'size: must be at least 0.0001',
    });
  });

  it('judges the price before the size (the site judged the size first)', () => {
    expect(codeOf(checkOrder(BTC, order({ price: '65000.15', size: '0.00001' })))).toBe(
      TradeCode.priceOffTick,
    );
  });

  it('counts the fee in what a buy needs (the site left it out)', () => {
    // 0.01 × 65000 = 650 and a fee of 0.65.
    const buy = order({ price: '65000' });
    expect(codeOf(checkOrder(BTC, { ...buy, available: '650' }))).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkOrder(BTC, { ...buy, available: '650.649999999999999999' })).toEqual({
      code: TradeCode.insufficientBalance,
      message: 'insufficient USDT: 650.65 needed, 650.649999999999999999 available',
    });
    expect(checkOrder(BTC, { ...buy, available: '650.65' })).toBeNull();
    // A sell pays its size of the base coin, with no fee on it.
    expect(checkOrder(BTC, { ...buy, side: 'sell', available: '0.01' })).toBeNull();
    expect(codeOf(checkOrder(BTC, { ...buy, side: 'sell', available: '0.0099' }))).toBe(
      TradeCode.insufficientBalance,
    );
  });

  it('judges the balance last, after every field', () => {
    expect(codeOf(checkOrder(BTC, order({ size: '0.00005', available: '0' })))).toBe(
      TradeCode.sizeBelowMinimum,
    );
  });
});

describe('checkPosition', () => {
  const position = { leverage: 10, size: '0.01', entryPrice: '65000', available: null };

  it('refuses leverage outside whole numbers from 1 to the pair maximum', () => {
    expect(checkPosition(BTC, position)).toBeNull();
    expect(checkPosition(BTC, { ...position, leverage: 125 })).toBeNull();
    for (const leverage of [0, -1, 126, 2.5, Number.NaN]) {
      expect(codeOf(checkPosition(BTC, { ...position, leverage })), String(leverage)).toBe(
        TradeCode.leverageOutOfRange,
      );
    }
  });

  it('checks size and notional as for an order (the site skipped the notional)', () => {
    expect(codeOf(checkPosition(BTC, { ...position, size: '0.00005' }))).toBe(
      TradeCode.sizeBelowMinimum,
    );
    expect(codeOf(checkPosition(BTC, { ...position, size: '0.00015' }))).toBe(
      TradeCode.sizeOffStep,
    );
    expect(codeOf(checkPosition(BTC, { ...position, size: '0.0001', entryPrice: '40000' }))).toBe(
      TradeCode.notionalBelowMinimum,
    );
  });

  it('needs the margin and the opening fee (the site compared the margin alone, to the cent)', () => {
    expect(codeOf(checkPosition(BTC, { ...position, available: '65.64' }))).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkPosition(BTC, { ...position, available: '65.65' })).toBeNull();
    // 2.16667 margin + 0.00650001 fee: 2.17, the margin to the cent, is not enough.
    const small = { leverage: 3, size: '0.0001', entryPrice: '65000.1' };
    expect(codeOf(checkPosition(BTC, { ...small, available: '2.17' }))).toBe(
      TradeCode.insufficientBalance,
    );
    expect(checkPosition(BTC, { ...small, available: '2.17317001' })).toBeNull();
  });
});

describe('the shared cases', () => {
  const cases = tradingRuleCases();

  it('are the same on every run, inside what the gateway accepts', () => {
    expect(tradingRuleCases()).toEqual(cases);
    expect(cases).toHaveLength(TRADING_RULE_CASE_COUNT + 3);
    for (const ruleCase of cases) {
      const request =
        ruleCase.kind === 'order'
          ? placeOrderRequestSchema.safeParse(orderRequestOf(ruleCase))
          : openPositionRequestSchema.safeParse(positionRequestOf(ruleCase));
      expect(request.success, `case ${ruleCase.id}`).toBe(true);
      for (const value of [ruleCase.bid, ruleCase.ask, ...Object.values(ruleCase.balances ?? {})]) {
        expect(decimalString.safeParse(value).success, `case ${ruleCase.id}: ${value}`).toBe(true);
      }
    }
  });

  it('reach every verdict, 0.00005 BTC among them', () => {
    const { codes } = fingerprintOf(cases.map(referenceVerdict));
    for (const code of [
      'ok',
      TradeCode.insufficientBalance,
      TradeCode.sizeBelowMinimum,
      TradeCode.priceOffTick,
      TradeCode.leverageOutOfRange,
      TradeCode.sizeOffStep,
      TradeCode.notionalBelowMinimum,
      TradeCode.priceNotAllowed,
    ]) {
      expect(codes[code], code).toBeGreaterThan(20);
    }
    expect(
      cases.filter((ruleCase) => ruleCase.symbol === 'BTCUSDT' && ruleCase.size === '0.00005')
        .length,
    ).toBeGreaterThan(20);
  });

  it('pin what the rules answer, for both sides to match', () => {
    expect(fingerprintOf(cases.map(referenceVerdict))).toEqual(TRADING_RULE_FINGERPRINT);
  });
});
