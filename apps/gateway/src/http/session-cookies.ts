import { CookieName } from '@exchange-web/protocol/registry';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { IssuedTokens, PresentedTokens } from '../accounts/sessions';
import type { AccountsConfig, CookieSecure } from '../config';
import { requestHostname } from './client-ip';

/** The value of the readable marker cookie: it says a session exists, and holds no secret. */
const SIGNED_IN_VALUE = '1';

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether cookies get `Secure` (DESIGN "Secure by default": Secure except on localhost). 'auto'
 * decides by the host the browser used, since a plain-http localhost would drop Secure cookies.
 */
export function isCookieSecure(c: Context, setting: CookieSecure): boolean {
  if (setting !== 'auto') return setting;
  const hostname = requestHostname(c);
  return !(LOCAL_HOSTNAMES.has(hostname) || hostname.endsWith('.localhost'));
}

/** The session tokens the request carries. */
export function readSessionCookies(c: Context): PresentedTokens {
  return {
    token: getCookie(c, CookieName.token) || undefined,
    refreshToken: getCookie(c, CookieName.refreshToken) || undefined,
  };
}

/**
 * Sets the session cookies: `token` and `refresh_token` HttpOnly, `signed_in=1` readable. All
 * live as long as the refresh token, so an expired token still reaches the gateway to be renewed.
 */
export function writeSessionCookies(
  c: Context,
  issued: IssuedTokens,
  config: Pick<AccountsConfig, 'refreshTtlMs' | 'cookieSecure'>,
): void {
  const base = {
    path: '/',
    sameSite: 'Lax',
    secure: isCookieSecure(c, config.cookieSecure),
    maxAge: Math.ceil(config.refreshTtlMs / 1000),
  } as const;
  setCookie(c, CookieName.token, issued.token, { ...base, httpOnly: true });
  setCookie(c, CookieName.refreshToken, issued.refreshToken, { ...base, httpOnly: true });
  setCookie(c, CookieName.signedIn, SIGNED_IN_VALUE, base);
}

/** Clears the three session cookies (Max-Age=0) with the attributes they were set with. */
export function clearSessionCookies(
  c: Context,
  config: Pick<AccountsConfig, 'cookieSecure'>,
): void {
  const base = {
    path: '/',
    sameSite: 'Lax',
    secure: isCookieSecure(c, config.cookieSecure),
  } as const;
  deleteCookie(c, CookieName.token, { ...base, httpOnly: true });
  deleteCookie(c, CookieName.refreshToken, { ...base, httpOnly: true });
  deleteCookie(c, CookieName.signedIn, base);
}
