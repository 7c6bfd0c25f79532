import type { IncomingHttpHeaders } from 'node:http';

/** A host as a Host header may carry it: a name or IPv4 address, or [IPv6], and a port. */
const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const firstValue = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * The site's public origin, for absolute links search engines read (canonical, hreflang, og:url).
 * SITE_ORIGIN (e.g. `https://www.exchange.example`) names it and wins: a deployment behind a
 * proxy should set it, since forwarded headers are only as trustworthy as that proxy. Unset, it is
 * the request's own host (x-forwarded-host and x-forwarded-proto when a proxy set them), so the
 * development stack and the tests need no setting. Read at request time: one build, any deployment.
 *
 * @example
 * siteOrigin({ host: '127.0.0.1:3000' }, {}); // 'http://127.0.0.1:3000'
 */
export function siteOrigin(
  headers: IncomingHttpHeaders,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const configured = env.SITE_ORIGIN?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      // Not a URL: fall through to the request's host, as if unset.
    }
    console.warn(`SITE_ORIGIN: ignored ${JSON.stringify(configured)}, not an http(s) origin`);
  }
  const forwardedHost = firstValue(headers['x-forwarded-host']);
  const host = [forwardedHost, firstValue(headers.host)].find(
    (candidate) => candidate !== undefined && HOST_PATTERN.test(candidate),
  );
  const forwardedProto = firstValue(headers['x-forwarded-proto'])?.toLowerCase();
  const protocol =
    forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http';
  return `${protocol}://${(host ?? 'localhost').toLowerCase()}`;
}
