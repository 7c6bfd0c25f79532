// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlatform } from './platform';
import { beaconEvents, configReply, jsonResponse } from './testing';
import { createTracker } from './tracker';
import { reportWebVitals, type VitalMetric, type VitalsSource } from './web-vitals';

// Real DOM dispatch order: web-vitals reports on hide from window capture-phase listeners that are
// registered after the tracker started; their metrics must still be in the hide beacon.
describe('hide flush and web vitals (real DOM events)', () => {
  afterEach(() => vi.useRealTimers());

  it('queues the metrics reported on hide before the beacon reads the queue', async () => {
    vi.useFakeTimers();
    const bodies: Blob[] = [];
    const platform = browserPlatform();
    platform.fetch = (url) =>
      Promise.resolve(
        url.includes('clientCommon') ? jsonResponse(200, configReply()) : jsonResponse(503, {}),
      );
    platform.sendBeacon = (_url, body) => bodies.push(body) > 0;
    const tracker = createTracker({
      appId: 'a',
      appName: 'b',
      platform,
      nativeBridge: null,
      warn: () => undefined,
    });
    tracker.start();
    await vi.waitFor(() => expect(tracker.deviceId()).not.toBe(''));
    const onLCP = (report: (metric: VitalMetric) => void) => {
      // As web-vitals does: `addEventListener('visibilitychange', ..., true)` on window.
      addEventListener(
        'visibilitychange',
        () => {
          if (document.visibilityState === 'hidden')
            report({ name: 'LCP', value: 1200, id: 'lcp-1' });
        },
        true,
      );
    };
    const none = () => undefined;
    reportWebVitals(tracker, {
      onFCP: none,
      onLCP,
      onCLS: none,
      onINP: none,
      onTTFB: none,
    } as VitalsSource);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(bodies).toHaveLength(1);
    const sent = await beaconEvents({ url: '', body: bodies[0]! });
    expect(sent.map((event) => event.event_tracking_id)).toContain('b8972');
    expect(sent.at(-1)).toMatchObject({ event_tracking_id: '/', page_status: 'hide' });
    tracker.stop();
  });
});
