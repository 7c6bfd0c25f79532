import type { WindowLimit } from '../config';
import type { Queryable } from '../db/database';

/**
 * Fixed-window counters kept in the database (table throttle_counters), so every gateway
 * process sharing one PostgreSQL counts the same attempts. Each count is one atomic upsert.
 */

/** A counter to bump and the window it counts in. */
export interface CounterHit {
  bucket: string;
  windowMs: number;
}

/** A counter after a hit: how many hits its window holds, and when the window ends. */
export interface CounterState {
  bucket: string;
  hits: number;
  retryAfterSeconds: number;
}

/** Whether an attempt may go ahead; when not, how long until it may. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one hit on each counter (a new window starts when the last one has ended). */
export async function hitCounters(
  db: Queryable,
  hits: readonly CounterHit[],
): Promise<CounterState[]> {
  const values = hits.map(
    (_hit, index) =>
      `($${index * 2 + 1}, 1, now() + $${index * 2 + 2}::double precision * interval '1 millisecond')`,
  );
  return db.query<CounterState>(
    `INSERT INTO throttle_counters AS counter (bucket, hits, expires_at)
     VALUES ${values.join(', ')}
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN counter.expires_at <= now() THEN 1 ELSE counter.hits + 1 END,
       expires_at = CASE WHEN counter.expires_at <= now() THEN excluded.expires_at
                         ELSE counter.expires_at END
     RETURNING bucket, hits,
       GREATEST(1, ceil(extract(epoch FROM expires_at - now())))::integer AS "retryAfterSeconds"`,
    hits.flatMap((hit) => [hit.bucket, hit.windowMs]),
  );
}

/** Counts one request on a per-key limit and says whether it is within the limit. */
export async function countRequest(
  db: Queryable,
  bucket: string,
  limit: WindowLimit,
): Promise<ThrottleVerdict> {
  const [state] = await hitCounters(db, [{ bucket, windowMs: limit.windowMs }]);
  if (!state || state.hits <= limit.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: state.retryAfterSeconds };
}

/** The limits a login attempt is counted against. */
export interface LoginLimits {
  loginFailuresPerAccount: WindowLimit;
  loginFailuresPerIp: WindowLimit;
}

const accountBucket = (loginNameKey: string) => `login-account:${loginNameKey}`;
const ipBucket = (ip: string) => `login-ip:${ip}`;
// A second factor's wrong codes count apart from wrong passwords, keyed by the account's id.
const factorAccountBucket = (userId: string) => `factor-account:${userId}`;
const factorIpBucket = (ip: string) => `factor-ip:${ip}`;

/** Counts an attempt on an account's counter and an address's, each against its limit. */
async function reserveAttempt(
  db: Queryable,
  limits: LoginLimits,
  account: string,
  address: string,
): Promise<ThrottleVerdict> {
  const states = await hitCounters(db, [
    { bucket: account, windowMs: limits.loginFailuresPerAccount.windowMs },
    { bucket: address, windowMs: limits.loginFailuresPerIp.windowMs },
  ]);
  const over = states.filter((state) =>
    state.bucket === account
      ? state.hits > limits.loginFailuresPerAccount.limit
      : state.hits > limits.loginFailuresPerIp.limit,
  );
  if (over.length === 0) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(...over.map((state) => state.retryAfterSeconds)),
  };
}

/** A success: the account's failures are forgotten, and the address's reservation returned. */
async function forgiveAttempt(db: Queryable, account: string, address: string): Promise<void> {
  await db.query('DELETE FROM throttle_counters WHERE bucket = $1', [account]);
  await db.query(
    'UPDATE throttle_counters SET hits = GREATEST(hits - 1, 0) WHERE bucket = $1 AND hits > 0',
    [address],
  );
}

/**
 * Reserves a login attempt before the password is checked: the attempt counts as failed until
 * {@link forgiveLoginAttempt} says it succeeded. Counting first means parallel guesses cannot
 * slip past the limit while their password checks run.
 */
export const reserveLoginAttempt = (
  db: Queryable,
  limits: LoginLimits,
  loginNameKey: string,
  ip: string,
): Promise<ThrottleVerdict> =>
  reserveAttempt(db, limits, accountBucket(loginNameKey), ipBucket(ip));

/** A successful login: the account's failures are forgotten, and the IP's reservation returned. */
export const forgiveLoginAttempt = (db: Queryable, loginNameKey: string, ip: string) =>
  forgiveAttempt(db, accountBucket(loginNameKey), ipBucket(ip));

/**
 * Reserves a try of a second-factor code (sign-in, binding, unbinding) under the login limits,
 * counted per account and per address apart from passwords: six digits would otherwise fall to
 * patient guessing.
 */
export const reserveFactorAttempt = (
  db: Queryable,
  limits: LoginLimits,
  userId: string,
  ip: string,
): Promise<ThrottleVerdict> =>
  reserveAttempt(db, limits, factorAccountBucket(userId), factorIpBucket(ip));

/** A right second-factor code: the account's failures are forgotten. */
export const forgiveFactorAttempt = (db: Queryable, userId: string, ip: string) =>
  forgiveAttempt(db, factorAccountBucket(userId), factorIpBucket(ip));

/** The hits a counter's current window holds, without counting one; 0 when its window ended. */
export async function readCounters(
  db: Queryable,
  buckets: readonly string[],
): Promise<Map<string, number>> {
  const placeholders = buckets.map((_bucket, index) => `$${index + 1}`);
  const rows = await db.query<{ bucket: string; hits: number }>(
    `SELECT bucket, hits FROM throttle_counters
     WHERE bucket IN (${placeholders.join(', ')}) AND expires_at > now()`,
    buckets,
  );
  return new Map(
    buckets.map((bucket) => [bucket, rows.find((row) => row.bucket === bucket)?.hits ?? 0]),
  );
}

/** Ends a counter's window at once (its next hit starts a new one). */
export async function resetCounter(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM throttle_counters WHERE bucket = $1', [bucket]);
}

/** The failed logins counted in the current window for a login name and for an address. */
export interface LoginFailures {
  account: number;
  ip: number;
}

/**
 * Reads, without counting an attempt, the failures {@link reserveLoginAttempt} has counted: the
 * human-verification rule asks a challenge before the attempt is reserved (README). Without a
 * login name, only the address's are read (`account` is 0).
 */
export async function readLoginFailures(
  db: Queryable,
  ip: string,
  loginNameKey?: string,
): Promise<LoginFailures> {
  const buckets = [ipBucket(ip)];
  if (loginNameKey !== undefined) buckets.push(accountBucket(loginNameKey));
  const hits = await readCounters(db, buckets);
  return {
    account: loginNameKey === undefined ? 0 : (hits.get(accountBucket(loginNameKey)) ?? 0),
    ip: hits.get(ipBucket(ip)) ?? 0,
  };
}

/** Deletes counters whose window has ended. */
export async function sweepThrottleCounters(db: Queryable): Promise<void> {
  await db.query('DELETE FROM throttle_counters WHERE expires_at <= now()');
}
