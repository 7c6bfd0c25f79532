import { isSignTimeFresh } from '@exchange-web/protocol/signing';
import { describe, expect, it } from 'vitest';
import { traceIdExpiry } from './trace-ids';

describe('traceIdExpiry', () => {
  it('outlives the last server time that still takes the tm as fresh', () => {
    const tm = '1795381532650';
    const expiry = traceIdExpiry(tm);
    expect(expiry).toBe(1_795_381_700_000 + 60_000);
    // The last fresh server time is the end of the next bucket; the first stale one follows it.
    expect(isSignTimeFresh(tm, 1_795_381_699_999)).toBe(true);
    expect(isSignTimeFresh(tm, 1_795_381_700_000)).toBe(false);
  });

  it('has none for a tm that is not a 13-digit time', () => {
    expect(traceIdExpiry('17953815')).toBeUndefined();
  });
});
