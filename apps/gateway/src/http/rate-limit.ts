import { GatewayCode } from '@exchange-web/protocol/codes';
import type { Context, MiddlewareHandler } from 'hono';
import { countRequest } from '../accounts/throttle';
import { hashToken } from '../accounts/tokens';
import type { WindowLimit } from '../config';
import type { Queryable } from '../db/database';
import { clientIp } from './client-ip';
import { fail } from './envelope-response';
import { RefusedError } from './errors';
import { readSessionCookies } from './session-cookies';

/** Counts the request under `bucket`; answers 429 (42900, Retry-After) past the limit. */
async function limitBucket(
  c: Context,
  db: Queryable,
  bucket: string,
  limit: WindowLimit,
): Promise<Response | undefined> {
  const verdict = await countRequest(db, bucket, limit);
  if (verdict.allowed) return undefined;
  c.header('retry-after', String(verdict.retryAfterSeconds));
  return fail(c, 429, GatewayCode.rateLimited, 'too many requests; try again later');
}

/**
 * Counts one request of a kind (`kind`) from the client's address, inside a handler: past `limit`
 * it refuses with HTTP 429, 42900 and Retry-After, saying what was asked for too often.
 * @example await limitPerAddress(c, db, 'qr-key', config.qrKeysPerIp, 'QR codes');
 */
export async function limitPerAddress(
  c: Context,
  db: Queryable,
  kind: string,
  limit: WindowLimit,
  what: string,
): Promise<void> {
  const verdict = await countRequest(db, `${kind}:${clientIp(c)}`, limit);
  if (verdict.allowed) return;
  throw new RefusedError({
    status: 429,
    code: GatewayCode.rateLimited,
    message: `too many ${what} asked for from this address; try again later`,
    retryAfterSeconds: verdict.retryAfterSeconds,
  });
}

/**
 * Limits requests per client IP with a counter in the database (shared by every process).
 * Answers HTTP 429 with 42900 (SPEC 8: the client keeps 429 quiet) and Retry-After.
 */
export function ipRateLimit(
  db: Queryable,
  limit: WindowLimit,
  /** Counters of different scopes are separate: CSP reports do not spend the account calls' budget. */
  scope = 'ip',
  /** Requests this limit does not count (they have a limit of their own). */
  skip: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    if (!skip(c)) {
      const refused = await limitBucket(c, db, `rate-${scope}:${clientIp(c)}`, limit);
      if (refused) return refused;
    }
    await next();
    return undefined;
  };
}

/**
 * Limits requests per signed-in session, whatever address they come from: one account spread over
 * many addresses is held too. Keyed on the presented token's hash (the database keeps no other
 * form of it), so it costs no session lookup; a request without session cookies is not counted.
 */
export function sessionRateLimit(db: Queryable, limit: WindowLimit): MiddlewareHandler {
  return async (c, next) => {
    const { token, refreshToken } = readSessionCookies(c);
    const presented = token ?? refreshToken;
    if (presented !== undefined) {
      const refused = await limitBucket(c, db, `rate-session:${hashToken(presented)}`, limit);
      if (refused) return refused;
    }
    await next();
    return undefined;
  };
}
