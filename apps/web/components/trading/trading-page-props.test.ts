import { TradingPath } from '@exchange-web/protocol/trading';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VisitorGatewayCall } from '../../lib/gateway-call';
import { CANDLE_LIMIT, DEFAULT_INTERVAL, DEPTH_LIMIT, TRADE_LIMIT } from './market-snapshot';
import { loadMarketSnapshot, MARKET_SNAPSHOT_TIMEOUT_MS } from './trading-page-props';

/** A gateway that answers each path as told (a rejection for a missing one), recording calls. */
function fakeGateway(answers: Partial<Record<string, unknown>>) {
  const calls: { path: string; payload: unknown; options: unknown }[] = [];
  const gateway = ((path: string, payload: unknown, _schema: unknown, options: unknown) => {
    calls.push({ path, payload, options });
    return path in answers
      ? Promise.resolve(answers[path])
      : Promise.reject(new Error(`gateway refused ${path}`));
  }) as VisitorGatewayCall;
  return { gateway, calls };
}

afterEach(() => vi.restoreAllMocks());

describe("a trading page's market snapshot", () => {
  it('reads the ticker, book, trades and default candles of the pair, as GETs with a time limit', async () => {
    const answers = {
      [TradingPath.ticker]: { symbol: 'ETHUSDT' },
      [TradingPath.depth]: { bids: [], asks: [] },
      [TradingPath.trades]: { trades: [] },
      [TradingPath.klines]: { candles: [] },
    };
    const { gateway, calls } = fakeGateway(answers);
    expect(await loadMarketSnapshot(gateway, 'ETHUSDT')).toEqual({
      ticker: answers[TradingPath.ticker],
      depth: answers[TradingPath.depth],
      trades: answers[TradingPath.trades],
      klines: answers[TradingPath.klines],
      interval: DEFAULT_INTERVAL,
    });
    expect(calls.map(({ path, payload }) => [path, payload])).toEqual([
      [TradingPath.ticker, { symbol: 'ETHUSDT' }],
      [TradingPath.depth, { symbol: 'ETHUSDT', limit: DEPTH_LIMIT }],
      [TradingPath.trades, { symbol: 'ETHUSDT', limit: TRADE_LIMIT }],
      [TradingPath.klines, { symbol: 'ETHUSDT', interval: DEFAULT_INTERVAL, limit: CANDLE_LIMIT }],
    ]);
    for (const call of calls)
      expect(call.options).toEqual({ method: 'GET', timeoutMs: MARKET_SNAPSHOT_TIMEOUT_MS });
  });

  it('leaves a part the gateway does not give as null, logged, and keeps the rest', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { gateway } = fakeGateway({ [TradingPath.ticker]: { symbol: 'BTCUSDT' } });
    expect(await loadMarketSnapshot(gateway, 'BTCUSDT')).toEqual({
      ticker: { symbol: 'BTCUSDT' },
      depth: null,
      trades: null,
      klines: null,
      interval: DEFAULT_INTERVAL,
    });
    expect(logged).toHaveBeenCalledTimes(3);
  });
});
