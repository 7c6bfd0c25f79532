import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timing } from '@exchange-web/protocol/registry';
import type { TrackingEvent } from '@exchange-web/protocol/schemas';
import { createQueue, type TrackingQueue } from './queue';
import {
  acceptAll,
  beaconEvents,
  fakePlatform,
  jsonResponse,
  trackingEventFixture,
  type FakePlatform,
} from './testing';
import { createUploadQueue, retryDelay, type UploadQueue } from './upload-queue';

const CAP = Timing.trackingRetryMaxMs;
const START = new Date('2026-03-01T10:00:00Z').getTime();

/** One tab: its platform (gateway answers 503 while `failing`), queue and upload queue. */
interface Tab {
  platform: FakePlatform;
  queue: TrackingQueue;
  uploads: UploadQueue;
  /** Times (ms since START) of the uploads the gateway received. */
  attempts: number[];
  forbidden: number;
  failing: boolean;
  sendable: boolean;
}

function tab(random = 0.5): Tab {
  const platform = fakePlatform();
  platform.random = () => random;
  const queue = createQueue(platform, `tab-${random}`, () => undefined, 16_384);
  // The handlers below read this object, so a test changes the tab by setting its fields.
  const state: Omit<Tab, 'uploads'> = {
    platform,
    queue,
    attempts: [],
    forbidden: 0,
    failing: true,
    sendable: true,
  };
  platform.respond = (_url, init) => {
    state.attempts.push(Date.now() - START);
    return Promise.resolve(state.failing ? jsonResponse(503, {}) : acceptAll(init));
  };
  const uploads = createUploadQueue({
    platform,
    queue,
    url: '/v1/buried/log/info',
    headers: () => ({}),
    warn: () => undefined,
    canSend: () => state.sendable,
    complete: (event) => ({ ...event, lib_version: 'test' }),
    onForbidden: () => {
      state.forbidden += 1;
    },
  });
  queue.add(trackingEventFixture('e1'));
  return Object.assign(state, { uploads });
}

/** Moves the clock to `ms` after START and lets each tab try, as its loop would. */
async function at(ms: number, ...tabs: Tab[]) {
  vi.setSystemTime(START + ms);
  await Promise.all(tabs.map((each) => each.uploads.send()));
}

/** Lets the tabs try every `step` ms until `until` ms after START. */
async function run(until: number, tabs: Tab[], step = 10) {
  for (let ms = Date.now() - START + step; ms <= until; ms += step) await at(ms, ...tabs);
}

/** The gaps between a tab's consecutive uploads. */
const gaps = (attempts: number[]) =>
  attempts.slice(1).map((time, index) => time - attempts[index]!);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('retryDelay', () => {
  it('doubles with each failure in a row', () => {
    const delays = [1, 2, 3, 4, 5].map((failures) => retryDelay(failures, 0.5));
    expect(delays).toEqual([750, 1500, 3000, 6000, 12_000]);
  });

  it('is jittered: half of the step is fixed, half picked by the random value', () => {
    expect(retryDelay(3, 0)).toBe(2000);
    expect(retryDelay(3, 0.25)).toBe(2500);
    expect(retryDelay(3, 0.999)).toBeCloseTo(3998, 0);
    expect(retryDelay(3, 0.1)).not.toBe(retryDelay(3, 0.9));
  });

  it('never exceeds the cap, and keeps its jitter there', () => {
    for (const failures of [1, 5, 6, 10, 30, 100, 2000]) {
      for (const random of [0, 0.5, 0.999_999, 1]) {
        expect(retryDelay(failures, random)).toBeLessThanOrEqual(CAP);
      }
    }
    expect(retryDelay(50, 0)).toBe(CAP / 2);
    expect(retryDelay(50, 0.999_999)).toBeCloseTo(CAP, -1);
  });

  it('takes another base and cap', () => {
    expect(retryDelay(1, 0, 200, 1000)).toBe(100);
    expect(retryDelay(4, 0.5, 200, 1000)).toBe(750);
  });
});

describe('backoff of a failing upload', () => {
  it('waits exponentially longer after each failure, by the platform random source', async () => {
    const one = tab(0.5);
    await at(0, one);
    await run(30_000, [one]);
    expect(one.attempts.slice(0, 6)).toEqual([0, 750, 2250, 5250, 11_250, 23_250]);
    expect(gaps(one.attempts).slice(0, 5)).toEqual([750, 1500, 3000, 6000, 12_000]);
  });

  it('retries two tabs that failed together at different times when their random values differ', async () => {
    const early = tab(0.1);
    const late = tab(0.9);
    await at(0, early, late);
    await run(10_000, [early, late]);
    expect(early.attempts.slice(0, 4)).toEqual([0, 550, 1650, 3850]);
    expect(late.attempts.slice(0, 4)).toEqual([0, 950, 2850, 6650]);
    // After the first attempt they never hit the gateway in the same moment.
    const both = early.attempts.slice(1).filter((time) => late.attempts.includes(time));
    expect(both).toEqual([]);
  });

  it('never waits longer than the cap, however long the outage', async () => {
    const one = tab(0.999_999);
    await at(0, one);
    await run(10 * 60_000, [one], 50);
    expect(one.attempts.length).toBeGreaterThan(20);
    for (const gap of gaps(one.attempts)) expect(gap).toBeLessThanOrEqual(CAP);
    expect(Math.max(...gaps(one.attempts))).toBeGreaterThan(CAP - 100);
  });

  it('starts again from the first step after a stored upload', async () => {
    const one = tab(0.5);
    await at(0, one);
    await run(6000, [one]);
    expect(one.attempts).toEqual([0, 750, 2250, 5250]);
    one.failing = false;
    await run(12_000, [one]);
    expect(one.attempts).toEqual([0, 750, 2250, 5250, 11_250]);
    expect(one.queue.size).toBe(0);
    one.failing = true;
    one.queue.add(trackingEventFixture('e2'));
    await at(20_000, one);
    await run(25_000, [one]);
    // The first step again (750 ms), not the sixth (24 s).
    expect(one.attempts.slice(5)).toEqual([20_000, 20_750, 22_250]);
  });

  it('ends the wait at once when asked (back online), keeping its step', async () => {
    const one = tab(0.5);
    await at(0, one);
    await at(750, one);
    one.uploads.retryNow();
    await at(760, one);
    expect(one.attempts).toEqual([0, 750, 760]);
    // Third failure in a row: the step after the one it had reached.
    await run(8000, [one]);
    expect(one.attempts[3]).toBe(760 + 3000);
  });
});

describe('sending', () => {
  it('uploads the completed batch, removes it on the answer and sends nothing while not allowed', async () => {
    const one = tab();
    one.failing = false;
    one.sendable = false;
    await at(0, one);
    expect(one.attempts).toEqual([]);
    one.sendable = true;
    await at(1, one);
    const body = JSON.parse(one.platform.requests[0]?.init.body ?? '[]') as TrackingEvent[];
    expect(body).toMatchObject([{ event_id: 'e1', lib_version: 'test' }]);
    expect(one.queue.size).toBe(0);
    await at(2, one);
    expect(one.attempts).toHaveLength(1);
  });

  it('sends one batch at a time', async () => {
    const one = tab();
    let answer: (() => void) | undefined;
    one.platform.respond = (_url, init) => {
      one.attempts.push(Date.now() - START);
      return new Promise((resolve) => {
        answer = () => resolve(acceptAll(init));
      });
    };
    const first = one.uploads.send();
    await one.uploads.send();
    expect(one.attempts).toHaveLength(1);
    answer?.();
    await first;
    expect(one.queue.size).toBe(0);
  });

  it('silences uploads for trackingSilenceMs on 403 and reports it', async () => {
    const one = tab();
    one.platform.respond = (_url, init) => {
      one.attempts.push(Date.now() - START);
      return Promise.resolve(
        one.forbidden === 0 ? jsonResponse(403, { code: '40301', msg: 'off' }) : acceptAll(init),
      );
    };
    await at(0, one);
    expect(one.forbidden).toBe(1);
    await at(Timing.trackingSilenceMs - 1, one);
    expect(one.attempts).toEqual([0]);
    one.uploads.flush();
    expect(one.platform.beacons).toEqual([]);
    await at(Timing.trackingSilenceMs, one);
    expect(one.attempts).toEqual([0, Timing.trackingSilenceMs]);
    expect(one.queue.size).toBe(0);
  });

  it('ignores the answer of an upload in flight once stopped', async () => {
    const one = tab();
    one.failing = false;
    const sending = one.uploads.send();
    one.uploads.stop();
    await sending;
    expect(one.attempts).toHaveLength(1);
    expect(one.queue.size).toBe(1);
  });
});

describe('flush (the hide path)', () => {
  it('beacons each queued event once per hide, again after the page was shown', async () => {
    const one = tab();
    one.queue.add(trackingEventFixture('e2'));
    one.uploads.flush();
    one.uploads.flush();
    expect(one.platform.beacons).toHaveLength(1);
    const sent = await beaconEvents(one.platform.beacons[0]!);
    expect(sent.map((event) => [event.event_id, event.lib_version])).toEqual([
      ['e1', 'test'],
      ['e2', 'test'],
    ]);
    // Delivery unconfirmed: still queued.
    expect(one.queue.size).toBe(2);
    one.uploads.shown();
    one.uploads.flush();
    expect(one.platform.beacons).toHaveLength(2);
  });

  it('beacons nothing while sending is not allowed', () => {
    const one = tab();
    one.sendable = false;
    one.uploads.flush();
    expect(one.platform.beacons).toEqual([]);
  });
});
