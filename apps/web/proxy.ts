import { IMAGE_PATH_PREFIX } from '@exchange-web/protocol/images';
import { CookieName } from '@exchange-web/protocol/registry';
import { NextResponse, type NextRequest } from 'next/server';
import { HEADER_FOOTER_BASE_PATH } from './lib/header-footer-paths';
import { gatewayUrl, headerFooterUrl } from './lib/gateway-url';
import { NO_PREFIX_LOCALE } from './lib/router-locale';
import { isGatewayPath, simulationRedirectFor } from './lib/simulation-request';

/**
 * Every API path of the spec (/v1/..., /btapi/...) and every image (/images/..., the default image
 * host of SPEC 3 is the site itself) goes to the gateway and the header-footer
 * remote is served under /_mfe/header-footer/, so a browser only ever talks to the site's origin
 * (cookies, CSP and beacons stay same-origin).
 *
 * While simulation is on (its mirror cookie), a page simulation does not allow is redirected to
 * the spot landing before any of it is rendered (SPEC 4): here rather than in the pages, so every
 * page is covered, a missing one and a static one included, and nothing of it is painted.
 */
export function proxy(request: NextRequest) {
  const { pathname, search, locale } = request.nextUrl;
  // API and image paths have no language prefix: /ja/v1/... is a page path (and a 404), not a call.
  if (locale === NO_PREFIX_LOCALE) {
    if (pathname.startsWith(HEADER_FOOTER_BASE_PATH)) {
      const rest = pathname.slice(HEADER_FOOTER_BASE_PATH.length);
      return NextResponse.rewrite(new URL(`/${rest}${search}`, headerFooterUrl()));
    }
    if (isGatewayPath(pathname) || pathname.startsWith(IMAGE_PATH_PREFIX))
      return NextResponse.rewrite(new URL(pathname + search, gatewayUrl()));
  }
  const target = simulationRedirectFor({
    pathname,
    locale,
    cookie: request.cookies.get(CookieName.simulationTrade)?.value,
  });
  if (target) return NextResponse.redirect(new URL(target, request.url));
  return NextResponse.next();
}

// NOTE: plain string matchers for the proxied paths: Next 16.4 never calls the proxy for object
// matchers with `locale: false` under i18n routing, so the locale check lives in the function.
// The two simulation matchers run the proxy for pages only when the simulation cookie is there
// (literals: Next reads this config statically; 'simulation-trade' is CookieName.simulationTrade),
// so visitors out of simulation and every gateway call, file and Next asset never pay for it.
export const config = {
  matcher: [
    '/v1/:path*',
    '/btapi/:path*',
    // IMAGE_PATH_PREFIX (a literal: Next reads this config statically).
    '/images/:path*',
    '/_mfe/header-footer/:path*',
    { source: '/', has: [{ type: 'cookie', key: 'simulation-trade' }] },
    {
      source: '/((?!v1/|v1$|btapi/|btapi$|images/|_mfe/|_next/|favicon\\.svg$).*)',
      has: [{ type: 'cookie', key: 'simulation-trade' }],
    },
  ],
};
