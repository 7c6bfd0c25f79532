import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LocalStorageKey,
  Timing,
  TRACKER_LIBRARY_VERSION,
  TRACKING_MAX_EVENT_BYTES,
  VISITOR_ID_PATTERN,
} from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import { trackingEventSchema } from '@exchange-web/protocol/schemas';
import { queueKey } from './queue';
import {
  acceptAll,
  beaconEvents,
  configReply,
  fakePlatform,
  jsonResponse,
  type FakePlatform,
} from './testing';
import {
  configFailedWarning,
  createTracker,
  eventTooLargeWarning,
  type Tracker,
  type TrackerOptions,
} from './tracker';
import { BEACON_CONTENT_TYPE, requestFailedWarning } from './uploader';

let platform: FakePlatform;
let warnings: string[];
let tracker: Tracker;

const uploads = () =>
  platform.requests
    .filter((request) => request.url.endsWith('/v1/buried/log/info'))
    .map((request) => JSON.parse(request.init.body ?? '[]') as TrackingEvent[]);
const configCalls = () =>
  platform.requests.filter((request) => request.url.endsWith('/v1/mix/public/clientCommonConfig'));
const uploaded = () => uploads().flat();
const mirror = () => {
  for (const [key, value] of platform.local.values) {
    if (key.startsWith(`${LocalStorageKey.trackingQueue}:`)) {
      return JSON.parse(value) as { updatedAt: number; events: TrackingEvent[] };
    }
  }
  return undefined;
};

type Extra = { [K in keyof TrackerOptions]?: TrackerOptions[K] | undefined };

function make(extra: Extra = {}) {
  const options: TrackerOptions = {
    appId: 'exchange_web_01',
    appName: 'exchange_web',
    platform,
    nativeBridge: null,
    warn: (message) => warnings.push(message),
    reportBaseUrl: 'https://log.example.test',
    configBaseUrl: 'https://cfg.example.test',
    userLanguage: () => 'en_US',
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete (options as unknown as Record<string, unknown>)[key];
    else (options as unknown as Record<string, unknown>)[key] = value;
  }
  tracker = createTracker(options);
  return tracker;
}

/** Starts and waits until config, identity and the UA parser are in. */
async function started(extra: Extra = {}) {
  make(extra).start();
  await vi.waitFor(() => expect(tracker.deviceId()).not.toBe(''));
  await vi.advanceTimersByTimeAsync(0);
  return tracker;
}

/** Runs the loop until the queue is empty or the time is up. */
const runLoop = (ms = Timing.trackingLoopMs * 2) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  platform = fakePlatform();
  warnings = [];
});

afterEach(() => {
  tracker.stop();
  vi.useRealTimers();
});

describe('events', () => {
  it('sends the first page-show and a click with every field the schema knows', async () => {
    await started();
    tracker.setUserId('u1');
    tracker.track({ type: 'click', eventTrackingId: 'b100', ext: { a: 1 }, business1: 'x' });
    await runLoop();
    const [show, click] = uploaded();
    expect(show).toMatchObject({
      type: 1,
      event_tracking_id: '/',
      page_status: 'show',
      track_type: 'auto',
      url: 'https://www.example.test/en/markets',
      url_host: 'www.example.test',
      title: 'Markets',
      app_id: 'exchange_web_01',
      app_name: 'exchange_web',
      browser: 'Chrome',
      sys: 'Windows',
      screen_width: 1920,
      network_type: '4g',
      log_env: 'online',
      source_referer: 'https://search.example/',
      first_day: true,
    });
    expect(click).toMatchObject({
      type: 2,
      event_tracking_id: 'b100',
      event_tracking_ext: { a: 1 },
      business1: 'x',
      uid: 'u1',
      user_language: 'en_US',
      track_type: 'manual',
      device_id: tracker.deviceId(),
      page_unique_id: show?.page_unique_id,
    });
    expect(click?.seq).toBe((show?.seq ?? 0) + 1);
    expect(click?.session_id).toMatch(new RegExp(`^${tracker.deviceId()}-\\d+-\\d+$`));
    // The gateway's own schema accepts them (it is strict: no unknown field).
    for (const event of uploaded()) expect(trackingEventSchema.safeParse(event).success).toBe(true);
    // SPEC 3 "Base info": platform code (Windows 6), library version and visitor id.
    for (const event of uploaded()) {
      expect(event).toMatchObject({ platform: 6, lib_version: TRACKER_LIBRARY_VERSION });
      expect(event.visitor_id).toMatch(VISITOR_ID_PATTERN);
    }
    const request = platform.requests.at(-1);
    expect(request?.url).toBe('https://log.example.test/v1/buried/log/info');
    expect(request?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      keepalive: false,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('tracks clicks declared in markup as automatic clicks, and checks their id', async () => {
    await started();
    const declared = (attributes: Record<string, string>) => ({
      getAttribute: (name: string) => attributes[name] ?? null,
      closest: () => ({ getAttribute: (name: string) => attributes[name] ?? null }),
    });
    const click = (attributes: Record<string, string>) =>
      platform.emit('document', 'click', {
        target: declared(attributes) as unknown as EventTarget,
      });
    click({ 'data-tracking-id': 'b42', 'data-tracking-ext': '{"n":1}' });
    click({ 'data-tracking-id': 'x42' });
    await runLoop();
    const clicks = uploaded().filter((event) => event.type === 2);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({
      event_tracking_id: 'b42',
      event_tracking_ext: { n: 1 },
      track_type: 'auto',
    });
    expect(warnings).toContain('event_tracking_id x42 is invalid!');
  });

  it('drops an invalid id or type with the spec warning and never throws', async () => {
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'x1' });
    tracker.track({ type: 'nope' as 'click', eventTrackingId: 'b1' });
    platform.randomUUID = () => {
      throw new Error('boom');
    };
    expect(() => tracker.track({ type: 2, eventTrackingId: 'b2' })).not.toThrow();
    expect(warnings).toContain('event_tracking_id x1 is invalid!');
    expect(warnings).toContain('Tracking event type nope is invalid!');
    expect(warnings).toContain('Error: boom');
  });

  it('drops an event over the byte limit with a warning and delivers one at the limit', async () => {
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b1', ext: { pad: '' } });
    await Promise.resolve();
    const base = new TextEncoder().encode(JSON.stringify(mirror()?.events.at(-1))).length;
    await runLoop();
    tracker.track({
      type: 'click',
      eventTrackingId: 'b2',
      ext: { pad: 'x'.repeat(TRACKING_MAX_EVENT_BYTES) },
    });
    tracker.track({
      type: 'click',
      eventTrackingId: 'b3',
      ext: { pad: 'y'.repeat(TRACKING_MAX_EVENT_BYTES - base) },
    });
    tracker.track({ type: 'click', eventTrackingId: 'b4' });
    await runLoop();
    const ids = uploaded().map((event) => event.event_tracking_id);
    expect(ids).toContain('b3');
    expect(ids).toContain('b4');
    expect(ids).not.toContain('b2');
    expect(
      warnings.some((message) => message.startsWith(eventTooLargeWarning('b2', 0).slice(0, 24))),
    ).toBe(true);
  });

  it('merges queued unsent events with merge and the same id, exts in a list', async () => {
    await started();
    tracker.track({ type: 'expose', eventTrackingId: 'b7', ext: { n: 1 }, merge: true });
    tracker.track({ type: 'expose', eventTrackingId: 'b7', ext: { n: 2 }, merge: true });
    tracker.track({ type: 'expose', eventTrackingId: 'b8', ext: { n: 3 }, merge: true });
    await runLoop();
    const merged = uploaded().filter((event) => event.event_tracking_id === 'b7');
    expect(merged).toHaveLength(1);
    expect(merged[0]?.event_tracking_ext).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('labels page views of inscription pages with their tracking id and tab or coin', async () => {
    platform = fakePlatform('https://www.example.test/ja/inscription/brc-20/hot');
    await started();
    platform.navigate('/inscription/brc-20/ordi');
    await runLoop();
    const pages = uploaded().filter((event) => event.type === 1);
    expect(
      pages.map((event) => [event.event_tracking_id, event.page_status, event.event_tracking_ext]),
    ).toEqual([
      ['b6055', 'show', { tab: 'hot' }],
      ['b6055', 'hide', { tab: 'hot' }],
      ['b6056', 'show', { coin_name: 'ordi' }],
    ]);
  });
});

describe('history and exposes', () => {
  it('emits page-leave for the old URL and page-show for the new, nothing for the same URL', async () => {
    await started();
    platform.navigate('/en/futures');
    platform.navigate('/en/futures');
    await runLoop();
    const pages = uploaded().filter((event) => event.type === 1);
    expect(pages.map((event) => [event.page_status, event.url])).toEqual([
      ['show', 'https://www.example.test/en/markets'],
      ['hide', 'https://www.example.test/en/markets'],
      ['show', 'https://www.example.test/en/futures'],
    ]);
    expect(pages[2]?.page_unique_id).not.toBe(pages[0]?.page_unique_id);
  });

  it('holds an expose for another URL until that URL is current', async () => {
    await started();
    tracker.track({ type: 'expose', eventTrackingId: 'b9', url: '/en/futures' });
    await runLoop();
    expect(uploaded().some((event) => event.event_tracking_id === 'b9')).toBe(false);
    platform.navigate('/en/futures');
    await runLoop();
    const expose = uploaded().find((event) => event.event_tracking_id === 'b9');
    expect(expose?.url).toBe('https://www.example.test/en/futures');
  });
});

describe('config', () => {
  it('uploads nothing while the switch is off and re-reads the config once a silence', async () => {
    let switchOn = false;
    platform.respond = (url, init) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply(switchOn)) : acceptAll(init),
      );
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    await runLoop();
    expect(uploads()).toHaveLength(0);
    expect(configCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs);
    expect(configCalls()).toHaveLength(2);
    expect(uploads()).toHaveLength(0);
    switchOn = true;
    tracker.track({ type: 'click', eventTrackingId: 'b2' });
    tracker.track({ type: 'click', eventTrackingId: 'b3' });
    // At most once a silence, however many events come.
    expect(configCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs + Timing.trackingLoopMs * 2);
    expect(configCalls()).toHaveLength(3);
    expect(uploaded().map((event) => event.event_tracking_id)).toEqual(['/', 'b1', 'b2', 'b3']);
  });

  it('on config failure warns, keeps uploading off and sends no uid', async () => {
    platform.respond = () => Promise.reject(new Error('offline'));
    await started();
    expect(warnings).toContain(configFailedWarning('offline'));
    expect(mirror()?.events[0]?.uid).toBeUndefined();
    await runLoop();
    expect(uploads()).toHaveLength(0);
  });

  it('uses the config userId as uid unless setUserId was called, and the ip in the fingerprint', async () => {
    platform.respond = (url, init) =>
      Promise.resolve(
        url.includes('clientCommon')
          ? jsonResponse(200, configReply(true, 'cfg-uid', '198.51.100.1'))
          : acceptAll(init),
      );
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    tracker.setUserId('');
    tracker.track({ type: 'click', eventTrackingId: 'b2' });
    await runLoop();
    expect(uploaded().map((event) => event.uid)).toEqual(['cfg-uid', 'cfg-uid', '']);
    const other = fakePlatform();
    other.respond = (url, init) =>
      Promise.resolve(
        url.includes('clientCommon')
          ? jsonResponse(200, configReply(true, '', '198.51.100.2'))
          : acceptAll(init),
      );
    const second = createTracker({ appId: 'a', appName: 'b', platform: other, nativeBridge: null });
    second.start();
    await vi.waitFor(() => expect(second.deviceId()).not.toBe(''));
    second.stop();
    expect(second.deviceId()).not.toBe(tracker.deviceId());
  });
});

describe('upload failures', () => {
  it('keeps the queue on 5xx, warns, backs off and resends the same event_id with retry_count + 1', async () => {
    let fail = 2;
    platform.respond = (url, init) => {
      if (url.includes('clientCommon')) return Promise.resolve(jsonResponse(200, configReply()));
      if (fail > 0) {
        fail -= 1;
        return Promise.resolve(jsonResponse(503, {}));
      }
      return Promise.resolve(acceptAll(init));
    };
    await started();
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs);
    expect(uploads()).toHaveLength(1);
    expect(warnings).toContain(requestFailedWarning(503));
    // Backoff: nothing more within the first retry wait.
    await vi.advanceTimersByTimeAsync(Timing.trackingRetryBaseMs - Timing.trackingLoopMs);
    expect(uploads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(Timing.trackingRetryBaseMs * 4);
    const attempts = uploads().map((batch) => batch[0]);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((event) => event?.event_id)).size).toBe(1);
    expect(attempts.map((event) => event?.retry_count)).toEqual([0, 1, 2]);
    expect(mirror()?.events).toEqual([]);
  });

  it('keeps 429 quiet', async () => {
    platform.respond = (url) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : jsonResponse(429, {}),
      );
    await started();
    await runLoop();
    expect(uploads().length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });

  it('retries at once when the browser comes back online', async () => {
    platform.respond = (url) =>
      url.includes('clientCommon')
        ? Promise.resolve(jsonResponse(200, configReply()))
        : Promise.reject(new TypeError('Failed to fetch'));
    await started();
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs);
    await vi.advanceTimersByTimeAsync(Timing.trackingRetryBaseMs * 3);
    platform.respond = (_url, init) => Promise.resolve(acceptAll(init));
    const before = uploads().length;
    platform.emit('window', 'online');
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs);
    expect(uploads().length).toBe(before + 1);
    expect(mirror()?.events).toEqual([]);
  });

  it('on 403 keeps the queue, silences uploads for 10 s and re-reads the config', async () => {
    let forbid = true;
    platform.respond = (url, init) => {
      if (url.includes('clientCommon')) return Promise.resolve(jsonResponse(200, configReply()));
      return Promise.resolve(forbid ? jsonResponse(403, { code: '40301' }) : acceptAll(init));
    };
    await started();
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs);
    expect(uploads()).toHaveLength(1);
    expect(configCalls()).toHaveLength(2);
    forbid = false;
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs - Timing.trackingLoopMs * 2);
    expect(uploads()).toHaveLength(1);
    expect(mirror()?.events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs * 3);
    expect(uploads()).toHaveLength(2);
    expect(mirror()?.events).toEqual([]);
  });

  it('after a 403 with the switch still off, sends the queue once the switch is back on, with no new event', async () => {
    let switchOn = true;
    platform.respond = (url, init) => {
      if (url.includes('clientCommon'))
        return Promise.resolve(jsonResponse(200, configReply(switchOn)));
      return Promise.resolve(switchOn ? acceptAll(init) : jsonResponse(403, { code: '40301' }));
    };
    await started();
    switchOn = false;
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs * 2);
    expect(uploads()).toHaveLength(1);
    expect(mirror()?.events).toHaveLength(1);
    switchOn = true;
    // No event is queued from here on: the loop itself reads the config again after the silence.
    await vi.advanceTimersByTimeAsync(Timing.trackingSilenceMs + Timing.trackingLoopMs * 3);
    expect(configCalls().length).toBeGreaterThanOrEqual(3);
    expect(uploads()).toHaveLength(2);
    expect(mirror()?.events).toEqual([]);
  });

  it('removes accepted, duplicate and rejected events and warns the reasons', async () => {
    platform.respond = (url, init) => {
      if (url.includes('clientCommon')) return Promise.resolve(jsonResponse(200, configReply()));
      const events = JSON.parse(init.body ?? '[]') as TrackingEvent[];
      return Promise.resolve(
        jsonResponse(200, {
          code: '00000',
          msg: 'success',
          data: {
            accepted: 0,
            duplicates: 1,
            rejected: [{ index: 1, eventId: events[1]?.event_id ?? null, reason: 'bad' }],
          },
        }),
      );
    };
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    await runLoop();
    expect(mirror()?.events).toEqual([]);
    expect(warnings.some((message) => message.includes('(bad)'))).toBe(true);
  });
});

describe('hidden page', () => {
  it('queues page-leave and beacons everything, keeping it queued for a confirmed resend', async () => {
    platform.respond = (url) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : jsonResponse(503, {}),
      );
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    platform.setHidden(true);
    platform.emit('window', 'pagehide');
    expect(platform.beacons).toHaveLength(1);
    const beacon = platform.beacons[0];
    expect(beacon?.url).toBe('https://log.example.test/v1/buried/log/info');
    expect(beacon?.body.type).toBe(BEACON_CONTENT_TYPE.toLowerCase());
    const sent = await beaconEvents(beacon!);
    expect(sent.map((event) => [event.event_tracking_id, event.page_status ?? null])).toEqual([
      ['/', 'show'],
      ['b1', null],
      ['/', 'hide'],
    ]);
    expect(mirror()?.events.map((event) => event.event_id)).toEqual(
      sent.map((event) => event.event_id),
    );
    // The loop is stopped while hidden.
    const calls = platform.requests.length;
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs * 4);
    expect(platform.requests.length).toBe(calls);
    // Visible again: the loop re-sends them by fetch, same ids.
    platform.respond = (_url, init) => Promise.resolve(acceptAll(init));
    platform.setHidden(false);
    await runLoop();
    expect(
      uploads()
        .at(-1)
        ?.map((event) => event.event_id),
    ).toEqual(sent.map((event) => event.event_id));
    expect(
      uploads()
        .at(-1)
        ?.every((event) => (event.retry_count ?? 0) >= 1),
    ).toBe(true);
    expect(mirror()?.events).toEqual([]);
  });

  it('includes the events of an upload in flight in the beacon', async () => {
    let release: (() => void) | undefined;
    platform.respond = (url, init) =>
      url.includes('clientCommon')
        ? Promise.resolve(jsonResponse(200, configReply()))
        : new Promise((resolve) => {
            release = () => resolve(acceptAll(init));
          });
    await started();
    await vi.advanceTimersByTimeAsync(Timing.trackingLoopMs);
    expect(uploads()).toHaveLength(1);
    platform.setHidden(true);
    const beaconed = await beaconEvents(platform.beacons[0]!);
    expect(beaconed.map((event) => event.event_id)).toContain(uploads()[0]?.[0]?.event_id);
    release?.();
  });

  it('splits beacons by count and stops at the first refused one, leaving the rest queued', async () => {
    platform.respond = (url) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : jsonResponse(503, {}),
      );
    await started();
    for (let index = 0; index < 120; index += 1)
      tracker.track({ type: 'click', eventTrackingId: `b${index}` });
    let calls = 0;
    platform.acceptBeacon = () => {
      calls += 1;
      return calls < 2;
    };
    platform.setHidden(true);
    expect(calls).toBe(2);
    expect(platform.beacons).toHaveLength(1);
    expect(await beaconEvents(platform.beacons[0]!)).toHaveLength(50);
    expect(mirror()?.events).toHaveLength(122);
    // pagehide after visibilitychange sends only what the first refused.
    platform.acceptBeacon = true;
    platform.emit('window', 'pagehide');
    const rest = await Promise.all(platform.beacons.slice(1).map(beaconEvents));
    expect(rest.flat()).toHaveLength(72);
  });

  it('restarts the loop and queues page-show after a back/forward cache restore', async () => {
    await started();
    platform.setHidden(true);
    platform.emit('window', 'pageshow', { persisted: true });
    await runLoop();
    const pages = uploaded().filter((event) => event.type === 1);
    expect(pages.map((event) => event.page_status)).toEqual(['show', 'hide', 'show']);
  });
});

describe('storage and tabs', () => {
  it('keeps working from memory when local storage throws on write, warning once', async () => {
    await started();
    platform.local.failWrites = true;
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    tracker.track({ type: 'click', eventTrackingId: 'b2' });
    await runLoop();
    expect(uploaded().map((event) => event.event_tracking_id)).toEqual(['/', 'b1', 'b2']);
    expect(warnings.filter((message) => message.includes('memory'))).toHaveLength(1);
  });

  it('adopts the mirror of a gone tab at start, dedupes and removes its key', async () => {
    const orphan = {
      event_id: 'orphan-1',
      type: 2,
      event_tracking_id: 'b5',
      track_type: 'manual',
      timestamp: 1,
      url: 'u',
      device_id: 'd',
      session_id: 's',
    };
    platform.local.setItem(
      queueKey('gone'),
      JSON.stringify({
        updatedAt: Date.now() - Timing.trackingOrphanMs - 1,
        events: [orphan, orphan],
      }),
    );
    platform.local.setItem(
      queueKey('alive'),
      JSON.stringify({ updatedAt: Date.now(), events: [{ ...orphan, event_id: 'alive-1' }] }),
    );
    await started();
    await runLoop();
    const ids = uploaded().map((event) => event.event_id);
    expect(ids.filter((id) => id === 'orphan-1')).toHaveLength(1);
    expect(ids).not.toContain('alive-1');
    expect(platform.local.getItem(queueKey('gone'))).toBeNull();
    // The live tab stops refreshing: the loop adopts it once it is orphaned.
    await vi.advanceTimersByTimeAsync(Timing.trackingOrphanMs + Timing.trackingLoopMs * 2);
    expect(uploaded().map((event) => event.event_id)).toContain('alive-1');
  });

  it('leaves its mirror to the next page at once when the page unloads', async () => {
    platform.respond = (url) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : jsonResponse(503, {}),
      );
    await started();
    tracker.track({ type: 'click', eventTrackingId: 'b7' });
    platform.setHidden(true);
    platform.emit('window', 'pagehide');
    // The page-leave's own write, queued before the release, must not claim the mirror back.
    await Promise.resolve();
    await Promise.resolve();
    const left = mirror();
    expect(left?.updatedAt).toBe(0);
    const clickId = left?.events.find((event) => event.event_tracking_id === 'b7')?.event_id;
    tracker.stop();
    // The next page load (a new tab id) adopts and sends it without waiting for the orphan time.
    platform.setHidden(false);
    platform.respond = (url, init) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : acceptAll(init),
      );
    await started();
    await runLoop();
    expect(uploaded().map((event) => event.event_id)).toContain(clickId);
  });

  it('claims its mirror again when restored from the back/forward cache', async () => {
    await started();
    platform.setHidden(true);
    platform.emit('window', 'pagehide', { persisted: true });
    expect(mirror()?.updatedAt).toBe(0);
    platform.setHidden(false);
    platform.emit('window', 'pageshow', { persisted: true });
    await runLoop();
    expect(mirror()?.updatedAt).toBeGreaterThan(0);
  });

  it('gives two tabs starting together one fingerprint and one terminal code', async () => {
    const other = fakePlatform();
    other.local = platform.local;
    other.cookieJar.clear();
    const second = createTracker({ appId: 'a', appName: 'b', platform: other, nativeBridge: null });
    make().start();
    second.start();
    await vi.waitFor(() => {
      expect(tracker.deviceId()).not.toBe('');
      expect(second.deviceId()).not.toBe('');
    });
    await vi.advanceTimersByTimeAsync(Timing.tabLockWaitMs * 2);
    expect(second.deviceId()).toBe(tracker.deviceId());
    expect(second.terminalCode()).toBe(tracker.terminalCode());
    expect(tracker.terminalCode()).toMatch(/^[0-9a-f]{11}$/);
    second.stop();
  });
});

describe('two tabs, one visitor', () => {
  it('reports the visitor id stored last, as another tab that started together wrote it', async () => {
    await started();
    // Two tabs starting at once may each write a visitor id; the last written is the visitor's.
    const winner = 'w-123456789-1772359200000-987654321';
    platform.local.setItem(LocalStorageKey.visitorId, winner);
    tracker.track({ type: 'click', eventTrackingId: 'b3' });
    await runLoop();
    const click = uploaded().find((event) => event.event_tracking_id === 'b3');
    expect(click?.visitor_id).toBe(winner);
  });
});

describe('native bridge and lifecycle', () => {
  it('sends events one by one through the bridge with base info, never over HTTP', async () => {
    const sent: TrackingEvent[] = [];
    await started({ nativeBridge: { send: (event) => sent.push(event) } });
    tracker.track({ type: 'click', eventTrackingId: 'b1' });
    platform.setHidden(true);
    await runLoop();
    expect(sent.map((event) => event.event_tracking_id)).toEqual(['/', 'b1', '/']);
    expect(sent.every((event) => event.browser === 'Chrome' && event.device_id !== '')).toBe(true);
    expect(uploads()).toHaveLength(0);
    expect(platform.beacons).toHaveLength(0);
  });

  it('detects the bridge from the page globals by default', async () => {
    const posted: string[] = [];
    platform.globals.ExchangeNativeBridge = { postEvent: (json: string) => posted.push(json) };
    await started({ nativeBridge: undefined });
    await runLoop();
    expect(posted.length).toBeGreaterThan(0);
    expect(uploads()).toHaveLength(0);
  });

  it('start is idempotent and stop removes every listener and timer', async () => {
    await started();
    tracker.start();
    expect(platform.beacons).toHaveLength(0);
    expect(platform.listenerCount()).toBeGreaterThan(0);
    tracker.stop();
    expect(platform.listenerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
