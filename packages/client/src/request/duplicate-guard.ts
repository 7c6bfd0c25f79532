import { Timing } from '@exchange-web/protocol/registry';
import type { RequestHook, RequestState } from './hooks';

export interface DuplicateGuardOptions {
  now(): number;
  /** @default Timing.requestCacheGapMs (1000) */
  gapMs?: number;
  /** @default Timing.requestCacheLimit (2) */
  limit?: number;
}

// JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request.
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([left], [right]) => (left < right ? -1 : 1)))
      : inner,
  );

function requestKey(request: RequestState): string | undefined {
  try {
    const payload = request.method === 'GET' ? request.query : request.body;
    return `${request.method} ${request.path} ${stableJson(payload ?? null)}`;
  } catch {
    // A payload JSON cannot write (a cycle, a BigInt) is never called a duplicate.
    return undefined;
  }
}

/**
 * The HTTP layer's duplicate guard (SPEC 7 "caches and rate-limits duplicate requests"; SPEC 9:
 * gap 1000 ms, limit 2).
 *
 * The rule: calls with the same method, path and body (post) or query (get), object keys in any
 * order, are the same request. Of these, at most `limit` go on the wire within any `gapMs`
 * (a sliding window over the times they were sent; a send exactly `gapMs` after goes). A call
 * beyond the limit sends nothing and shares the outcome, data or error, settled or in flight, of
 * the latest one that went on the wire. Retries a hook asks for are part of their call and not
 * counted. Browser-only (SPEC 9): the wrapper installs it only in a page unless told otherwise.
 */
export function duplicateGuardHook(options: DuplicateGuardOptions): RequestHook {
  const gapMs = options.gapMs ?? Timing.requestCacheGapMs;
  const limit = options.limit ?? Timing.requestCacheLimit;
  const sent = new Map<string, { times: number[]; latest: Promise<unknown> }>();

  return {
    slot: 'duplicate-guard',
    beforeRequest(request) {
      if (request.attempt > 0) return;
      const key = requestKey(request);
      if (key === undefined) return;
      const now = options.now();
      for (const [other, entry] of sent) {
        entry.times = entry.times.filter((time) => now - time < gapMs);
        if (entry.times.length === 0) sent.delete(other);
      }
      const entry = sent.get(key);
      if (entry && entry.times.length >= limit) return { action: 'respond', result: entry.latest };
      if (entry) {
        entry.times.push(now);
        entry.latest = request.result;
      } else {
        sent.set(key, { times: [now], latest: request.result });
      }
      return undefined;
    },
  };
}
