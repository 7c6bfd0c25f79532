import type { RequestState } from '../request/hooks';

/** A request as it goes on the wire: the path with its query string, and the body text. */
export interface WireForm {
  /** The path and query string exactly as sent (`/v1/asset/overview?coin=BTC`). */
  path: string;
  /** The body text exactly as sent, '' for a get. */
  body: string;
}

// axios's default param rules, so a signed get carries the query an unsigned one would: null and
// undefined left out, arrays as repeated `key[]`, dates as ISO text, objects as JSON.
const paramText = (value: unknown): string => {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The query as `application/x-www-form-urlencoded` text (no `?`); '' for none. */
export function serialiseQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[])
        if (item !== undefined && item !== null) params.append(`${key}[]`, paramText(item));
    } else {
      params.append(key, paramText(value));
    }
  }
  return params.toString();
}

/**
 * Fixes what goes on the wire so a signature covers exactly that (SPEC 7): the query is
 * serialised into `request.search` (the transport then sends it unchanged) and the body becomes
 * its JSON text (sent unchanged too). Running it again changes nothing.
 * WARNING: a hook that changes the query or body after this runs breaks the signature; the
 * signing hooks run last for that reason.
 */
export function fixWireForm(request: RequestState): WireForm {
  if (request.search === undefined) {
    const query = serialiseQuery(request.query);
    request.search = query === '' ? '' : `${request.path.includes('?') ? '&' : '?'}${query}`;
  }
  let body = '';
  if (request.method === 'POST') {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? {});
    request.body = body;
  }
  return { path: `${request.path}${request.search}`, body };
}

/** The pathname of a call path: the part before any query or hash. */
export const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] ?? '';
