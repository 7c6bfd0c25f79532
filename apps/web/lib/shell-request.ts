import { parseAffiliatedDomains } from '@exchange-web/client/images/affiliated-links';
import { detectLanguage, htmlLang, visitedPrefix } from '@exchange-web/client/language';
import type { TestEnvironment } from '@exchange-web/client/http-client';
import { isLegalNoticeAccepted } from '@exchange-web/client/legal-acceptance';
import { resolveTheme, themeClassName } from '@exchange-web/client/theme';
import { textDirection, type LocaleCode } from '@exchange-web/protocol/languages';
import { CookieName, QueryParam, type Theme } from '@exchange-web/protocol/registry';
import { parseCookie } from 'cookie';
import { NO_PREFIX_LOCALE } from './router-locale';

export interface ShellRequest {
  language: LocaleCode;
  /** The path prefix as the router saw it: '' when none, else a locale code or bg. */
  prefix: string;
  theme: Theme;
  /** Whether the legal notice of this language was accepted (its cookie). */
  legalAccepted: boolean;
  /** Whether the request carries a session (its readable marker cookie; the token is HttpOnly). */
  signedIn: boolean;
}

/**
 * What the shell renders for a request, from the same inputs on the server and the client:
 * the cookie header, the query, and the router's locale (the path prefix).
 */
export function readShellRequest(input: {
  cookieHeader: string | undefined;
  query: Record<string, string | string[] | undefined>;
  routerLocale: string | undefined;
  /**
   * The router's path after its locale (asPath, or the request's URL on the server): under `bg`
   * it may start with the language of a `/bg/{locale}/…` address (SPEC 2's second segment).
   */
  routerPath?: string | undefined;
}): ShellRequest {
  const cookies = parseCookie(input.cookieHeader ?? '');
  const routerPrefix =
    !input.routerLocale || input.routerLocale === NO_PREFIX_LOCALE ? '' : input.routerLocale;
  const prefix =
    input.routerPath === undefined ? routerPrefix : visitedPrefix(routerPrefix, input.routerPath);
  const queryTheme = input.query[QueryParam.appTheme];
  const language = detectLanguage({ cookie: cookies[CookieName.language], pathname: `/${prefix}` });
  return {
    language,
    legalAccepted: isLegalNoticeAccepted(cookies[CookieName.legalAcceptance], language),
    signedIn: cookies[CookieName.signedIn] !== undefined,
    prefix,
    theme: resolveTheme({
      query: Array.isArray(queryTheme) ? queryTheme[0] : queryTheme,
      cookie: cookies[CookieName.theme],
    }),
  };
}

/** The attributes of <html> for a shell request: no flash of the wrong theme or direction. */
export function htmlAttributes(shell: ShellRequest) {
  return {
    lang: htmlLang(shell.language),
    dir: textDirection(shell.language),
    className: themeClassName(shell.theme),
  };
}

/** Run-time settings of the site the shell passes to the browser (read on the server). */
export interface SiteSettings {
  /** Whether image URLs in replies follow the chosen image domain (SPEC 4). */
  replaceImageDomain: boolean;
  /** Host names of the product's affiliated domains (SPEC 3). */
  affiliatedDomains: string[];
  /** The routing headers of a test environment, sent with every call (SPEC 7); none in production. */
  testEnvironment: TestEnvironment;
}

// A routing header's value names an environment: a short token, nothing a header could break on.
const TEST_ROUTE = /^[A-Za-z0-9._-]{1,64}$/;
const testRoute = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed !== undefined && TEST_ROUTE.test(trimmed) ? trimmed : undefined;
};

const OFF_VALUES = new Set(['0', 'false', 'off', 'no']);

/**
 * The site settings from the server's environment, read at request time so one build serves any
 * deployment: REPLACE_IMAGE_DOMAIN (on unless 0, false, off or no) and AFFILIATED_DOMAINS (a comma
 * list of host names; `exchange-web.test,www.exchange-web.test` when unset), and SITE_PFB and
 * SITE_BETA, the `pfb` and `beta` routing headers of a test environment (a token of letters,
 * digits, `.`, `_` or `-`, up to 64; another value is not sent).
 */
export function readSiteSettings(env: Readonly<Record<string, string | undefined>>): SiteSettings {
  const replace = env.REPLACE_IMAGE_DOMAIN?.trim().toLowerCase();
  const pfb = testRoute(env.SITE_PFB);
  const beta = testRoute(env.SITE_BETA);
  return {
    replaceImageDomain: replace === undefined || !OFF_VALUES.has(replace),
    affiliatedDomains: parseAffiliatedDomains(env.AFFILIATED_DOMAINS),
    testEnvironment: { ...(pfb ? { pfb } : {}), ...(beta ? { beta } : {}) },
  };
}

/**
 * The shell request of a page's server props. A client-side navigation asks for its props at a
 * `/_next/data/` address, which names the page but not the address as visited: the shell then
 * reads the router's locale alone (under `bg/{locale}`, the language comes from the cookie).
 */
export function shellRequestOf(ctx: {
  req: { headers: { cookie?: string | undefined }; url?: string | undefined };
  query: Record<string, string | string[] | undefined>;
  locale?: string | undefined;
}): ShellRequest {
  const url = ctx.req.url;
  return readShellRequest({
    cookieHeader: ctx.req.headers.cookie,
    query: ctx.query,
    routerLocale: ctx.locale,
    routerPath: url === undefined || url.startsWith('/_next/data/') ? undefined : url,
  });
}
