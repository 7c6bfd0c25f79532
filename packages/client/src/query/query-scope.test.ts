import { Endpoints } from '@exchange-web/protocol/endpoints';
import { describe, expect, it } from 'vitest';
import { endpointKeyPrefix, endpointQueryKey, endpointScope, queryScope } from './query-scope';

describe('query scope', () => {
  it('is the signed-in user and the account mode', () => {
    expect(queryScope({ sessionKnown: true, userId: '1001', simulation: false })).toEqual({
      userId: '1001',
      mode: 'real',
    });
    expect(queryScope({ sessionKnown: true, userId: '', simulation: true })).toEqual({
      userId: '',
      mode: 'simulation',
    });
  });

  it('is unknown while the session is being read', () => {
    expect(queryScope({ sessionKnown: false, userId: '', simulation: false })).toBeNull();
  });

  it("of a public endpoint is nobody's, known at once, in the account mode", () => {
    const reading = { sessionKnown: false, userId: '', simulation: true };
    expect(endpointScope(Endpoints.ticker, reading)).toEqual({ userId: '', mode: 'simulation' });
    expect(endpointScope(Endpoints.balances, reading)).toBeNull();
    const signedIn = { sessionKnown: true, userId: '1001', simulation: false };
    expect(endpointScope(Endpoints.klines, signedIn)).toEqual({ userId: '', mode: 'real' });
    expect(endpointScope(Endpoints.balances, signedIn)).toEqual({ userId: '1001', mode: 'real' });
  });
});

describe('endpoint query keys', () => {
  const real = { userId: '1001', mode: 'real' } as const;
  const key = (scope: typeof real | { userId: string; mode: 'real' | 'simulation' }) =>
    JSON.stringify(endpointQueryKey(scope, Endpoints.balances, {}));

  it('carry the user and the mode, so another user or mode is another query', () => {
    expect(endpointQueryKey(real, Endpoints.balances, {})).toEqual([
      'endpoint',
      '1001',
      'real',
      'POST',
      '/v1/trade/account/balances',
      {},
    ]);
    expect(key({ userId: '1002', mode: 'real' })).not.toBe(key(real));
    expect(key({ userId: '1001', mode: 'simulation' })).not.toBe(key(real));
  });

  it('tell requests apart under one prefix per endpoint and scope', () => {
    const btc = endpointQueryKey(real, Endpoints.openOrders, { symbol: 'BTCUSDT' });
    const eth = endpointQueryKey(real, Endpoints.openOrders, { symbol: 'ETHUSDT' });
    expect(btc).not.toEqual(eth);
    const prefix = endpointKeyPrefix(real, Endpoints.openOrders);
    expect(btc.slice(0, prefix.length)).toEqual(prefix);
    expect(eth.slice(0, prefix.length)).toEqual(prefix);
  });
});
