import { LocalStorageKey, Timing } from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import type { TrackerPlatform } from './platform';
import { byteLength } from './wire';

/** What a tab mirrors to local storage under {@link queueKey}. */
export interface QueueMirror {
  updatedAt: number;
  events: TrackingEvent[];
}

/** The local storage key of a tab's mirrored queue (SPEC 4 "Tracking"). */
export const queueKey = (tabId: string): string => `${LocalStorageKey.trackingQueue}:${tabId}`;

/** Warned once when local storage refuses the mirror: the queue then lives in memory only. */
export const QUEUE_STORAGE_WARNING = 'Tracking queue kept in memory only: storage refused it';

const extList = (ext: TrackingEvent['event_tracking_ext']) =>
  ext === undefined ? [] : Array.isArray(ext) ? ext : [ext];

/** The memory queue of one tab, mirrored to local storage. */
export interface TrackingQueue {
  readonly size: number;
  /** Queues an event, merging it into a queued unsent one when both carry `merge` (SPEC 5). */
  add(event: TrackingEvent): void;
  /** The first `count` events, oldest first. */
  peek(count: number): TrackingEvent[];
  /** Every queued event. */
  all(): TrackingEvent[];
  /** Removes events by id and updates the mirror. */
  remove(ids: Iterable<string>): void;
  /**
   * Notes that these events are going out now: those sent before get retry_count + 1, and none of
   * them takes merges any more.
   */
  markSending(events: TrackingEvent[]): TrackingEvent[];
  /** Rewrites the mirror (with updatedAt 0 once released). */
  persist(): boolean;
  /** The loop's heartbeat: claims the mirror as this live tab's again, with a fresh updatedAt. */
  heartbeat(): boolean;
  /** Merges the mirrors of gone tabs into this queue (dedupe by event_id); returns how many. */
  adoptOrphans(): number;
  /**
   * Marks the mirror as left behind (the page is unloading): the next page of any tab adopts its
   * events at once instead of after Timing.trackingOrphanMs.
   */
  release(): void;
}

/** Creates a tab's queue. */
export function createQueue(
  platform: TrackerPlatform,
  tabId: string,
  warn: (message: string) => void,
  maxEventBytes: number,
): TrackingQueue {
  let events: TrackingEvent[] = [];
  const sent = new Set<string>();
  const ownKey = queueKey(tabId);
  let warned = false;

  // Once released (the page is going away) every later write keeps the mirror marked left behind,
  // so a write queued before the release cannot claim it back; only the loop's heartbeat does.
  let released = false;
  const persist = (updatedAt = released ? 0 : platform.now()): boolean => {
    try {
      const storage = platform.localStorage();
      if (!storage) return false;
      const mirror: QueueMirror = { updatedAt, events };
      storage.setItem(ownKey, JSON.stringify(mirror));
      return true;
    } catch {
      // Quota or private mode: the memory queue still holds everything (issue 7).
      if (!warned) warn(QUEUE_STORAGE_WARNING);
      warned = true;
      return false;
    }
  };

  // track() must stay cheap: the events of one task are mirrored in one write, right after it
  // (a microtask, so before any unload or the next event of the page), not one write each.
  let writePending = false;
  const persistSoon = () => {
    if (writePending) return;
    writePending = true;
    void Promise.resolve().then(() => {
      writePending = false;
      persist();
    });
  };

  const has = (id: string) => events.some((event) => event.event_id === id);

  return {
    get size() {
      return events.length;
    },
    add(event) {
      if (event.merge) {
        const target = events.find(
          (queued) =>
            queued.merge &&
            queued.event_tracking_id === event.event_tracking_id &&
            !sent.has(queued.event_id),
        );
        if (target) {
          const merged: TrackingEvent = {
            ...target,
            event_tracking_ext: [
              ...extList(target.event_tracking_ext),
              ...extList(event.event_tracking_ext),
            ],
          };
          if (byteLength(JSON.stringify(merged)) <= maxEventBytes) {
            events = events.map((queued) => (queued === target ? merged : queued));
            persistSoon();
            return;
          }
        }
      }
      events.push(event);
      persistSoon();
    },
    peek: (count) => events.slice(0, count),
    all: () => [...events],
    remove(ids) {
      const gone = new Set(ids);
      if (gone.size === 0) return;
      events = events.filter((event) => !gone.has(event.event_id));
      for (const id of gone) sent.delete(id);
      persist();
    },
    markSending(outgoing) {
      const marked = new Map<string, TrackingEvent>();
      for (const event of outgoing) {
        const again = sent.has(event.event_id);
        sent.add(event.event_id);
        marked.set(
          event.event_id,
          again ? { ...event, retry_count: (event.retry_count ?? 0) + 1 } : event,
        );
      }
      events = events.map((event) => {
        const next = marked.get(event.event_id);
        return next ? { ...event, retry_count: next.retry_count ?? 0 } : event;
      });
      persist();
      return [...marked.values()];
    },
    persist: () => persist(),
    heartbeat() {
      released = false;
      return persist();
    },
    release() {
      released = true;
      if (events.length === 0) {
        try {
          platform.localStorage()?.removeItem(ownKey);
        } catch {
          // storage unusable: nothing was mirrored
        }
        return;
      }
      persist();
    },
    adoptOrphans() {
      let adopted = 0;
      try {
        const storage = platform.localStorage();
        if (!storage) return 0;
        const prefix = `${LocalStorageKey.trackingQueue}:`;
        const keys: string[] = [];
        const orphans: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const key = storage.key(index);
          if (key?.startsWith(prefix) && key !== ownKey) keys.push(key);
        }
        for (const key of keys) {
          let mirror: Partial<QueueMirror> | undefined;
          try {
            mirror = JSON.parse(storage.getItem(key) ?? 'null') as Partial<QueueMirror>;
          } catch {
            mirror = undefined;
          }
          const updatedAt = typeof mirror?.updatedAt === 'number' ? mirror.updatedAt : 0;
          if (platform.now() - updatedAt <= Timing.trackingOrphanMs) continue;
          for (const event of Array.isArray(mirror?.events) ? mirror.events : []) {
            if (typeof event?.event_id !== 'string' || has(event.event_id)) continue;
            events.push(event);
            // It may have gone out from its old tab: a resend counts as a retry.
            sent.add(event.event_id);
            adopted += 1;
          }
          orphans.push(key);
        }
        // Drop the orphans' keys only once their events sit in our own mirror.
        if (orphans.length > 0 && persist()) {
          for (const key of orphans) storage.removeItem(key);
        }
      } catch {
        // storage unreadable: nothing to adopt
      }
      return adopted;
    },
  };
}
