import { buildPath } from '@exchange-web/client/language';
import { isSimulationCookieSet, simulationRedirectTarget } from '@exchange-web/client/simulation';
import { CookieName } from '@exchange-web/protocol/registry';
import { parseCookie } from 'cookie';
import { HEADER_FOOTER_BASE_PATH } from './header-footer-paths';
import { NO_PREFIX_LOCALE } from './router-locale';

/** Whether a path (without a language prefix) is a call the proxy forwards to the gateway. */
export function isGatewayPath(pathname: string): boolean {
  return ['/v1', '/btapi'].some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** Whether the request that renders a page carries the simulation mirror cookie (SPEC 4). */
export function isSimulationRequest(cookieHeader: string | undefined): boolean {
  return isSimulationCookieSet(parseCookie(cookieHeader ?? '')[CookieName.simulationTrade]);
}

/**
 * Where the proxy redirects a request while simulation is on (its mirror cookie is set), or
 * undefined to let it through: gateway calls, the remote header-footer, Next's own files and any
 * file (a last segment with a dot: favicon.svg) always pass; a page passes when simulation allows it,
 * else it goes to the spot landing with its language prefix kept (SPEC 2, 4).
 * @param input.pathname the router's pathname, language prefix removed (`nextUrl.pathname`)
 * @param input.locale the router's locale: a locale code, `bg`, or the no-prefix one
 * @example
 * simulationRedirectFor({ pathname: '/ja/account', locale: 'bg', cookie: '1' }); // '/bg/ja/spot/BTCUSDT'
 */
export function simulationRedirectFor(input: {
  pathname: string;
  locale: string;
  cookie: string | undefined;
}): string | undefined {
  const { pathname, locale } = input;
  if (!isSimulationCookieSet(input.cookie)) return undefined;
  const unprefixed = locale === NO_PREFIX_LOCALE;
  if (unprefixed && isGatewayPath(pathname)) return undefined;
  if (pathname.startsWith('/_next/') || pathname.startsWith(HEADER_FOOTER_BASE_PATH))
    return undefined;
  // A file is never a page; the client still checks every page it shows.
  if (/\.[^/]*$/.test(pathname)) return undefined;
  return simulationRedirectTarget(buildPath(pathname, unprefixed ? '' : locale));
}
