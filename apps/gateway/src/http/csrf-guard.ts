import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import type { Context, MiddlewareHandler } from 'hono';
import { isFromTrustedProxy } from './client-ip';
import { fail } from './envelope-response';

/** Methods that change nothing: a page of any origin may send them (they are not served cookies' effects). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls whose body a page sends with `navigator.sendBeacon`, which can only send CORS-simple
 * content types (DESIGN "Known traps"): their content type is not checked, their Origin is.
 */
const BEACON_PATHS: ReadonlySet<string> = new Set([ApiPath.buriedLogInfo]);

/** `Sec-Fetch-Site` values of a request a page of this site made itself (or the user typed). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

const firstValue = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

/**
 * The origin the browser used to reach the site: the host and scheme the site's front door (a
 * trusted proxy) forwarded, else this request's own Host.
 */
export function requestOrigin(c: Context): string | undefined {
  const trusted = isFromTrustedProxy(c);
  const host =
    (trusted ? firstValue(c.req.header(HeaderName.forwardedHost)) : undefined) ??
    c.req.header('host');
  if (!host) return undefined;
  const forwardedProto = trusted
    ? firstValue(c.req.header(HeaderName.forwardedProto))?.toLowerCase()
    : undefined;
  const proto = forwardedProto === 'https' ? 'https' : 'http';
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

const isJsonContentType = (value: string | undefined) =>
  value?.split(';')[0]?.trim().toLowerCase() === HeaderValue.json;

/**
 * Cross-site request forgery (README "Security"). A state-changing call must be
 * `content-type: application/json`, which no HTML form can send and no other origin can send
 * without a CORS preflight the gateway never grants; and its `Origin`, when the browser sends one
 * (browsers always do on a POST), must be the site's own or one of `allowedOrigins`. Without an
 * `Origin`, `Sec-Fetch-Site` must not say another site made it. Refusals: HTTP 403, 40302.
 */
export function csrfGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  const refuse = (c: Context, reason: string) =>
    fail(c, 403, GatewayCode.crossSiteRefused, `cross-site request refused: ${reason}`);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (!BEACON_PATHS.has(c.req.path) && !isJsonContentType(c.req.header(HeaderName.contentType))) {
      return refuse(c, `a ${c.req.method} call must be sent as ${HeaderValue.json}`);
    }
    const origin = c.req.header(HeaderName.origin);
    if (origin === undefined) {
      const site = c.req.header('sec-fetch-site')?.toLowerCase();
      if (site !== undefined && !OWN_FETCH_SITES.has(site)) {
        return refuse(c, `sent by a page of another site (sec-fetch-site: ${site})`);
      }
      return next();
    }
    if (origin !== requestOrigin(c) && !allowed.has(origin)) {
      return refuse(c, `origin ${origin} is not allowed`);
    }
    return next();
  };
}
