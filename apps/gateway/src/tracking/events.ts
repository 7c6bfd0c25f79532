import { TRACKING_MAX_EVENT_BYTES, TrackingId } from '@exchange-web/protocol/registry';
import {
  trackingEventSchema,
  webVitalExtSchema,
  type BuriedLogInfoReply,
  type RejectedTrackingEvent,
  type TrackingEvent,
} from '@exchange-web/protocol/schemas';
import { config, locales, type z } from 'zod';
import type { Queryable } from '../db/database';
import { describeMalformedPart, findMalformedPart } from '../http/json-value';

// The protocol's schemas are zod/mini ones, which load no locale: the messages named in refusals
// are zod's English ones, as classic zod sets them on its first schema (set here in case none is).
if (!config().localeError) config(locales.en());

/** The latest client time an event may carry: the largest a JavaScript Date (and PostgreSQL) holds. */
const MAX_EVENT_TIMESTAMP_MS = 8.64e15;

/** `field: message` of a zod error's first issue, the field prefixed with `prefix`. */
function firstIssue(error: z.core.$ZodError, prefix: string[] = []): string {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path.map(String) ?? [])];
  return `${path.length > 0 ? path.join('.') : '(event)'}: ${issue?.message ?? 'invalid'}`;
}

/** One upload item checked: the valid event with its serialised form, or why it was refused. */
export type CheckedEvent =
  { ok: true; event: TrackingEvent; json: string } | { ok: false; reason: string };

/**
 * Checks one item of an upload on its own: its serialised size, the event schema, storable text,
 * a client time PostgreSQL holds and, for a page-performance event (b8972), a web-vitals ext
 * (one metric, or a list of them when the tracker merged events, SPEC 5).
 */
export function checkEvent(item: unknown): CheckedEvent {
  const serialised = JSON.stringify(item) ?? '';
  const bytes = Buffer.byteLength(serialised, 'utf8');
  if (bytes > TRACKING_MAX_EVENT_BYTES) {
    return {
      ok: false,
      reason: `(event): ${bytes} bytes serialised, over the limit of ${TRACKING_MAX_EVENT_BYTES}`,
    };
  }
  const parsed = trackingEventSchema.safeParse(item);
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  const event = parsed.data;
  if (event.timestamp > MAX_EVENT_TIMESTAMP_MS) {
    return { ok: false, reason: `timestamp: later than ${MAX_EVENT_TIMESTAMP_MS} ms` };
  }
  // Refused on its own: such text would fail the whole batch's insert.
  const unstorable = findMalformedPart(event);
  if (unstorable) return { ok: false, reason: describeMalformedPart(unstorable) };
  if (event.event_tracking_id === TrackingId.pagePerformance) {
    const ext = event.event_tracking_ext;
    if (ext === undefined || (Array.isArray(ext) && ext.length === 0)) {
      return {
        ok: false,
        reason: `event_tracking_ext: a ${TrackingId.pagePerformance} event needs a web-vitals metric`,
      };
    }
    const metrics = Array.isArray(ext) ? ext : [ext];
    for (const [index, metric] of metrics.entries()) {
      const vital = webVitalExtSchema.safeParse(metric);
      if (!vital.success) {
        const prefix = Array.isArray(ext)
          ? ['event_tracking_ext', String(index)]
          : ['event_tracking_ext'];
        return { ok: false, reason: firstIssue(vital.error, prefix) };
      }
    }
  }
  return { ok: true, event, json: JSON.stringify(event) };
}

/** The path of an event's url, without query or fragment: the overview's page key. */
export function pagePath(url: string): string {
  try {
    return new URL(url, 'http://page.invalid').pathname;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}

// Parameters of one stored event in the insert's VALUES.
const PARAMS_PER_EVENT = 11;

/**
 * Stores valid events in one multi-row insert; an id stored before (or twice in this batch) is
 * stored once. Answers the ids inserted now.
 */
export async function insertEvents(
  db: Queryable,
  events: readonly { event: TrackingEvent; json: string }[],
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const params: unknown[] = [];
  const rows = events.map(({ event, json }, index) => {
    params.push(
      event.event_id,
      new Date(event.timestamp).toISOString(),
      event.type,
      event.event_tracking_id,
      event.page_status ?? null,
      pagePath(event.url),
      event.uid ?? null,
      event.device_id,
      event.session_id,
      event.visitor_id || null,
      json,
    );
    const at = index * PARAMS_PER_EVENT;
    const p = (n: number) => `$${at + n}`;
    return `(${p(1)}, ${p(2)}::timestamptz, ${p(3)}::smallint, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}::jsonb)`;
  });
  const inserted = await db.query<{ event_id: string }>(
    `INSERT INTO tracking_events (event_id, event_time, type, event_tracking_id, page_status, page,
       uid, device_id, session_id, visitor_id, event)
     VALUES ${rows.join(', ')}
     ON CONFLICT (event_id) DO NOTHING
     RETURNING event_id`,
    params,
  );
  return new Set(inserted.map((row) => row.event_id));
}

/**
 * Checks each item of an upload on its own and stores the valid ones (each id at most once);
 * answers how many were stored now, how many had been (or repeat an id of this batch), and why
 * each refused one was refused.
 */
export async function ingestEvents(
  db: Queryable,
  items: readonly unknown[],
): Promise<BuriedLogInfoReply> {
  const rejected: RejectedTrackingEvent[] = [];
  const unique = new Map<string, { event: TrackingEvent; json: string }>();
  let valid = 0;
  items.forEach((item, index) => {
    const checked = checkEvent(item);
    if (!checked.ok) {
      const id =
        item !== null && typeof item === 'object' && 'event_id' in item ? item.event_id : null;
      rejected.push({ index, eventId: typeof id === 'string' ? id : null, reason: checked.reason });
      return;
    }
    valid += 1;
    if (!unique.has(checked.event.event_id)) unique.set(checked.event.event_id, checked);
  });
  const inserted = await insertEvents(db, [...unique.values()]);
  return { accepted: inserted.size, duplicates: valid - inserted.size, rejected };
}

/** Deletes the events received more than `retentionDays` days ago. */
export async function sweepTrackingEvents(db: Queryable, retentionDays: number): Promise<void> {
  await db.query(
    `DELETE FROM tracking_events WHERE received_at < now() - $1::integer * interval '1 day'`,
    [retentionDays],
  );
}
