import type { Tracker, TrackInput } from '@exchange-web/tracker/tracker';
import { describe, expect, it, vi } from 'vitest';
import { createTrackerLoader, PENDING_CALLS_LIMIT, type TrackerModules } from './tracker-loader';

function fakeModules() {
  const tracked: TrackInput[] = [];
  const calls: string[] = [];
  const tracker = {
    start: () => calls.push('start'),
    track: (input: TrackInput) => tracked.push(input),
    setUserId: (uid: string) => calls.push(`uid:${uid}`),
    deviceId: () => '',
    terminalCode: () => '',
    flush: () => undefined,
    stop: () => undefined,
  } satisfies Tracker;
  const modules: TrackerModules = {
    createTracker: vi.fn(() => tracker),
    reportWebVitals: () => calls.push('vitals'),
  };
  return { modules, tracked, calls };
}

const options = () => ({ appId: 'app', appName: 'name' });
const now = (work: () => void) => work();
const click = (id: string): TrackInput => ({ type: 'click', eventTrackingId: id });

describe('tracker loader', () => {
  it('loads nothing until its scheduler says the page is idle', async () => {
    const { modules, calls } = fakeModules();
    const idle: (() => void)[] = [];
    const loader = createTrackerLoader(
      options,
      () => Promise.resolve(modules),
      undefined,
      (work) => idle.push(work),
    );
    loader.start();
    await Promise.resolve();
    expect(modules.createTracker).not.toHaveBeenCalled();
    idle.forEach((work) => work());
    await vi.waitFor(() => expect(calls).toContain('vitals'));
  });

  it('hands calls made before loading to the tracker in order, after start, then web vitals', async () => {
    const { modules, tracked, calls } = fakeModules();
    const loader = createTrackerLoader(options, () => Promise.resolve(modules), undefined, now);
    loader.withTracker((tracker) => tracker.track(click('b1')));
    loader.withTracker((tracker) => tracker.setUserId('42'));
    loader.start();
    await vi.waitFor(() => expect(calls).toContain('vitals'));
    expect(calls).toEqual(['start', 'uid:42', 'vitals']);
    expect(tracked).toEqual([click('b1')]);
    loader.withTracker((tracker) => tracker.track(click('b2')));
    expect(tracked).toEqual([click('b1'), click('b2')]);
  });

  it('starts the tracker, hands it the kept calls and starts web vitals in turns', async () => {
    const { modules, tracked, calls } = fakeModules();
    const turns: (() => void)[] = [];
    const loader = createTrackerLoader(
      options,
      () => Promise.resolve(modules),
      undefined,
      now,
      () => new Promise<void>((resolve) => turns.push(resolve)),
    );
    loader.withTracker((tracker) => tracker.track(click('b1')));
    loader.start();
    await vi.waitFor(() => expect(turns).toHaveLength(1));
    // A call made between two turns waits behind the kept ones.
    loader.withTracker((tracker) => tracker.track(click('b2')));
    expect([calls, tracked]).toEqual([['start'], []]);
    turns[0]?.();
    await vi.waitFor(() => expect(turns).toHaveLength(2));
    expect([calls, tracked]).toEqual([['start'], [click('b1'), click('b2')]]);
    turns[1]?.();
    await vi.waitFor(() => expect(calls).toEqual(['start', 'vitals']));
  });

  it('loads and starts once however often it is started', async () => {
    const { modules, calls } = fakeModules();
    const load = vi.fn(() => Promise.resolve(modules));
    const loader = createTrackerLoader(options, load, undefined, now);
    loader.start();
    loader.start();
    await vi.waitFor(() => expect(calls).toContain('vitals'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(modules.createTracker).toHaveBeenCalledWith({ appId: 'app', appName: 'name' });
    expect(calls.filter((call) => call === 'start')).toHaveLength(1);
  });

  it('keeps at most the limit of calls while the tracker is not loaded', async () => {
    const { modules, tracked } = fakeModules();
    const loader = createTrackerLoader(options, () => Promise.resolve(modules), undefined, now);
    for (let index = 0; index < PENDING_CALLS_LIMIT + 5; index += 1) {
      loader.withTracker((tracker) => tracker.track(click(`b${index}`)));
    }
    loader.start();
    await vi.waitFor(() => expect(tracked.length).toBeGreaterThan(0));
    expect(tracked).toHaveLength(PENDING_CALLS_LIMIT);
  });

  it('warns and never throws when loading fails or a call throws', async () => {
    const warn = vi.fn();
    const failing = createTrackerLoader(
      options,
      () => Promise.reject(new Error('offline')),
      warn,
      now,
    );
    failing.start();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('tracker failed to load', expect.any(Error)),
    );

    const { modules } = fakeModules();
    const loader = createTrackerLoader(options, () => Promise.resolve(modules), warn, now);
    loader.start();
    loader.withTracker(() => {
      throw new Error('caller bug');
    });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('tracking call failed', expect.any(Error)),
    );
  });
});
