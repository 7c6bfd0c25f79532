import { describe, expect, it } from 'vitest';
import { invalidEventTrackingIdWarning, isValidEventTrackingId } from './event-id';

describe('event_tracking_id', () => {
  it.each(['/', 'b1', 'b6055', 'b8972'])('accepts %s', (id) => {
    expect(isValidEventTrackingId(id)).toBe(true);
  });

  it.each(['', 'b', 'B6055', 'a6055', 'b60a5', '//', ' b1', 'b1 ', 6055, null, undefined])(
    'refuses %s',
    (id) => {
      expect(isValidEventTrackingId(id)).toBe(false);
    },
  );

  it('words the warning as the spec does', () => {
    expect(invalidEventTrackingIdWarning('x1')).toBe('event_tracking_id x1 is invalid!');
  });
});
