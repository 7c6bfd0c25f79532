import { Timing, TRACKING_BATCH_SIZE } from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import type { TrackerPlatform } from './platform';
import type { TrackingQueue } from './queue';
import { beaconEvents, uploadBatch } from './uploader';

/**
 * The wait before the next try after `failures` failed uploads in a row. Its step doubles from
 * `baseMs` with each failure up to `maxMs`; the wait is half the step plus a random part of the
 * other half (equal jitter), so tabs that failed together in an outage retry apart, none sooner
 * than half its step and none later than the cap.
 *
 * @param random a number in [0, 1) (the platform's random source), picking the jittered part
 * @example
 * retryDelay(1, Math.random()); // 500 to 1000 ms
 * retryDelay(9, Math.random()); // 15 to 30 s: the cap
 */
export const retryDelay = (
  failures: number,
  random: number,
  baseMs: number = Timing.trackingRetryBaseMs,
  maxMs: number = Timing.trackingRetryMaxMs,
): number => {
  const step = Math.min(maxMs, baseMs * 2 ** (failures - 1)) / 2;
  return step + random * step;
};

/** Options of {@link createUploadQueue}. */
export interface UploadQueueOptions {
  platform: TrackerPlatform;
  /** The tab's queue and mirror; events leave it only on the gateway's answer. */
  queue: TrackingQueue;
  /** `POST` target of batches and beacons. */
  url: string;
  headers: () => Record<string, string>;
  warn: (message: string) => void;
  /** Whether the tracker may send now: started, ready, uploading on, no native bridge. */
  canSend: () => boolean;
  /** Fills in, as an event goes out, what was unknown when it was queued. */
  complete: (event: TrackingEvent) => TrackingEvent;
  /** The gateway refused uploading (403 or code 40301). */
  onForbidden: () => void;
}

/** Sends a tab's queue: batches by fetch with backoff, and the hide path by beacon. */
export interface UploadQueue {
  /**
   * Uploads the oldest batch unless one is in flight, the queue is empty, or a retry wait or a
   * silence is running.
   */
  send(): Promise<void>;
  /** Beacons every queued event not beaconed since the page was last shown (the hide path). */
  flush(): void;
  /** The page is shown again: the next hide beacons everything queued. */
  shown(): void;
  /** Ends the retry wait now (back online); the next failure still backs off from its step. */
  retryNow(): void;
  /** Ignores the answer of an upload in flight: the tracker stopped. */
  stop(): void;
}

/**
 * Creates the sender of a tab's queue. A failed upload (5xx, 429, network) waits
 * {@link retryDelay} before the next, a refused one (403) silences uploads for
 * Timing.trackingSilenceMs (SPEC 4, 6); a stored one resets the backoff.
 *
 * @example
 * const uploads = createUploadQueue({ platform, queue, url, headers, warn, canSend, complete, onForbidden });
 * void uploads.send(); // from the loop
 * uploads.flush(); // on hide
 */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { platform, queue, url, complete } = options;
  let inFlight = false;
  let generation = 0;
  let failures = 0;
  let retryAt = 0;
  let silencedUntil = 0;
  const beaconed = new Set<string>();

  const canSend = () => options.canSend() && platform.now() >= silencedUntil;

  return {
    async send() {
      if (!canSend() || inFlight || queue.size === 0 || platform.now() < retryAt) return;
      const batch = queue.markSending(queue.peek(TRACKING_BATCH_SIZE).map(complete));
      inFlight = true;
      const mine = generation;
      const outcome = await uploadBatch(platform, url, batch, options.headers(), options.warn);
      inFlight = false;
      if (mine !== generation) return;
      if (outcome.kind === 'done') {
        queue.remove(outcome.ids);
        failures = 0;
        retryAt = 0;
      } else if (outcome.kind === 'forbidden') {
        // SPEC 4/6: Forbid silences uploading for 10 s; the caller reads the config again.
        silencedUntil = platform.now() + Timing.trackingSilenceMs;
        options.onForbidden();
      } else {
        failures += 1;
        retryAt = platform.now() + retryDelay(failures, platform.random());
      }
    },
    flush() {
      if (!canSend()) return;
      const fresh = queue.all().filter((event) => !beaconed.has(event.event_id));
      if (fresh.length === 0) return;
      const outgoing = queue.markSending(fresh.map(complete));
      // Unconfirmed delivery: the events stay queued and mirrored (gateway dedupes by event_id).
      for (const event of beaconEvents(platform, url, outgoing)) beaconed.add(event.event_id);
    },
    shown() {
      beaconed.clear();
    },
    retryNow() {
      retryAt = 0;
    },
    stop() {
      generation += 1;
    },
  };
}
