import type { Queryable } from '../db/database';
import { sweepSessions } from './sessions';
import { sweepThrottleCounters } from './throttle';

/** How often a gateway deletes what has expired; any process may, and doing it twice is harmless. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes ended throttle windows and sessions that can no longer be renewed. */
export async function sweepExpired(db: Queryable): Promise<void> {
  await sweepThrottleCounters(db);
  await sweepSessions(db);
}
