import type { Theme } from '@exchange-web/protocol/registry';
import {
  TrackingEventType,
  webVitalsThresholds,
  type WebVitalName,
} from '@exchange-web/protocol/registry';
import type {
  TrackingOverviewReply,
  WebVitalRating,
  WebVitalSummary,
} from '@exchange-web/protocol/schemas';

// NOTE: plain data only. The chart library lives in StackedBars, loaded on demand (DESIGN Budgets).

/** One bar series of a chart: its legend label, one value per label of the x axis, its colour. */
export interface BarDataset {
  label: string;
  data: (number | null)[];
  colour: string;
}

/** What a bar chart draws: the x-axis labels and the series stacked on them. */
export interface BarSeries {
  labels: string[];
  datasets: BarDataset[];
}

/** The name of an event type, as the translation keys spell it. */
export type EventTypeName = keyof typeof TrackingEventType;

const typeNames = new Map<number, EventTypeName>(
  Object.entries(TrackingEventType).map(([name, type]) => [type, name as EventTypeName]),
);

/** The translation name of an event type number, or undefined for one the registry lacks. */
export const eventTypeName = (type: number): EventTypeName | undefined => typeNames.get(type);

// Okabe-Ito and Tableau hues, lighter on the black theme so every bar keeps its contrast.
const SERIES_COLOURS: Record<Theme, readonly string[]> = {
  white: [
    '#1f6feb',
    '#e36209',
    '#1a7f37',
    '#a626a4',
    '#0e8a9e',
    '#b08800',
    '#cf222e',
    '#6e7781',
    '#8250df',
    '#9a6700',
  ],
  black: [
    '#58a6ff',
    '#ffa657',
    '#3fb950',
    '#e38cdf',
    '#56d4dd',
    '#e3b341',
    '#ff7b72',
    '#b1bac4',
    '#bc8cff',
    '#d29922',
  ],
};

/** The colour of the `index`-th series in a theme. */
export const seriesColour = (theme: Theme, index: number): string => {
  const colours = SERIES_COLOURS[theme];
  return colours[index % colours.length] ?? '#888888';
};

/** The colours of the three web-vitals ratings, the usual green / amber / red, per theme. */
export const RATING_COLOURS: Record<Theme, Record<WebVitalRating, string>> = {
  white: { good: '#1a7f37', 'needs-improvement': '#bf8700', poor: '#cf222e' },
  black: { good: '#3fb950', 'needs-improvement': '#d29922', poor: '#f85149' },
};

/** Axis text and grid lines that read on the theme's background (global.css --muted, --line). */
export const AXIS_COLOURS: Record<Theme, { text: string; grid: string }> = {
  white: { text: '#4d5565', grid: 'rgba(18, 24, 38, 0.1)' },
  black: { text: '#a3adba', grid: 'rgba(232, 236, 241, 0.14)' },
};

/** The key of the byPage counts that gathers every page outside the busiest ones. */
export const OTHER_PAGES = 'other';

/**
 * Events per type over time: one series per event type seen in the window, in the registry's
 * order (page, click ... system), then any type the registry does not know.
 */
export function byTypeSeries(
  overview: TrackingOverviewReply,
  bucketLabel: (start: number) => string,
  typeLabel: (type: number) => string,
  theme: Theme,
): BarSeries {
  const seen = new Set<number>();
  for (const bucket of overview.byType)
    for (const [key, count] of Object.entries(bucket.counts)) if (count > 0) seen.add(Number(key));
  const types = [...seen].sort((a, b) => a - b);
  return {
    labels: overview.byType.map((bucket) => bucketLabel(bucket.start)),
    datasets: types.map((type, index) => ({
      label: typeLabel(type),
      data: overview.byType.map((bucket) => bucket.counts[String(type)] ?? 0),
      colour: seriesColour(theme, index),
    })),
  };
}

/** Events per page over time: the busiest pages first (as topPages lists them), then the rest. */
export function byPageSeries(
  overview: TrackingOverviewReply,
  bucketLabel: (start: number) => string,
  otherLabel: string,
  theme: Theme,
): BarSeries {
  const keys: string[] = overview.topPages.map((entry) => entry.page);
  for (const bucket of overview.byPage)
    for (const key of Object.keys(bucket.counts))
      if (key !== OTHER_PAGES && !keys.includes(key)) keys.push(key);
  const hasOther = overview.byPage.some((bucket) => (bucket.counts[OTHER_PAGES] ?? 0) > 0);
  if (hasOther) keys.push(OTHER_PAGES);
  return {
    labels: overview.byPage.map((bucket) => bucketLabel(bucket.start)),
    datasets: keys.map((key, index) => ({
      label: key === OTHER_PAGES ? otherLabel : key,
      data: overview.byPage.map((bucket) => bucket.counts[key] ?? 0),
      colour: key === OTHER_PAGES ? AXIS_COLOURS[theme].text : seriesColour(theme, index),
    })),
  };
}

/**
 * The rating of a histogram bucket holding values up to `upTo`, against the spec's thresholds
 * (web-vitals rules: good up to `good`, poor above `poor`).
 */
export function ratingOf(name: WebVitalName, upTo: number): WebVitalRating {
  const { good, poor } = webVitalsThresholds[name];
  if (upTo <= good) return 'good';
  if (upTo <= poor) return 'needs-improvement';
  return 'poor';
}

/**
 * A metric's histogram as three stacked series, one per rating, so the legend names each rating
 * with its threshold and every bar takes its rating's colour.
 */
export function vitalSeries(
  summary: WebVitalSummary,
  bucketLabel: (upTo: number) => string,
  ratingLabel: (rating: WebVitalRating) => string,
  theme: Theme,
): BarSeries {
  const ratings: WebVitalRating[] = ['good', 'needs-improvement', 'poor'];
  return {
    labels: summary.histogram.map((bucket) => bucketLabel(bucket.upTo)),
    datasets: ratings.map((rating) => ({
      label: ratingLabel(rating),
      data: summary.histogram.map((bucket) =>
        ratingOf(summary.name, bucket.upTo) === rating ? bucket.count : null,
      ),
      colour: RATING_COLOURS[theme][rating],
    })),
  };
}

/** Whether the metric is a duration in milliseconds (all but CLS, which has no unit). */
export const isDuration = (name: WebVitalName) => name !== 'CLS';
