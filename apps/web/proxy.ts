import { NextResponse, type NextRequest } from 'next/server';
import { HEADER_FOOTER_BASE_PATH } from './lib/header-footer-paths';
import { gatewayUrl, headerFooterUrl } from './lib/gateway-url';
import { NO_PREFIX_LOCALE } from './lib/router-locale';

/**
 * Every API path of the spec (/v1/..., /btapi/...) goes to the gateway and the header-footer
 * remote is served under /_mfe/header-footer/, so a browser only ever talks to the site's origin
 * (cookies, CSP and beacons stay same-origin).
 */
export function proxy(request: NextRequest) {
  const { pathname, search, locale } = request.nextUrl;
  // API paths have no language prefix: /ja/v1/... is a page path (and a 404), not a call.
  if (locale !== NO_PREFIX_LOCALE) return NextResponse.next();
  if (pathname.startsWith(HEADER_FOOTER_BASE_PATH)) {
    const rest = pathname.slice(HEADER_FOOTER_BASE_PATH.length);
    return NextResponse.rewrite(new URL(`/${rest}${search}`, headerFooterUrl()));
  }
  return NextResponse.rewrite(new URL(pathname + search, gatewayUrl()));
}

// NOTE: plain string matchers: Next 16.4 never calls the proxy for object matchers with
// `locale: false` under i18n routing, so the locale check lives in the function instead.
export const config = {
  matcher: ['/v1/:path*', '/btapi/:path*', '/_mfe/header-footer/:path*'],
};
