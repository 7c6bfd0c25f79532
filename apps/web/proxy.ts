import { CookieName } from '@exchange-web/protocol/registry';
import { NextResponse, type NextRequest } from 'next/server';
import { hiddenPrefixPage } from './lib/hidden-prefix';
import { simulationRedirectFor } from './lib/simulation-request';

/**
 * While simulation is on (its mirror cookie), a page simulation does not allow is redirected to
 * the spot landing before any of it is rendered (SPEC 4): here rather than in the pages, so every
 * page is covered, a missing one and a static one included, and nothing of it is painted.
 *
 * A path under the hidden prefix with a language after it is served as its page under the prefix
 * (lib/hidden-prefix.ts). Here rather than as a rewrite of next.config.ts: a site with rewrites
 * ships Next's rewrite matching to every page's first load, about 4 KB (issue 18), while the
 * browser's router asks the proxy for this one when it navigates.
 *
 * API, image and header-footer paths never reach Next: the site's front door
 * (server/front-door.ts) forwards them.
 */
export function proxy(request: NextRequest) {
  const { pathname, locale } = request.nextUrl;
  const target = simulationRedirectFor({
    pathname,
    locale,
    cookie: request.cookies.get(CookieName.simulationTrade)?.value,
  });
  if (target) return NextResponse.redirect(new URL(target, request.url));
  const page = hiddenPrefixPage({ pathname, locale });
  if (page !== undefined) {
    const url = request.nextUrl.clone();
    url.pathname = page;
    return NextResponse.rewrite(url);
  }
  return NextResponse.next();
}

// NOTE: the proxy runs for pages only when the simulation cookie is there, or under the hidden
// prefix (literals: Next reads this config statically; 'simulation-trade' is
// CookieName.simulationTrade, 'bg' HIDDEN_PATH_PREFIX), so other visitors and every file and Next
// asset never pay for it.
export const config = {
  matcher: [
    { source: '/', has: [{ type: 'cookie', key: 'simulation-trade' }] },
    {
      source: '/((?!v1/|v1$|btapi/|btapi$|images/|_mfe/|_next/|favicon\\.svg$).*)',
      has: [{ type: 'cookie', key: 'simulation-trade' }],
    },
    { source: '/bg/:path+', locale: false },
  ],
};
