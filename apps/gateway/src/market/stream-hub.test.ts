import {
  MARKET_SYMBOLS,
  type KlineInterval,
  type MarketSymbol,
} from '@exchange-web/protocol/trading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketStreamHub } from './stream-hub';

const [BTC, ETH] = MARKET_SYMBOLS as [MarketSymbol, MarketSymbol];
const START_MS = 1_750_000_000_000;

describe('MarketStreamHub', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START_MS + 250);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A hub whose batch names what was computed, and the list of computations. */
  const countingHub = () => {
    const computed: string[] = [];
    const hub = new MarketStreamHub((pair, interval: KlineInterval, second) => {
      const batch = `${pair.symbol}|${interval}|${second}`;
      computed.push(batch);
      return batch;
    });
    return { hub, computed };
  };

  it('computes each second once for every subscriber of a pair and interval', () => {
    const { hub, computed } = countingHub();
    const first: string[] = [];
    const second: string[] = [];
    hub.subscribe(BTC, '1m', (batch) => first.push(batch));
    hub.subscribe(BTC, '1m', (batch) => second.push(batch));
    vi.advanceTimersByTime(3000);
    const seconds = [0, 1, 2, 3].map((n) => `BTCUSDT|1m|${START_MS / 1000 + n}`);
    expect(computed).toEqual(seconds);
    expect(first).toEqual(seconds);
    expect(second).toEqual(seconds);
    expect(hub.activeChannels).toBe(1);
  });

  it('gives a subscriber the current second at once, computed only if nobody had it', () => {
    const { hub, computed } = countingHub();
    hub.subscribe(BTC, '1m', () => undefined);
    const late: string[] = [];
    vi.advanceTimersByTime(100);
    hub.subscribe(BTC, '1m', (batch) => late.push(batch));
    expect(late).toEqual([`BTCUSDT|1m|${START_MS / 1000}`]);
    expect(computed).toHaveLength(1);
  });

  it('keeps pairs and intervals apart', () => {
    const { hub, computed } = countingHub();
    hub.subscribe(BTC, '1m', () => undefined);
    hub.subscribe(BTC, '5m', () => undefined);
    hub.subscribe(ETH, '1m', () => undefined);
    expect(hub.activeChannels).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(computed).toHaveLength(6);
  });

  it('stops ticking when the last subscriber leaves', () => {
    const { hub, computed } = countingHub();
    const leaveFirst = hub.subscribe(BTC, '1h', () => undefined);
    const leaveSecond = hub.subscribe(BTC, '1h', () => undefined);
    vi.advanceTimersByTime(1000);
    leaveFirst();
    vi.advanceTimersByTime(1000);
    expect(computed).toHaveLength(3);
    leaveSecond();
    expect(hub.activeChannels).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(computed).toHaveLength(3);
  });

  it('reports a failed computation and keeps ticking', () => {
    const reportError = vi.fn();
    let fail = true;
    const hub = new MarketStreamHub(
      (_pair, _interval, second) => {
        if (fail) throw new Error('broken');
        return second;
      },
      { reportError },
    );
    const received: number[] = [];
    hub.subscribe(BTC, '1d', (batch) => received.push(batch));
    expect(reportError).toHaveBeenCalledTimes(1);
    fail = false;
    vi.advanceTimersByTime(1000);
    expect(received).toEqual([START_MS / 1000 + 1]);
  });
});
