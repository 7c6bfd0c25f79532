import { GatewayCode } from '@exchange-web/protocol/codes';
import type { Context, MiddlewareHandler } from 'hono';
import { fail } from './envelope-response';

interface NodeBindings {
  incoming: { url?: string };
}

const hasNodeIncoming = (env: unknown): env is NodeBindings =>
  typeof env === 'object' &&
  env !== null &&
  'incoming' in env &&
  typeof env.incoming === 'object' &&
  env.incoming !== null;

/**
 * The request's path and query exactly as its request line has them (SPEC 7: the signed path is
 * the path as sent). The Node server keeps the raw line; a request made in process (tests'
 * app.request) falls back to the parsed URL's pathname and search.
 */
export function requestTarget(c: Context): string {
  const env: unknown = c.env;
  const raw = hasNodeIncoming(env) ? env.incoming.url : undefined;
  if (raw?.startsWith('/')) return raw;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/** Whether every name and value of a raw query string is well-formed percent-encoded UTF-8. */
export function queryDecodes(rawQuery: string): boolean {
  for (const part of rawQuery.split('&')) {
    for (const piece of part.split('=')) {
      try {
        decodeURIComponent(piece.replace(/\+/g, ' '));
      } catch {
        return false;
      }
    }
  }
  return true;
}

/**
 * Refuses a request whose query has a malformed escape (`%`, `%zz`, an escape of no UTF-8) with
 * HTTP 400, on every call: the routes that read no query would otherwise answer as if it were
 * fine, and the ones that do would each meet it their own way (README "Security").
 */
export function requestTargetGuard(): MiddlewareHandler {
  return async (c, next) => {
    const target = requestTarget(c);
    const mark = target.indexOf('?');
    if (mark !== -1 && !queryDecodes(target.slice(mark + 1).split('#', 1)[0] ?? '')) {
      return fail(c, 400, GatewayCode.badRequest, 'the request target has a malformed escape');
    }
    return next();
  };
}
