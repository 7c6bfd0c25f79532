import {
  fingerprintOf,
  MARGIN_RULE_FINGERPRINT,
  marginRuleCases,
  referenceMarginVerdict,
  type MarginRuleCase,
  type RuleVerdict,
} from '@exchange-web/protocol/trading-rules-cases';
import { marginValuation, maxBorrowable } from '@exchange-web/protocol/trading-rules';
import { describe, expect, it } from 'vitest';
import { Dec, text } from '../market/decimal';
import { coinsOf } from './margin';
import { marginActionRefusal } from './margin-rules';

// Parity with the site: its margin-checks test runs the forms' pre-check over the same shared
// cases and must reach the same fingerprint (neither side imports the other: DESIGN, layout).

/** What the engine decides for a case: its own coins of the scope, holdings as it reads rows. */
function gatewayVerdict(ruleCase: MarginRuleCase): RuleVerdict {
  const holdings = ruleCase.holdings.map((holding) => ({
    coin: holding.coin,
    available: text(new Dec(holding.available)),
    borrowed: text(new Dec(holding.borrowed)),
    interest: text(new Dec(holding.interest)),
    price: holding.price,
  }));
  const refusal = marginActionRefusal(
    {
      coins: coinsOf(ruleCase.symbol ?? ''),
      holdings,
      spotAvailable: new Dec(ruleCase.spotAvailable),
      hourlyRates: ruleCase.hourlyRates,
      marginCall: ruleCase.marginCall,
    },
    ruleCase.action,
    ruleCase.coin,
    new Dec(ruleCase.amount),
  );
  const holding = holdings.find((entry) => entry.coin === ruleCase.coin);
  const borrowable = ruleCase.hourlyRates[ruleCase.coin] !== undefined;
  return {
    code: refusal?.code ?? null,
    amount:
      ruleCase.action === 'borrow' && holding
        ? borrowable
          ? maxBorrowable(marginValuation(holdings), holding.price)
          : '0'
        : null,
  };
}

describe('the gateway over the shared margin-rule cases', () => {
  const cases = marginRuleCases();
  const verdicts = cases.map(gatewayVerdict);

  it('answers each case as the shared rules do', () => {
    cases.forEach((ruleCase, index) => {
      expect(verdicts[index], JSON.stringify(ruleCase)).toEqual(referenceMarginVerdict(ruleCase));
    });
  });

  it('reaches the fingerprint the site reaches', () => {
    expect(fingerprintOf(verdicts)).toEqual(MARGIN_RULE_FINGERPRINT);
  });
});
