// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { browserPlatform } from './platform';
import { createTracker } from './tracker';

describe('browserPlatform under SSR', () => {
  it('answers undefined pieces and lets a tracker start and track without throwing', async () => {
    const platform = browserPlatform();
    expect(platform.localStorage()).toBeUndefined();
    expect(platform.sessionStorage()).toBeUndefined();
    expect(platform.page()).toBeUndefined();
    expect(platform.device()).toBeUndefined();
    expect(await platform.cookies()).toBeUndefined();
    expect(platform.global('webkit')).toBeUndefined();
    const warnings: string[] = [];
    const tracker = createTracker({
      appId: 'a',
      appName: 'b',
      platform: { ...platform, fetch: undefined },
      warn: (m) => warnings.push(m),
    });
    expect(() => {
      tracker.start();
      tracker.track({ type: 'click', eventTrackingId: 'b1' });
    }).not.toThrow();
    tracker.stop();
    expect(tracker.terminalCode()).toBe('');
  });
});
