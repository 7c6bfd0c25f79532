import type { BarSeries } from './chart-data';

/**
 * The chart tests' data: two hours of events, clicks only in the first (a null is no bar), page
 * views in both.
 */
export const TWO_HOURS: BarSeries = {
  labels: ['00:00', '01:00'],
  datasets: [
    { label: 'Click', data: [1, null], colour: '#1f6feb' },
    { label: 'Page view', data: [2, 3], colour: '#e36209' },
  ],
};
