import { HeaderName } from '@exchange-web/protocol/registry';
import type { RequestHook } from './hooks';

/** The client clock corrected by the server time (SPEC 7: `requesttime` corrects the clock). */
export interface ServerClock {
  /** The corrected time, ms since the epoch: local time plus the last offset seen. */
  now(): number;
  /** Records a server time read at local time `localNow()`: offset = server - local. */
  observe(serverTimeMs: number): void;
}

/**
 * A clock whose offset starts at 0 and is replaced by every server time observed.
 * @example
 * const clock = createServerClock(() => Date.now());
 * clock.observe(Number(response.headers.requesttime));
 */
export function createServerClock(localNow: () => number): ServerClock {
  let offsetMs = 0;
  return {
    now: () => localNow() + offsetMs,
    observe(serverTimeMs) {
      offsetMs = serverTimeMs - localNow();
    },
  };
}

/** Reads `requesttime` (ms since the epoch, as the gateway sends it) from every response. */
export function serverTimeHook(clock: ServerClock): RequestHook {
  return {
    slot: 'server-time',
    afterResponse(response) {
      const raw = response.headers[HeaderName.requestTime];
      const serverTime = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
      if (Number.isFinite(serverTime) && serverTime > 0) clock.observe(serverTime);
    },
  };
}
