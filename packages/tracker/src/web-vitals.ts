import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import {
  TrackingEventType,
  TrackingId,
  webVitalsThresholds,
  type WebVitalName,
} from '@exchange-web/protocol/registry';
import type { WebVitalExt, WebVitalRating } from '@exchange-web/protocol/schemas';
import type { Tracker } from './tracker';

// NOTE: a module of its own, so the site loads web-vitals apart from the tracker's init chunk.

/** What this module reads of a web-vitals metric. */
export interface VitalMetric {
  name: string;
  value: number;
  id: string;
  navigationType?: string;
}

/** A web-vitals `onX` function: calls back with each report of its metric. */
export type VitalSubscriber = (report: (metric: VitalMetric) => void) => void;

/** The five metrics' subscribers (the web-vitals package by default). */
export interface VitalsSource {
  onFCP: VitalSubscriber;
  onLCP: VitalSubscriber;
  onCLS: VitalSubscriber;
  onINP: VitalSubscriber;
  onTTFB: VitalSubscriber;
}

/** Rates a value against our thresholds (SPEC 9), not the library's: good <= good, poor > poor. */
export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = webVitalsThresholds[name];
  if (value <= good) return 'good';
  return value > poor ? 'poor' : 'needs-improvement';
}

const isVitalName = (name: string): name is WebVitalName => name in webVitalsThresholds;

/**
 * Reports each web-vitals metric as a page-performance event (b8972, type system, SPEC 9).
 * web-vitals reports on hide from window capture-phase listeners, which run before the tracker's
 * document listener: the metrics are queued before the hide flush reads the queue.
 *
 * @example
 * const { reportWebVitals } = await import('@exchange-web/tracker/web-vitals');
 * reportWebVitals(tracker);
 */
export function reportWebVitals(
  tracker: Tracker,
  vitals: VitalsSource = { onFCP, onLCP, onCLS, onINP, onTTFB },
): void {
  const report = (metric: VitalMetric) => {
    if (!isVitalName(metric.name)) return;
    const value = Math.max(0, metric.value);
    const ext: WebVitalExt = {
      name: metric.name,
      value,
      rating: rateWebVital(metric.name, value),
      id: metric.id,
    };
    if (metric.navigationType !== undefined) ext.navigationType = metric.navigationType;
    tracker.track({
      type: TrackingEventType.system,
      eventTrackingId: TrackingId.pagePerformance,
      ext: { ...ext },
    });
  };
  for (const subscribe of [vitals.onFCP, vitals.onLCP, vitals.onCLS, vitals.onINP, vitals.onTTFB]) {
    subscribe(report);
  }
}
