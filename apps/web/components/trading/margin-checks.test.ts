import { TradeCode } from '@exchange-web/protocol/trading';
import { marginValuation, maxBorrowable } from '@exchange-web/protocol/trading-rules';
import {
  fingerprintOf,
  MARGIN_RULE_FINGERPRINT,
  marginRuleCases,
  referenceMarginVerdict,
  type MarginRuleCase,
  type RuleVerdict,
} from '@exchange-web/protocol/trading-rules-cases';
import type { MarginAccount } from '@exchange-web/protocol/trading-schemas';
import { describe, expect, it } from 'vitest';
import { marginActionCheck } from './margin-checks';

/** The account reply the page would hold for a case: its coins, holdings, prices and rates. */
function accountOf(ruleCase: MarginRuleCase): MarginAccount {
  const valuation = marginValuation(ruleCase.holdings);
  return {
    symbol: ruleCase.symbol,
    holdings: ruleCase.holdings.map((holding) => {
      const rate = ruleCase.hourlyRates[holding.coin] ?? null;
      return {
        ...holding,
        frozen: '0',
        maxBorrowable: rate === null ? '0' : maxBorrowable(valuation, holding.price),
        hourlyRate: rate,
      };
    }),
    assets: valuation.assets,
    debt: valuation.debt,
    equity: valuation.equity,
    riskRatio: valuation.riskRatio,
    level: 'safe',
    marginCallRatio: ruleCase.marginCall,
    liquidationRatio: '1.1',
  };
}

/** What the form pre-checks for a case, and what it shows as borrowable (the reply's figure). */
function siteVerdict(ruleCase: MarginRuleCase): RuleVerdict {
  const account = accountOf(ruleCase);
  const holding = account.holdings.find((entry) => entry.coin === ruleCase.coin);
  return {
    code: marginActionCheck(
      account,
      ruleCase.action,
      ruleCase.coin,
      ruleCase.amount,
      ruleCase.spotAvailable,
    ),
    amount: ruleCase.action === 'borrow' && holding ? holding.maxBorrowable : null,
  };
}

describe('marginActionCheck', () => {
  const [sample] = marginRuleCases(1);
  const account = accountOf({
    ...sample!,
    symbol: 'BTCUSDT',
    holdings: [
      { coin: 'BTC', available: '0', borrowed: '0', interest: '0', price: '65000' },
      { coin: 'USDT', available: '100', borrowed: '0', interest: '0', price: '1' },
    ],
    hourlyRates: { USDT: '0.000005' },
  });

  it('refuses a coin the account does not hold, and a coin without a rate to borrow', () => {
    expect(marginActionCheck(account, 'borrow', 'ETH', '1', null)).toBe(
      TradeCode.coinNotInMarginAccount,
    );
    expect(marginActionCheck(account, 'borrow', 'BTC', '0.001', null)).toBe(TradeCode.overBorrow);
  });

  it('leaves a transfer in to the gateway while the spot balance is unknown', () => {
    expect(marginActionCheck(account, 'transferIn', 'USDT', '1000', null)).toBeNull();
    expect(marginActionCheck(account, 'transferIn', 'USDT', '1000', '999')).toBe(
      TradeCode.insufficientBalance,
    );
  });

  it('refuses a borrow past the collateral and a repay past the debt', () => {
    expect(marginActionCheck(account, 'borrow', 'USDT', '900', null)).toBeNull();
    expect(marginActionCheck(account, 'borrow', 'USDT', '900.01', null)).toBe(TradeCode.overBorrow);
    expect(marginActionCheck(account, 'repay', 'USDT', '1', null)).toBe(
      TradeCode.repayMoreThanOwed,
    );
  });
});

// Parity with the gateway: its margin-rules test runs the engine's judge over the same shared
// cases and must reach the same fingerprint (neither side imports the other: DESIGN, layout).
describe('the site over the shared margin-rule cases', () => {
  const cases = marginRuleCases();
  const verdicts = cases.map(siteVerdict);

  it('answers each case as the shared rules do', () => {
    cases.forEach((ruleCase, index) => {
      expect(verdicts[index], JSON.stringify(ruleCase)).toEqual(referenceMarginVerdict(ruleCase));
    });
  });

  it('reaches the fingerprint the gateway reaches', () => {
    expect(fingerprintOf(verdicts)).toEqual(MARGIN_RULE_FINGERPRINT);
  });
});
