import {
  TrackingId,
  webVitalsThresholds,
  type WebVitalName,
} from '@exchange-web/protocol/registry';
import type {
  TrackedEventSummary,
  TrackingEventsQuery,
  TrackingEventsReply,
  TrackingOverviewReply,
  WebVitalSummary,
} from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Bucket sizes the overview picks from: each divides a day, so buckets align on UTC hours. */
const BUCKET_SIZES_MS = [
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  24 * HOUR_MS,
];

/** At most this many buckets fill a window: 1 h gives 5 min buckets, 24 h 1 h, a week 6 h. */
const MAX_BUCKETS = 30;

/** Pages shown one by one per bucket in `byPage`; the others are summed under {@link OTHER_PAGES}. */
export const BY_PAGE_TOP = 5;
/** Key of the pages outside the busiest in `byPage` (a page key is a path, so never this). */
export const OTHER_PAGES = 'other';
/** Pages in `topPages`. */
export const TOP_PAGES = 10;
/** Events in `latest`. */
export const LATEST_EVENTS = 50;
/** Histogram buckets of a web-vitals metric from 0 to twice its poor threshold. */
export const HISTOGRAM_BUCKETS = 10;

/**
 * Upper edges of a metric's histogram buckets: four up to the good threshold, three up to the poor
 * one and three up to twice it, so both thresholds are bucket edges and every bucket has one
 * rating (a bar can be coloured by it exactly).
 */
export function histogramEdges(name: WebVitalName): number[] {
  const { good, poor } = webVitalsThresholds[name];
  const steps = (from: number, to: number, count: number) =>
    Array.from({ length: count }, (_, index) => from + ((to - from) * (index + 1)) / count);
  return [...steps(0, good, 4), ...steps(good, poor, 3), ...steps(poor, poor * 2, 3)];
}

/** SQL of a sample's bucket (1 to 10 by its edges, 11 above): edges are constants, not input. */
const bucketSql = (Object.keys(webVitalsThresholds) as WebVitalName[])
  .map((name) => {
    const cases = histogramEdges(name)
      .map((edge, index) => `WHEN x.value <= ${edge} THEN ${index + 1}`)
      .join(' ');
    return `WHEN '${name}' THEN CASE ${cases} ELSE ${HISTOGRAM_BUCKETS + 1} END`;
  })
  .join(' ');

/** The smallest bucket size that cuts a window of `windowMs` into at most {@link MAX_BUCKETS}. */
export function bucketSizeFor(windowMs: number): number {
  return (
    BUCKET_SIZES_MS.find((size) => Math.ceil(windowMs / size) <= MAX_BUCKETS) ??
    BUCKET_SIZES_MS[BUCKET_SIZES_MS.length - 1]!
  );
}

// Every query reads the window $1..$2 (timestamptz) of event_time.
const IN_WINDOW = 'event_time >= $1::timestamptz AND event_time <= $2::timestamptz';
// Start of an event's bucket ($3: bucket size in ms), ms since the epoch.
const BUCKET_START =
  '(floor(extract(epoch FROM event_time) * 1000 / $3::bigint) * $3::bigint)::float8';

// The web-vitals metrics of the window's page-performance events ($3: tracking id; an ext may be
// one metric or a merged list of them) with the thresholds of each metric ($4: JSON).
const VITALS = `
  WITH metrics AS (
    SELECT m.metric->>'name' AS name, (m.metric->>'value')::float8 AS value
    FROM tracking_events e
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(e.event->'event_tracking_ext') = 'array'
        THEN e.event->'event_tracking_ext'
        ELSE jsonb_build_array(e.event->'event_tracking_ext') END
    ) AS m(metric)
    WHERE e.event_tracking_id = $3 AND e.${IN_WINDOW}
  ),
  thresholds AS (
    SELECT key AS name, (value->>'good')::float8 AS good, (value->>'poor')::float8 AS poor
    FROM jsonb_each($4::jsonb)
  )`;

interface CountRow {
  start: number;
  key: string;
  count: number;
}

interface EventRow {
  event_id: string;
  type: number;
  event_tracking_id: string;
  page_status: string | null;
  page: string;
  uid: string | null;
  device_id: string;
  event_time_ms: number;
  received_at_ms: number;
  ext: unknown;
}

interface VitalRow {
  name: string;
  samples: number;
  p75: number | null;
  good: number;
  poor: number;
  max: number | null;
}

/** Counts per bucket start, every bucket of the window present (empty ones with no counts). */
function bucketed(starts: number[], rows: CountRow[]) {
  const byStart = new Map(starts.map((start) => [start, {} as Record<string, number>]));
  for (const row of rows) {
    const counts = byStart.get(row.start);
    if (counts) counts[row.key] = (counts[row.key] ?? 0) + row.count;
  }
  return starts.map((start) => ({ start, counts: byStart.get(start) ?? {} }));
}

/**
 * The overview of the last `hours` hours of events (by their client time): counts per bucket by
 * type and by page, the busiest pages, the latest events received and the web-vitals summary.
 */
export async function trackingOverview(
  db: Queryable,
  { hours, uploadSwitch, now = Date.now() }: { hours: number; uploadSwitch: boolean; now?: number },
): Promise<TrackingOverviewReply> {
  const to = now;
  const from = to - hours * HOUR_MS;
  const bucketMs = bucketSizeFor(to - from);
  const window = [new Date(from).toISOString(), new Date(to).toISOString()];
  const starts: number[] = [];
  for (let start = Math.floor(from / bucketMs) * bucketMs; start <= to; start += bucketMs) {
    starts.push(start);
  }

  const [totalRow] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM tracking_events WHERE ${IN_WINDOW}`,
    window,
  );
  const byTypeRows = await db.query<CountRow>(
    `SELECT ${BUCKET_START} AS start, type::text AS key, count(*)::int AS count
     FROM tracking_events WHERE ${IN_WINDOW} GROUP BY 1, 2`,
    [...window, bucketMs],
  );
  const topPages = await db.query<{ page: string; count: number }>(
    `SELECT page, count(*)::int AS count FROM tracking_events WHERE ${IN_WINDOW}
     GROUP BY page ORDER BY count(*) DESC, page LIMIT ${TOP_PAGES}`,
    window,
  );
  const shownPages = topPages.slice(0, BY_PAGE_TOP).map((row) => row.page);
  const byPageRows = await db.query<CountRow>(
    `SELECT ${BUCKET_START} AS start,
       CASE WHEN page IN (SELECT jsonb_array_elements_text($4::jsonb)) THEN page
         ELSE '${OTHER_PAGES}' END AS key,
       count(*)::int AS count
     FROM tracking_events WHERE ${IN_WINDOW} GROUP BY 1, 2`,
    [...window, bucketMs, JSON.stringify(shownPages)],
  );
  const latestRows = await db.query<EventRow>(
    `SELECT event_id, type, event_tracking_id, page_status, page, uid, device_id,
       (extract(epoch FROM event_time) * 1000)::float8 AS event_time_ms,
       (extract(epoch FROM received_at) * 1000)::float8 AS received_at_ms,
       event->'event_tracking_ext' AS ext
     FROM tracking_events WHERE ${IN_WINDOW}
     ORDER BY received_at DESC, event_id DESC LIMIT ${LATEST_EVENTS}`,
    window,
  );
  const vitalsParams = [...window, TrackingId.pagePerformance, JSON.stringify(webVitalsThresholds)];
  const vitalRows = await db.query<VitalRow>(
    `${VITALS}
     SELECT t.name, count(*)::int AS samples,
       percentile_cont(0.75) WITHIN GROUP (ORDER BY x.value) AS p75,
       (count(*) FILTER (WHERE x.value <= t.good))::int AS good,
       (count(*) FILTER (WHERE x.value > t.poor))::int AS poor,
       max(x.value) AS max
     FROM metrics x JOIN thresholds t ON t.name = x.name
     GROUP BY t.name`,
    vitalsParams,
  );
  // Bucket i (1..10) holds values in (edge i - 1, edge i]; bucket 11 everything above.
  const histogramRows = await db.query<{ name: string; bucket: number; count: number }>(
    `${VITALS}
     SELECT x.name, (CASE x.name ${bucketSql} END)::int AS bucket, count(*)::int AS count
     FROM metrics x
     GROUP BY 1, 2`,
    vitalsParams,
  );

  const webVitals = (Object.keys(webVitalsThresholds) as WebVitalName[]).map(
    (name): WebVitalSummary => {
      const row = vitalRows.find((candidate) => candidate.name === name);
      const counts = new Map(
        histogramRows.filter((bin) => bin.name === name).map((bin) => [bin.bucket, bin.count]),
      );
      const histogram = histogramEdges(name).map((upTo, index) => ({
        upTo,
        count: counts.get(index + 1) ?? 0,
      }));
      // The open bucket above twice the poor threshold: its bound is the largest value (JSON
      // has no Infinity), so it is there only when a sample falls in it.
      const above = counts.get(HISTOGRAM_BUCKETS + 1) ?? 0;
      if (above > 0 && row?.max !== undefined && row.max !== null)
        histogram.push({ upTo: row.max, count: above });
      const samples = row?.samples ?? 0;
      const good = row?.good ?? 0;
      const poorCount = row?.poor ?? 0;
      return {
        name,
        samples,
        p75: samples > 0 ? (row?.p75 ?? null) : null,
        ratings: { good, 'needs-improvement': samples - good - poorCount, poor: poorCount },
        histogram,
      };
    },
  );

  const latest = latestRows.map((row): TrackedEventSummary => ({
    eventId: row.event_id,
    type: row.type,
    eventTrackingId: row.event_tracking_id,
    pageStatus: row.page_status,
    page: row.page,
    uid: row.uid ?? '',
    deviceId: row.device_id,
    timestamp: Math.round(row.event_time_ms),
    receivedAt: Math.round(row.received_at_ms),
    ext: row.ext ?? null,
  }));

  return {
    from,
    to,
    bucketMs,
    total: totalRow?.total ?? 0,
    byType: bucketed(starts, byTypeRows),
    byPage: bucketed(starts, byPageRows),
    topPages,
    latest,
    webVitals,
    uploadSwitch,
  };
}

/** The stored events of one device in full, oldest first by client time, at most `limit`. */
export async function deviceEvents(
  db: Queryable,
  { deviceId, visitorId, limit }: TrackingEventsQuery,
): Promise<TrackingEventsReply> {
  // The query schema asks for at least one of the two; each given one narrows the events.
  const rows = await db.query<{ received_at_ms: number; event: Record<string, unknown> }>(
    `SELECT (extract(epoch FROM received_at) * 1000)::float8 AS received_at_ms, event
     FROM tracking_events
     WHERE ($1::text IS NULL OR device_id = $1) AND ($2::text IS NULL OR visitor_id = $2)
     ORDER BY event_time, received_at, event_id LIMIT $3::integer`,
    [deviceId ?? null, visitorId ?? null, limit],
  );
  return {
    events: rows.map((row) => ({ receivedAt: Math.round(row.received_at_ms), event: row.event })),
  };
}
