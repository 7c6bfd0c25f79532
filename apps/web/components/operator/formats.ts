import { htmlLang } from '@exchange-web/client/language';
import { textDirection, type LocaleCode } from '@exchange-web/protocol/languages';
import type { WebVitalName } from '@exchange-web/protocol/registry';
import { isDuration } from './chart-data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How the tracking page writes numbers, times and metric values in the page's language. */
export interface TrackingFormats {
  /** The page's BCP 47 language. */
  locale: string;
  rtl: boolean;
  number(value: number): string;
  /** The x-axis label of a time bucket starting at `start`. */
  bucket(start: number): string;
  /** The time of an event, to the second. */
  time(at: number): string;
  /** The start and end of the window. */
  range(from: number, to: number): { from: string; to: string };
  /** A web-vitals value: milliseconds with their unit, CLS as a plain number. */
  vital(name: WebVitalName, value: number): string;
}

/**
 * The formats of one language and window: buckets of a day read as dates, a window longer than
 * a day names the day of each hour, a shorter one only the time.
 */
export function trackingFormats(
  language: LocaleCode,
  hours: number,
  bucketMs: number,
): TrackingFormats {
  const locale = htmlLang(language);
  const numbers = new Intl.NumberFormat(locale);
  const milliseconds = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  });
  const unitless = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const bucketFormat = new Intl.DateTimeFormat(
    locale,
    bucketMs >= DAY_MS
      ? { month: 'short', day: 'numeric' }
      : hours > 24
        ? { month: 'short', day: 'numeric', hour: 'numeric' }
        : { hour: 'numeric', minute: '2-digit' },
  );
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  const rangeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    locale,
    rtl: textDirection(language) === 'rtl',
    number: (value) => numbers.format(value),
    bucket: (start) => bucketFormat.format(start),
    time: (at) => timeFormat.format(at),
    range: (from, to) => ({ from: rangeFormat.format(from), to: rangeFormat.format(to) }),
    vital: (name, value) =>
      isDuration(name) ? milliseconds.format(value) : unitless.format(value),
  };
}
