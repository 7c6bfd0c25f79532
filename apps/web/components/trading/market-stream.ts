import {
  TradingPath,
  type KlineInterval,
  type MarketStreamEvent,
} from '@exchange-web/protocol/trading';
import { marketStreamEventSchema } from '@exchange-web/protocol/market-schemas';

/** The part of EventSource the stream uses, so tests pass a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** Timers, taken lazily so fake timers replace them in tests (STYLE: platform from outside). */
export interface StreamTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface MarketStreamOptions {
  symbol: string;
  interval: KlineInterval;
  onEvent(event: MarketStreamEvent): void;
  onStatus?(status: StreamStatus): void;
  /** Called after a reconnect opens, so the page reloads what it may have missed meanwhile. */
  onReconnect?(): void;
  /** @default (url) => new EventSource(url) */
  open?: (url: string) => EventSourceLike;
  /** @default the global timers, called lazily */
  timers?: StreamTimers;
  /** First retry delay; doubles per failure up to `maxDelayMs`. @default 1000 */
  initialDelayMs?: number;
  /** @default 30000 */
  maxDelayMs?: number;
}

export const STREAM_EVENT_TYPES = ['ticker', 'depth', 'trade', 'kline'] as const;
const CLOSED = 2;

const defaultTimers: StreamTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The stream's URL for one pair and candle interval. */
export const streamUrl = (symbol: string, interval: KlineInterval) =>
  `${TradingPath.stream}?${new URLSearchParams({ symbol, interval }).toString()}`;

/**
 * Reads one SSE message: its `event:` name is the type and its data the payload (or, tolerated,
 * the whole `{type, data}` event). Anything that does not match the contract is dropped.
 */
export function parseStreamMessage(type: string, text: string): MarketStreamEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  const wrapped =
    typeof payload === 'object' && payload !== null && 'type' in payload && 'data' in payload
      ? payload
      : { type, data: payload };
  const parsed = marketStreamEventSchema.safeParse(wrapped);
  return parsed.success && parsed.data.type === type ? parsed.data : null;
}

/**
 * One EventSource on the market stream of a pair, reopened with exponential backoff whenever the
 * browser gives up on it (the server closed it, answered an error, or the network dropped).
 * Returns `close()`, which stops it for good (page unmount, route or interval change).
 */
export function openMarketStream(options: MarketStreamOptions): { close(): void } {
  const timers = options.timers ?? defaultTimers;
  const open = options.open ?? ((url: string) => new EventSource(url));
  const initialDelay = options.initialDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let source: EventSourceLike | null = null;
  let retry: unknown = null;
  let delay = initialDelay;
  let closed = false;
  let failedBefore = false;

  const status = (next: StreamStatus) => options.onStatus?.(next);

  const connect = () => {
    retry = null;
    const current = open(streamUrl(options.symbol, options.interval));
    source = current;
    current.onopen = () => {
      if (closed || source !== current) return;
      delay = initialDelay;
      status('live');
      if (failedBefore) options.onReconnect?.();
      failedBefore = false;
    };
    current.onerror = () => {
      if (closed || source !== current) return;
      failedBefore = true;
      // The browser retries a dropped stream itself; only a closed one needs us to reopen it.
      if (current.readyState !== CLOSED) {
        status('reconnecting');
        return;
      }
      current.close();
      source = null;
      status('reconnecting');
      retry = timers.setTimeout(connect, delay);
      delay = Math.min(delay * 2, maxDelay);
    };
    for (const type of STREAM_EVENT_TYPES) {
      current.addEventListener(type, (message) => {
        if (closed || source !== current) return;
        const event = parseStreamMessage(type, message.data);
        if (event) options.onEvent(event);
      });
    }
  };

  status('connecting');
  connect();
  return {
    close() {
      if (closed) return;
      closed = true;
      if (retry !== null) timers.clearTimeout(retry);
      source?.close();
      source = null;
      status('closed');
    },
  };
}
