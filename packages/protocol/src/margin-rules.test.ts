import { describe, expect, it } from 'vitest';
import { TradeCode } from './trading';
import {
  checkBorrow,
  checkRepay,
  checkTransferOut,
  hourlyInterestOf,
  marginLevelOf,
  marginValuation,
  maxBorrowable,
  maxMarginDebt,
  repaymentOf,
  type MarginHolding,
} from './trading-rules';

const usdt = (available: string, borrowed = '0', interest = '0'): MarginHolding => ({
  coin: 'USDT',
  available,
  borrowed,
  interest,
  price: '1',
});
const btc = (
  available: string,
  borrowed = '0',
  interest = '0',
  price = '60000',
): MarginHolding => ({
  coin: 'BTC',
  available,
  borrowed,
  interest,
  price,
});

describe('margin valuation', () => {
  it('values holdings and debt in USDT, interest counted as debt', () => {
    expect(marginValuation([usdt('1000', '500', '1'), btc('0.1')])).toEqual({
      assets: '7000',
      debt: '501',
      equity: '6499',
      riskRatio: '13.972',
    });
  });

  it('counts what resting orders hold as assets: it is still the trader’s', () => {
    expect(marginValuation([{ ...usdt('990', '1000'), frozen: '10' }, btc('0')])).toEqual({
      assets: '1000',
      debt: '1000',
      equity: '0',
      riskRatio: '1',
    });
  });

  it('has no risk ratio without debt', () => {
    expect(marginValuation([usdt('1000')]).riskRatio).toBeNull();
  });

  it.each([
    [null, 'safe'],
    ['2', 'safe'],
    ['1.3', 'marginCall'],
    ['1.2', 'marginCall'],
    ['1.1', 'liquidation'],
    ['0.5', 'liquidation'],
  ] as const)('reads a risk ratio of %s as %s', (ratio, level) => {
    expect(marginLevelOf(ratio, { marginCall: '1.3', liquidation: '1.1' })).toBe(level);
  });
});

describe('margin leverage tiers', () => {
  it.each([
    ['0', '0'],
    ['-5', '0'],
    // 10x: equity × 9, within the first tier's 50 000.
    ['1000', '9000'],
    // 10x would be 54 000, over the first ceiling: 50 000 at 10x beats 5x's 24 000.
    ['6000', '50000'],
    // 5x: 4 × 20 000 = 80 000, within the second tier.
    ['20000', '80000'],
    // 5x capped at 250 000 beats 3x's 2 × 70 000.
    ['70000', '250000'],
    // 3x without a ceiling: 2 × 200 000.
    ['200000', '400000'],
  ])('lets an equity of %s owe %s in all', (equity, debt) => {
    expect(maxMarginDebt(equity)).toBe(debt);
  });

  it('leaves room for what is owed already, in the coin, rounded down', () => {
    const valuation = marginValuation([usdt('1000', '0'), btc('0')]);
    expect(maxBorrowable(valuation, '1')).toBe('9000');
    expect(maxBorrowable(valuation, '60000')).toBe('0.15');
    expect(maxBorrowable(valuation, '7')).toBe('1285.71428571');
    const owing = marginValuation([usdt('10000', '9000')]);
    expect(maxBorrowable(owing, '1')).toBe('0');
  });
});

describe('margin interest', () => {
  it('charges an hour at the rate, rounded up to 8 places', () => {
    expect(hourlyInterestOf('1000', '0.000005')).toBe('0.005');
    expect(hourlyInterestOf('0.00000001', '0.000005')).toBe('0.00000001');
    expect(hourlyInterestOf('1000', '0.000005', 3)).toBe('0.015');
    expect(hourlyInterestOf('0', '0.000005')).toBe('0');
  });

  it('repays the interest before the principal', () => {
    expect(repaymentOf({ borrowed: '100', interest: '2' }, '1')).toEqual({
      interest: '1',
      principal: '0',
    });
    expect(repaymentOf({ borrowed: '100', interest: '2' }, '50')).toEqual({
      interest: '2',
      principal: '48',
    });
  });
});

describe('margin checks', () => {
  const account = [usdt('1000'), btc('0')];

  it('lets a borrow within the allowance through, and refuses one past it', () => {
    expect(checkBorrow(account, 'USDT', '9000')).toBeNull();
    expect(checkBorrow(account, 'USDT', '9000.01')?.code).toBe(TradeCode.overBorrow);
    expect(checkBorrow(account, 'BTC', '0.15')).toBeNull();
    expect(checkBorrow(account, 'BTC', '0.1501')?.message).toBe(
      'amount: at most 0.15 BTC can be borrowed now',
    );
    expect(checkBorrow(account, 'USDT', '0')?.code).toBe(TradeCode.overBorrow);
    expect(checkBorrow(account, 'ETH', '1')?.code).toBe(TradeCode.overBorrow);
  });

  it('refuses repaying more than owed, then more than held', () => {
    const owing = [usdt('10', '100', '0.5')];
    expect(checkRepay(owing, 'USDT', '100.6')?.code).toBe(TradeCode.repayMoreThanOwed);
    expect(checkRepay(owing, 'USDT', '50')?.code).toBe(TradeCode.insufficientBalance);
    expect(checkRepay(owing, 'USDT', '10')).toBeNull();
    expect(checkRepay([usdt('10')], 'USDT', '1')?.message).toBe('amount: the account owes 0 USDT');
  });

  it('refuses a transfer out past what is held, or to the margin call', () => {
    const owing = [usdt('1500', '1000')];
    expect(checkTransferOut(owing, 'USDT', '1501', '1.3')?.code).toBe(
      TradeCode.insufficientBalance,
    );
    // 1 300 left against 1 000 owed is 1.3: at the call, refused; 1 301 is not.
    expect(checkTransferOut(owing, 'USDT', '200', '1.3')?.code).toBe(
      TradeCode.transferBreachesRisk,
    );
    expect(checkTransferOut(owing, 'USDT', '199', '1.3')).toBeNull();
    expect(checkTransferOut([usdt('1500')], 'USDT', '1500', '1.3')).toBeNull();
  });
});
