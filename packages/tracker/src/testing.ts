import type {
  CookieJar,
  DeviceState,
  ListenTarget,
  PageState,
  ResponseLike,
  TrackerFetchInit,
  TrackerPlatform,
  TrackerStorage,
} from './platform';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';

// A test double shipped with the package (STYLE "Ship a test double"): an in-memory platform whose
// storage, transport, visibility and history are driven by the test. Timers are the global ones,
// reached lazily, so `vi.useFakeTimers()` controls them.

/** In-memory Web Storage that can be told to throw on write (quota) or on any access. */
export class FakeStorage implements TrackerStorage {
  readonly values = new Map<string, string>();
  /** Throw on setItem, like a full quota or Safari private mode. */
  failWrites = false;
  /** Throw on every access, like storage blocked by privacy settings. */
  failAll = false;

  #check(write: boolean) {
    if (this.failAll || (write && this.failWrites)) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
  }
  get length() {
    this.#check(false);
    return this.values.size;
  }
  key(index: number) {
    this.#check(false);
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string) {
    this.#check(false);
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#check(true);
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.#check(false);
    this.values.delete(key);
  }
}

/** A Response-like object with a status and a JSON body. */
export const jsonResponse = (status: number, body: unknown): ResponseLike => ({
  status,
  json: () => Promise.resolve(body),
});

/** One request the fake fetch received. */
export interface FakeRequest {
  url: string;
  init: TrackerFetchInit;
}

/** One beacon the fake sendBeacon received. */
export interface FakeBeacon {
  url: string;
  body: Blob;
}

/** The fake platform and the handles a test drives it with. */
export interface FakePlatform extends TrackerPlatform {
  local: FakeStorage;
  session: FakeStorage;
  cookieJar: Map<string, string>;
  pageState: PageState;
  deviceState: DeviceState;
  globals: Record<string, unknown>;
  requests: FakeRequest[];
  beacons: FakeBeacon[];
  /** Answers each fetch; replace it to change what the gateway says. */
  respond: (url: string, init: TrackerFetchInit) => Promise<ResponseLike>;
  /** sendBeacon answers this; set false to refuse. A function decides per call. */
  acceptBeacon: boolean | ((body: Blob) => boolean);
  /** Fires an event at the listeners of a target, in registration order. */
  emit(target: ListenTarget, type: string, event?: Partial<PageTransitionEvent>): void;
  /** Sets the visibility and fires visibilitychange at the document. */
  setHidden(hidden: boolean): void;
  /** Moves to another URL as history.pushState would, and tells the history listeners. */
  navigate(href: string): void;
  listenerCount(): number;
}

/** The config reply of a gateway whose upload switch is `on`. */
export const configReply = (on = true, userId = '', ip = '203.0.113.7') => ({
  code: '00000',
  msg: 'success',
  data: { clientCommonConfig: { eventLogUploadSwitch: on, userId }, localVo: { ip } },
});

/** The upload reply storing every event of the body. */
export const acceptAll = (init: TrackerFetchInit) => {
  const events = JSON.parse(init.body ?? '[]') as unknown[];
  return jsonResponse(200, {
    code: '00000',
    msg: 'success',
    data: { accepted: events.length, duplicates: 0, rejected: [] },
  });
};

/**
 * An in-memory platform for tests.
 *
 * @example
 * const platform = fakePlatform();
 * const tracker = createTracker({ appId: 'a', appName: 'b', platform, nativeBridge: null });
 */
export function fakePlatform(href = 'https://www.example.test/en/markets'): FakePlatform {
  const listeners: { target: ListenTarget; type: string; handler: (event: Event) => void }[] = [];
  const historyCallbacks = new Set<() => void>();
  const cookieJar = new Map<string, string>();
  const cookies: CookieJar = {
    get: (name) => cookieJar.get(name),
    set: (name, value) => {
      cookieJar.set(name, value);
    },
    remove: (name) => {
      cookieJar.delete(name);
    },
  };
  const url = new URL(href);
  const platform: FakePlatform = {
    local: new FakeStorage(),
    session: new FakeStorage(),
    cookieJar,
    pageState: {
      href: url.href,
      host: url.host,
      pathname: url.pathname,
      search: url.search,
      title: 'Markets',
      referrer: 'https://search.example/',
      hidden: false,
    },
    deviceState: {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      languages: ['en-US', 'en'],
      platform: 'Win32',
      hardwareConcurrency: 8,
      screenWidth: 1920,
      screenHeight: 1080,
      colorDepth: 24,
      timezoneOffset: -60,
      networkType: '4g',
    },
    globals: {},
    requests: [],
    beacons: [],
    respond: (requestUrl, init) =>
      Promise.resolve(
        requestUrl.includes('clientCommonConfig')
          ? jsonResponse(200, configReply())
          : acceptAll(init),
      ),
    acceptBeacon: true,
    now: () => Date.now(),
    random: () => Math.random(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    randomUUID: () => crypto.randomUUID(),
    sha256Hex: async (text) =>
      Array.from(
        new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
        (byte) => byte.toString(16).padStart(2, '0'),
      ).join(''),
    localStorage: () => platform.local,
    sessionStorage: () => platform.session,
    cookies: () => Promise.resolve(cookies),
    fetch: (requestUrl, init) => {
      platform.requests.push({ url: requestUrl, init });
      return platform.respond(requestUrl, init);
    },
    sendBeacon: (beaconUrl, body) => {
      const accepted =
        typeof platform.acceptBeacon === 'function'
          ? platform.acceptBeacon(body)
          : platform.acceptBeacon;
      if (accepted) platform.beacons.push({ url: beaconUrl, body });
      return accepted;
    },
    page: () => ({ ...platform.pageState }),
    device: () => ({ ...platform.deviceState }),
    listen: (target, type, handler) => {
      const entry = { target, type, handler };
      listeners.push(entry);
      return () => {
        const index = listeners.indexOf(entry);
        if (index >= 0) listeners.splice(index, 1);
      };
    },
    onHistoryChange: (callback) => {
      historyCallbacks.add(callback);
      return () => historyCallbacks.delete(callback);
    },
    global: (name) => platform.globals[name],
    emit: (target, type, event = {}) => {
      for (const entry of [...listeners]) {
        if (entry.target === target && entry.type === type) {
          entry.handler({ type, ...event } as unknown as Event);
        }
      }
    },
    setHidden: (hidden) => {
      platform.pageState.hidden = hidden;
      platform.emit('document', 'visibilitychange');
    },
    navigate: (next) => {
      const target = new URL(next, platform.pageState.href);
      platform.pageState.href = target.href;
      platform.pageState.host = target.host;
      platform.pageState.pathname = target.pathname;
      platform.pageState.search = target.search;
      for (const callback of [...historyCallbacks]) callback();
    },
    listenerCount: () => listeners.length + historyCallbacks.size,
  };
  return platform;
}

/** Reads the events of a fake beacon body. */
export async function beaconEvents(beacon: FakeBeacon): Promise<Record<string, unknown>[]> {
  return JSON.parse(await beacon.body.text()) as Record<string, unknown>[];
}

/**
 * A minimal valid event for tests, id `id`, with `extra` fields over it.
 *
 * @example
 * queue.add(trackingEventFixture('e1', { merge: true }));
 */
export const trackingEventFixture = (
  id: string,
  extra: Partial<TrackingEvent> = {},
): TrackingEvent => ({
  event_id: id,
  type: 2,
  event_tracking_id: 'b1',
  track_type: 'manual',
  timestamp: 1,
  url: 'u',
  device_id: 'd',
  session_id: 's',
  ...extra,
});
