import type { TrackingOverviewReply, WebVitalSummary } from '@exchange-web/protocol/schemas';
import { describe, expect, it } from 'vitest';
import {
  AXIS_COLOURS,
  byPageSeries,
  byTypeSeries,
  eventTypeName,
  OTHER_PAGES,
  ratingOf,
  RATING_COLOURS,
  vitalSeries,
} from './chart-data';

const overview = (parts: Partial<TrackingOverviewReply>): TrackingOverviewReply => ({
  from: 0,
  to: 7_200_000,
  bucketMs: 3_600_000,
  total: 0,
  byType: [],
  byPage: [],
  topPages: [],
  latest: [],
  webVitals: [],
  uploadSwitch: true,
  ...parts,
});

describe('operator chart data', () => {
  it('names event types from the registry and nothing else', () => {
    expect(eventTypeName(1)).toBe('page');
    expect(eventTypeName(9)).toBe('system');
    expect(eventTypeName(42)).toBeUndefined();
  });

  it('makes one series per event type seen, in type order, one value per bucket', () => {
    const series = byTypeSeries(
      overview({
        byType: [
          { start: 0, counts: { '2': 3, '1': 1 } },
          { start: 3_600_000, counts: { '1': 4, '9': 0 } },
        ],
      }),
      (start) => `t${start / 3_600_000}`,
      (type) => `type ${type}`,
      'white',
    );
    expect(series.labels).toEqual(['t0', 't1']);
    expect(series.datasets.map((set) => [set.label, set.data])).toEqual([
      ['type 1', [1, 4]],
      ['type 2', [3, 0]],
    ]);
  });

  it('lists the busiest pages first and the rest last, in the axis colour', () => {
    const series = byPageSeries(
      overview({
        topPages: [
          { page: '/b', count: 5 },
          { page: '/a', count: 2 },
        ],
        byPage: [{ start: 0, counts: { '/a': 2, '/b': 5, [OTHER_PAGES]: 1 } }],
      }),
      String,
      'Other pages',
      'black',
    );
    expect(series.datasets.map((set) => [set.label, set.data])).toEqual([
      ['/b', [5]],
      ['/a', [2]],
      ['Other pages', [1]],
    ]);
    expect(series.datasets.at(-1)?.colour).toBe(AXIS_COLOURS.black.text);
  });

  it('rates a bucket by its upper edge against the thresholds, the edges included', () => {
    expect(ratingOf('LCP', 2500)).toBe('good');
    expect(ratingOf('LCP', 3000)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4000)).toBe('needs-improvement');
    expect(ratingOf('LCP', 4001)).toBe('poor');
    expect(ratingOf('CLS', 0.1)).toBe('good');
    expect(ratingOf('CLS', 0.3)).toBe('poor');
  });

  it('splits a histogram into one series per rating, each bar in its rating colour only', () => {
    const summary: WebVitalSummary = {
      name: 'LCP',
      samples: 3,
      p75: 3000,
      ratings: { good: 1, 'needs-improvement': 1, poor: 1 },
      histogram: [
        { upTo: 2500, count: 1 },
        { upTo: 4000, count: 1 },
        { upTo: 8000, count: 1 },
      ],
    };
    const series = vitalSeries(summary, String, (rating) => rating, 'white');
    expect(series.datasets.map((set) => [set.label, set.data, set.colour])).toEqual([
      ['good', [1, null, null], RATING_COLOURS.white.good],
      ['needs-improvement', [null, 1, null], RATING_COLOURS.white['needs-improvement']],
      ['poor', [null, null, 1], RATING_COLOURS.white.poor],
    ]);
  });
});
