import type { MarketStreamEvent } from '@exchange-web/protocol/trading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  openMarketStream,
  parseStreamMessage,
  streamUrl,
  type EventSourceLike,
  type StreamStatus,
} from './market-stream';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  opened() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
}

const trade = { id: 't1', price: '65000.1', size: '0.01', side: 'buy', time: 1 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const sources: FakeSource[] = [];
  const events: MarketStreamEvent[] = [];
  const statuses: StreamStatus[] = [];
  const onReconnect = vi.fn();
  const stream = openMarketStream({
    symbol: 'BTCUSDT',
    interval: '1m',
    onEvent: (event) => events.push(event),
    onStatus: (status) => statuses.push(status),
    onReconnect,
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    timers: {
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  });
  return { sources, events, statuses, onReconnect, stream };
}

describe('parseStreamMessage', () => {
  it('reads the payload of a named event, or a whole {type, data} event', () => {
    expect(parseStreamMessage('trade', JSON.stringify(trade))).toEqual({
      type: 'trade',
      data: trade,
    });
    expect(parseStreamMessage('trade', JSON.stringify({ type: 'trade', data: trade }))).toEqual({
      type: 'trade',
      data: trade,
    });
  });

  it('drops what does not match the contract', () => {
    expect(parseStreamMessage('trade', '{')).toBeNull();
    expect(parseStreamMessage('trade', JSON.stringify({ ...trade, price: 65000.1 }))).toBeNull();
    expect(parseStreamMessage('ticker', JSON.stringify(trade))).toBeNull();
  });
});

describe('openMarketStream', () => {
  it('opens one stream for the pair and interval and passes its events on', () => {
    const { sources, events, statuses } = setup();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe(streamUrl('BTCUSDT', '1m'));
    expect(sources[0]?.url).toBe('/v1/market/stream?symbol=BTCUSDT&interval=1m');
    sources[0]?.opened();
    sources[0]?.emit('trade', trade);
    expect(events).toEqual([{ type: 'trade', data: trade }]);
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('leaves a dropped stream to the browser, reopens a closed one with growing delays', () => {
    const { sources, statuses, onReconnect } = setup();
    sources[0]?.fail(false);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);

    sources[0]?.fail(true);
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]?.fail(true);
    vi.advanceTimersByTime(1999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);

    sources[2]?.opened();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('live');
    // A success resets the delay.
    sources[2]?.fail(true);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(4);
  });

  it('closes for good: no events, no retries', () => {
    const { sources, events, stream, statuses } = setup();
    sources[0]?.fail(true);
    stream.close();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    sources[0]?.emit('trade', trade);
    expect(events).toEqual([]);
    expect(statuses.at(-1)).toBe('closed');
  });
});
