import type { Context } from 'hono';

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
