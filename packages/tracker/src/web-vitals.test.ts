import { describe, expect, it } from 'vitest';
import type { Tracker, TrackInput } from './tracker';
import { rateWebVital, reportWebVitals, type VitalMetric, type VitalsSource } from './web-vitals';

const recorder = () => {
  const tracked: TrackInput[] = [];
  const tracker = { track: (input: TrackInput) => tracked.push(input) } as unknown as Tracker;
  return { tracker, tracked };
};

describe('web vitals', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['FCP', 1800, 'good'],
    ['TTFB', 1801, 'poor'],
  ] as const)('rates %s %s as %s by our thresholds', (name, value, rating) => {
    expect(rateWebVital(name, value)).toBe(rating);
  });

  it('reports each metric as b8972, type system, with name, value, rating, id, navigationType', () => {
    const { tracker, tracked } = recorder();
    const reports: Record<string, (metric: VitalMetric) => void> = {};
    const source = Object.fromEntries(
      ['onFCP', 'onLCP', 'onCLS', 'onINP', 'onTTFB'].map((key) => [
        key,
        (report: (metric: VitalMetric) => void) => {
          reports[key] = report;
        },
      ]),
    ) as unknown as VitalsSource;
    reportWebVitals(tracker, source);
    // The library rated 2600 ms as good under its own thresholds: ours decide.
    reports.onLCP?.({
      name: 'LCP',
      value: 2600,
      id: 'v1',
      navigationType: 'navigate',
      rating: 'good',
    } as VitalMetric);
    reports.onCLS?.({ name: 'CLS', value: 0.01, id: 'v2' });
    expect(tracked).toEqual([
      {
        type: 9,
        eventTrackingId: 'b8972',
        ext: {
          name: 'LCP',
          value: 2600,
          rating: 'needs-improvement',
          id: 'v1',
          navigationType: 'navigate',
        },
      },
      {
        type: 9,
        eventTrackingId: 'b8972',
        ext: { name: 'CLS', value: 0.01, rating: 'good', id: 'v2' },
      },
    ]);
  });
});
