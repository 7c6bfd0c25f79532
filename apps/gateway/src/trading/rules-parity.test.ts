import type { OpenPositionRequest, PlaceOrderRequest } from '@exchange-web/protocol/trading';
import {
  fingerprintOf,
  orderRequestOf,
  pairOfCase,
  positionRequestOf,
  referenceVerdict,
  TRADING_RULE_FINGERPRINT,
  tradingRuleCases,
  type CaseBalances,
  type RuleVerdict,
  type TradingRuleCase,
} from '@exchange-web/protocol/trading-rules-cases';
import {
  openPositionRequestSchema,
  placeOrderRequestSchema,
} from '@exchange-web/protocol/trading-schemas';
import { describe, expect, it } from 'vitest';
import { Dec, text } from '../market/decimal';
import { checkOrder, checkPosition, marginOf, notionalOf, type Available } from './rules';

// Parity with the site: the site's trade-math test runs its form checks over the same shared
// cases and must reach the same fingerprint (neither side imports the other: DESIGN, layout).

/** The engine's locked balances of a case: a coin without a row counts as zero. */
const lockedBalances = (balances: CaseBalances): Available | undefined =>
  balances === null ? undefined : (coin) => new Dec(balances[coin] ?? '0');

/** What the engine decides for a case: the checks it runs (before and inside the transaction). */
function gatewayVerdict(ruleCase: TradingRuleCase): RuleVerdict {
  const pair = pairOfCase(ruleCase);
  const bid = new Dec(ruleCase.bid);
  const ask = new Dec(ruleCase.ask);
  if (ruleCase.kind === 'order') {
    const request: PlaceOrderRequest = placeOrderRequestSchema.parse(orderRequestOf(ruleCase));
    const marketPrice = request.side === 'buy' ? ask : bid;
    const refusal = checkOrder(pair, request, marketPrice, lockedBalances(ruleCase.balances));
    const at = request.type === 'market' ? marketPrice : request.price;
    return {
      code: refusal?.code ?? null,
      amount: at === undefined ? null : text(notionalOf(new Dec(at), new Dec(request.size))),
    };
  }
  const request: OpenPositionRequest = openPositionRequestSchema.parse(positionRequestOf(ruleCase));
  const entry = request.side === 'long' ? ask : bid;
  const refusal = checkPosition(pair, request, entry, lockedBalances(ruleCase.balances));
  return {
    code: refusal?.code ?? null,
    amount:
      request.leverage >= 1 ? text(marginOf(entry, new Dec(request.size), request.leverage)) : null,
  };
}

describe('the gateway over the shared trading-rule cases', () => {
  const cases = tradingRuleCases();
  const verdicts = cases.map(gatewayVerdict);

  it('answers each case as the shared rules do', () => {
    cases.forEach((ruleCase, index) => {
      expect(verdicts[index], JSON.stringify(ruleCase)).toEqual(referenceVerdict(ruleCase));
    });
  });

  it('reaches the fingerprint the site reaches', () => {
    expect(fingerprintOf(verdicts)).toEqual(TRADING_RULE_FINGERPRINT);
  });
});
