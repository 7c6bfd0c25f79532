// @vitest-environment jsdom
import { tickerFixture } from '@exchange-web/protocol/fixtures';
import {
  TradingPath,
  type Candle,
  type KlineInterval,
  type MarketStreamEvent,
} from '@exchange-web/protocol/trading';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSnapshot } from './market-snapshot';
import type { MarketStreamOptions } from './market-stream';
import { useMarketData } from './useMarketData';

// What the hook hands React: each update's way in, counted by whether a transition carried it.
const updates = vi.hoisted(() => ({ inTransition: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      updates.inTransition += 1;
      react.startTransition(scope);
    },
  };
});
// The queries answer nothing: the render's snapshot and the stream feed the hook here. What each
// query was last told (by path): whether it may fetch.
const queries = vi.hoisted(() => ({
  enabled: new Map<string, boolean>(),
  invalidated: 0,
}));
vi.mock('@exchange-web/react/query/useEndpointQuery', () => ({
  useEndpointQuery: (
    endpoint: { path: string },
    _request: unknown,
    options: { enabled?: boolean },
  ) => {
    queries.enabled.set(endpoint.path, options.enabled !== false);
    return { data: undefined, status: 'pending' };
  },
}));
vi.mock('@exchange-web/react/query/useEndpointActions', () => ({
  useEndpointActions: () => ({
    invalidate: () => {
      queries.invalidated += 1;
      return Promise.resolve();
    },
  }),
}));
const stream = vi.hoisted(() => ({ options: null as MarketStreamOptions | null }));
vi.mock('./market-stream', () => ({
  openMarketStream: (options: MarketStreamOptions) => {
    stream.options = options;
    return { close: () => undefined };
  },
}));

function Probe({
  onTrade = () => undefined,
  rendered = null,
  interval = '1m',
}: {
  onTrade?: () => void;
  rendered?: MarketSnapshot | null;
  interval?: KlineInterval;
}) {
  const data = useMarketData('BTCUSDT', interval, rendered, onTrade);
  return (
    <p>{`${data.ticker?.last ?? '-'} ${data.trades.length} ${data.candles?.length ?? '-'}`}</p>
  );
}

const candle = (time: number, close: string): Candle => ({
  time,
  open: '100',
  high: '102',
  low: '99',
  close,
  volume: '1',
});
const MINUTE = 60_000;
/** A render's snapshot: every part given, candles of 1m up to the minute `lastMinute`. */
const renderedSnapshot = (lastMinute = 5): MarketSnapshot => ({
  ticker: tickerFixture('BTCUSDT', '100.5'),
  depth: { symbol: 'BTCUSDT', bids: [], asks: [], time: 1 } as unknown as MarketSnapshot['depth'],
  trades: { trades: [{ id: 't0', price: '100.5', size: '0.2', side: 'sell', time: 1 }] },
  klines: {
    candles: [candle((lastMinute - 1) * MINUTE, '100'), candle(lastMinute * MINUTE, '100.5')],
  },
  interval: '1m',
});
const snapshotPaths = [
  TradingPath.ticker,
  TradingPath.depth,
  TradingPath.trades,
  TradingPath.klines,
];
const enabledQueries = () => snapshotPaths.filter((path) => queries.enabled.get(path));

describe('useMarketData', () => {
  const dom = testRootPerTest();
  afterEach(() => {
    stream.options = null;
    updates.inTransition = 0;
    queries.enabled.clear();
    queries.invalidated = 0;
  });
  const streamOpen = () => act(() => vi.waitFor(() => expect(stream.options).not.toBeNull()));
  const emit = (event: MarketStreamEvent) => act(() => stream.options?.onEvent(event));

  it('renders what each stream event changes as a transition, hearing trades at once', async () => {
    const onTrade = vi.fn();
    dom.render(<Probe onTrade={onTrade} />);
    await streamOpen();
    const before = updates.inTransition;

    emit({ type: 'ticker', data: tickerFixture('BTCUSDT', '101.5') });
    expect(dom.host.textContent).toBe('101.5 0 -');
    expect(updates.inTransition).toBe(before + 1);

    emit({
      type: 'trade',
      data: { id: 't1', price: '101.6', size: '0.1', side: 'buy', time: 3 },
    });
    expect(dom.host.textContent).toBe('101.5 1 -');
    expect(updates.inTransition).toBe(before + 2);
    expect(onTrade).toHaveBeenCalledTimes(1);
  });

  it('reads every snapshot itself without a render snapshot', async () => {
    dom.render(<Probe />);
    await streamOpen();
    expect(enabledQueries()).toEqual(snapshotPaths);
  });

  it("starts on the render's snapshot and asks for none of it while the stream follows on", async () => {
    dom.render(<Probe rendered={renderedSnapshot()} />);
    await streamOpen();
    expect(dom.host.textContent).toBe('100.5 1 2');
    expect(enabledQueries()).toEqual([]);
    // The stream's first candle is the rendered newest one: nothing closed in between.
    emit({ type: 'kline', data: candle(5 * MINUTE, '101') });
    emit({ type: 'ticker', data: tickerFixture('BTCUSDT', '101') });
    expect(dom.host.textContent).toBe('101 1 2');
    expect(enabledQueries()).toEqual([]);
  });

  it('asks at once for a part the render did not give', async () => {
    dom.render(<Probe rendered={{ ...renderedSnapshot(), depth: null, klines: null }} />);
    await streamOpen();
    expect(enabledQueries()).toEqual([TradingPath.depth, TradingPath.klines]);
    expect(dom.host.textContent).toBe('100.5 1 -');
  });

  it('reads the candles when one closed between the render and the stream', async () => {
    dom.render(<Probe rendered={renderedSnapshot(5)} />);
    await streamOpen();
    emit({ type: 'kline', data: candle(6 * MINUTE, '101') });
    expect(enabledQueries()).toEqual([TradingPath.klines]);
    // Meanwhile the chart keeps the rendered candles and the new one.
    expect(dom.host.textContent).toBe('100.5 1 3');
  });

  it("reads the candles of another interval than the render's, even back on its own", async () => {
    const rendered = renderedSnapshot();
    dom.render(<Probe rendered={rendered} interval="5m" />);
    await streamOpen();
    expect(enabledQueries()).toEqual([TradingPath.klines]);
    dom.render(<Probe rendered={rendered} interval="1m" />);
    await act(() => Promise.resolve());
    expect(enabledQueries()).toEqual([TradingPath.klines]);
  });

  it('reads every snapshot once the stream reconnects, and refetches them on the next', async () => {
    dom.render(<Probe rendered={renderedSnapshot()} />);
    await streamOpen();
    await act(() => stream.options?.onReconnect?.());
    expect(enabledQueries()).toEqual(snapshotPaths);
    expect(queries.invalidated).toBe(0);
    await act(() => stream.options?.onReconnect?.());
    expect(queries.invalidated).toBe(1);
  });
});
