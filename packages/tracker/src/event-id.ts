import { EVENT_TRACKING_ID_PATTERN } from '@exchange-web/protocol/registry';

/** SPEC 5: an event_tracking_id is "/" or the letter b followed by digits. */
export function isValidEventTrackingId(id: unknown): id is string {
  return typeof id === 'string' && EVENT_TRACKING_ID_PATTERN.test(id);
}

/** The warning the spec prescribes for an id that is dropped. */
export const invalidEventTrackingIdWarning = (id: unknown) =>
  `event_tracking_id ${String(id)} is invalid!`;
