import { GatewayCode } from '@exchange-web/protocol/codes';
import type { MiddlewareHandler } from 'hono';
import { countRequest } from '../accounts/throttle';
import type { WindowLimit } from '../config';
import type { Queryable } from '../db/database';
import { clientIp } from './client-ip';
import { fail } from './envelope-response';

/**
 * Limits requests per client IP with a counter in the database (shared by every process).
 * Answers HTTP 429 with 42900 (SPEC 8: the client keeps 429 quiet) and Retry-After.
 */
export function ipRateLimit(
  db: Queryable,
  limit: WindowLimit,
  /** Counters of different scopes are separate: CSP reports do not spend the account calls' budget. */
  scope = 'ip',
): MiddlewareHandler {
  return async (c, next) => {
    const verdict = await countRequest(db, `rate-${scope}:${clientIp(c)}`, limit);
    if (!verdict.allowed) {
      c.header('retry-after', String(verdict.retryAfterSeconds));
      return fail(c, 429, GatewayCode.rateLimited, 'too many requests; try again later');
    }
    await next();
    return undefined;
  };
}
