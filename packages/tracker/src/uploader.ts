import type { GatewayCode } from '@exchange-web/protocol/codes';
import type { Envelope } from '@exchange-web/protocol/envelope';
import { readEnvelope } from '@exchange-web/protocol/envelope-reader';
import { TRACKING_BATCH_SIZE, TRACKING_MAX_BEACON_BYTES } from '@exchange-web/protocol/registry';
import type { BuriedLogInfoReply, TrackingEvent } from '@exchange-web/protocol/schemas';
import type { TrackerPlatform } from './platform';
import { byteLength, requestFailedWarning } from './wire';

// Part of the uploader's API since before the config client shared them.
export { ENVELOPE_SUCCESS_CODES, isEnvelopeSuccess, requestFailedWarning } from './wire';

// Code copied with its type pinned to protocol's (a change there fails the typecheck): the codes
// module's message table would cost the tracker more than the whole queue.
/** The envelope code of an upload refused because uploading is off (HTTP 403). */
export const TRACKING_UPLOAD_OFF_CODE: (typeof GatewayCode)['trackingUploadOff'] = '40301';

/** What became of one upload. */
export type UploadOutcome =
  /** The gateway answered: these ids are stored, were stored before, or are refused for good. */
  | { kind: 'done'; ids: string[] }
  /** 403 or code 40301: uploading is switched off; keep the events. */
  | { kind: 'forbidden' }
  /** 5xx, 429, network error or an unreadable reply: keep the events and try again later. */
  | { kind: 'retry' };

/** The warning of a network failure (SPEC 8 generic client errors). */
export const NETWORK_ERROR_WARNING = 'Network Error';

/** The warning for events the gateway refused for good. */
export const rejectedEventsWarning = (rejected: BuriedLogInfoReply['rejected']): string =>
  `Tracking events refused: ${rejected
    .map((item) => `${item.eventId ?? `#${item.index}`} (${item.reason})`)
    .join(', ')}`;

/** The beacon body type: CORS-simple, so no preflight is needed during unload (DESIGN traps). */
export const BEACON_CONTENT_TYPE = 'text/plain;charset=UTF-8';

/**
 * POSTs a batch with fetch and reads the gateway's answer. Never throws.
 */
export async function uploadBatch(
  platform: TrackerPlatform,
  url: string,
  events: TrackingEvent[],
  headers: Record<string, string>,
  warn: (message: string) => void,
): Promise<UploadOutcome> {
  if (!platform.fetch) return { kind: 'retry' };
  let status: number;
  let envelope: Envelope<unknown> | undefined;
  try {
    const response = await platform.fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(events),
      credentials: 'same-origin',
      keepalive: false,
    });
    status = response.status;
    envelope = readEnvelope(await response.json().catch(() => undefined));
  } catch {
    warn(NETWORK_ERROR_WARNING);
    return { kind: 'retry' };
  }
  if (status === 403 || envelope?.code === TRACKING_UPLOAD_OFF_CODE) return { kind: 'forbidden' };
  if (status < 200 || status >= 300 || !envelope) {
    // SPEC 8: HTTP 429 is kept quiet.
    if (status !== 429) warn(requestFailedWarning(status));
    return { kind: 'retry' };
  }
  const reply = envelope.data as Partial<BuriedLogInfoReply> | null;
  const rejected = Array.isArray(reply?.rejected) ? reply.rejected : [];
  if (rejected.length > 0) warn(rejectedEventsWarning(rejected));
  return { kind: 'done', ids: events.map((event) => event.event_id) };
}

/**
 * Sends events with sendBeacon in chunks of at most TRACKING_MAX_BEACON_BYTES and
 * TRACKING_BATCH_SIZE events, stopping at the first chunk the browser refuses. Returns the events
 * handed over (delivery unconfirmed: the caller keeps them queued).
 */
export function beaconEvents(
  platform: TrackerPlatform,
  url: string,
  events: TrackingEvent[],
): TrackingEvent[] {
  const sendBeacon = platform.sendBeacon;
  if (!sendBeacon) return [];
  const handed: TrackingEvent[] = [];
  let chunk: string[] = [];
  let chunkEvents: TrackingEvent[] = [];
  let bytes = 2;
  const send = (): boolean => {
    if (chunk.length === 0) return true;
    const body = new Blob([`[${chunk.join(',')}]`], { type: BEACON_CONTENT_TYPE });
    let accepted: boolean;
    try {
      accepted = sendBeacon(url, body);
    } catch {
      accepted = false;
    }
    if (accepted) handed.push(...chunkEvents);
    chunk = [];
    chunkEvents = [];
    bytes = 2;
    return accepted;
  };
  for (const event of events) {
    const text = JSON.stringify(event);
    const size = byteLength(text) + 1;
    if (chunk.length >= TRACKING_BATCH_SIZE || bytes + size > TRACKING_MAX_BEACON_BYTES) {
      if (!send()) return handed;
    }
    chunk.push(text);
    chunkEvents.push(event);
    bytes += size;
  }
  send();
  return handed;
}
