import type { KlineInterval, MarketSymbol } from '@exchange-web/protocol/trading';

/** Makes the batch of one second of one (pair, interval): what every stream of it sends. */
export type ComputeBatch<Batch> = (
  pair: MarketSymbol,
  interval: KlineInterval,
  second: number,
) => Batch;

/** Receives each second's batch; a slow stream keeps only the latest. */
export type BatchListener<Batch> = (batch: Batch, second: number) => void;

interface Channel<Batch> {
  readonly pair: MarketSymbol;
  readonly interval: KlineInterval;
  readonly listeners: Set<BatchListener<Batch>>;
  last: { second: number; batch: Batch } | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** How often a channel publishes. */
const PERIOD_MS = 1000;

/**
 * Computes each second's market-stream batch once per (pair, interval) and hands it to every
 * stream of that pair and interval, so N streams cost one computation plus N writes. A channel
 * ticks (one timer, at each whole second) only while it has listeners.
 */
export class MarketStreamHub<Batch> {
  readonly #channels = new Map<string, Channel<Batch>>();
  readonly #compute: ComputeBatch<Batch>;
  readonly #now: () => number;
  readonly #reportError: (error: unknown) => void;

  /**
   * @param compute makes one second's batch (a pure function of its arguments).
   * @param now the clock, in ms. @default Date.now
   * @param reportError told when `compute` or a listener throws (the channel keeps ticking). @default console.error
   */
  constructor(
    compute: ComputeBatch<Batch>,
    {
      now = () => Date.now(),
      reportError = (error: unknown) => console.error('market stream batch failed:', error),
    }: { now?: () => number; reportError?: (error: unknown) => void } = {},
  ) {
    this.#compute = compute;
    this.#now = now;
    this.#reportError = reportError;
  }

  /** Channels ticking now: one per (pair, interval) with at least one listener. */
  get activeChannels(): number {
    return this.#channels.size;
  }

  /**
   * Adds a listener of the (pair, interval) channel: it gets the current second's batch at once
   * (computed now unless a listener before it already caused it), then one batch each second.
   * Answers the function that removes it.
   */
  subscribe(
    pair: MarketSymbol,
    interval: KlineInterval,
    listener: BatchListener<Batch>,
  ): () => void {
    const key = `${pair.symbol}|${interval}`;
    let channel = this.#channels.get(key);
    if (!channel) {
      channel = { pair, interval, listeners: new Set(), last: undefined, timer: undefined };
      this.#channels.set(key, channel);
    }
    channel.listeners.add(listener);
    const { last } = channel;
    if (last && last.second === this.#second()) listener(last.batch, last.second);
    else this.#publish(channel);
    this.#schedule(channel);
    const subscribed = channel;
    return () => {
      subscribed.listeners.delete(listener);
      if (subscribed.listeners.size === 0 && this.#channels.get(key) === subscribed) {
        clearTimeout(subscribed.timer);
        this.#channels.delete(key);
      }
    };
  }

  #second(): number {
    return Math.floor(this.#now() / 1000);
  }

  #schedule(channel: Channel<Batch>) {
    if (channel.timer !== undefined) return;
    // To the next whole second; a timer that wakes a hair early finds the batch made and waits again.
    const delay = PERIOD_MS - (this.#now() % PERIOD_MS);
    channel.timer = setTimeout(() => {
      channel.timer = undefined;
      if (channel.listeners.size === 0) return;
      this.#publish(channel);
      this.#schedule(channel);
    }, delay);
  }

  // One computation for the second, whoever listens.
  #publish(channel: Channel<Batch>) {
    const second = this.#second();
    if (channel.last?.second === second) return;
    let batch: Batch;
    try {
      batch = this.#compute(channel.pair, channel.interval, second);
    } catch (error) {
      this.#reportError(error);
      return;
    }
    channel.last = { second, batch };
    for (const listener of channel.listeners) {
      try {
        listener(batch, second);
      } catch (error) {
        this.#reportError(error);
      }
    }
  }
}
