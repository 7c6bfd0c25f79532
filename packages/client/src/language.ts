import {
  HIDDEN_PATH_PREFIX,
  firstSupportedLanguage,
  isLocaleCode,
  localeFromPath,
  splitPathPrefix,
  textDirection,
  type LocaleCode,
} from '@exchange-web/protocol/languages';

/**
 * The visitor's language (SPEC 2): the language cookie, else the first or second path segment,
 * else the first supported language.
 * NOTE: the cookie wins over a disagreeing path prefix, as the spec orders it; a language change
 * rewrites both, so they only disagree after following an outside link.
 */
export function detectLanguage(input: {
  cookie?: string | undefined;
  pathname: string;
}): LocaleCode {
  if (isLocaleCode(input.cookie)) return input.cookie;
  return localeFromPath(input.pathname) ?? firstSupportedLanguage.locale;
}

/** The optional prefix a path starts with ('' when none): a locale code, `bg`, or `bg/{locale}`. */
export function pathPrefixOf(pathname: string): string {
  return splitPathPrefix(pathname).prefix.join('/');
}

/**
 * Builds a full internal path that keeps the current prefix (SPEC 2). Every internal link goes
 * through here.
 * @example buildPath('/spot/BTCUSDT', 'ja') // '/ja/spot/BTCUSDT'
 * @example buildPath('/', '') // '/'
 */
export function buildPath(path: string, prefix: string): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  if (prefix === '') return normalised;
  return normalised === '/' ? `/${prefix}` : `/${prefix}${normalised}`;
}

/**
 * The router's view of a prefixed path. Next's router knows one locale segment: under
 * `bg/{locale}` (served by a rewrite, apps/web/next.config.ts) its locale is `bg` and the page
 * path it sees still starts with the second segment. `routerPath` is the router's path (its
 * asPath, without its locale); `prefix` the site's prefix of the address.
 */
export interface RouterPath {
  /** The router's locale segment: the prefix's first segment ('' for none). */
  locale: string;
  /** The path the router sees after its locale: the page path behind what else the prefix has. */
  asPath: string;
}

/**
 * The prefix of the address as visited, from the router's locale and path: `bg` followed by a
 * locale when the router's path starts with one under `bg`.
 * @example visitedPrefix('bg', '/ja/spot/BTCUSDT') // 'bg/ja'
 * @example visitedPrefix('ja', '/spot/BTCUSDT') // 'ja'
 */
export function visitedPrefix(routerLocale: string, routerPath: string): string {
  if (routerLocale !== HIDDEN_PATH_PREFIX) return routerLocale;
  return splitPathPrefix(`/${HIDDEN_PATH_PREFIX}${routerPath}`).prefix.join('/');
}

/**
 * The page path of the router's path under `prefix`, without what the prefix adds to it.
 * @example pagePathOf('/ja/spot/BTCUSDT', 'bg/ja') // '/spot/BTCUSDT'
 * @example pagePathOf('/spot/BTCUSDT?x=1', 'ja') // '/spot/BTCUSDT?x=1'
 */
export function pagePathOf(routerPath: string, prefix: string): string {
  const [, inner] = prefix.split('/');
  if (inner === undefined) return routerPath;
  const rest = routerPath.slice(inner.length + 1);
  return rest === '' || /^[?#]/.test(rest) ? `/${rest}` : rest;
}

/**
 * Where the router goes for `pagePath` under `prefix`: its locale segment and its path.
 * @example routerPathFor('/spot/BTCUSDT', 'bg/ja') // { locale: 'bg', asPath: '/ja/spot/BTCUSDT' }
 */
export function routerPathFor(pagePath: string, prefix: string): RouterPath {
  const [locale = '', inner] = prefix.split('/');
  return { locale, asPath: inner === undefined ? pagePath : buildPath(pagePath, inner) };
}

/**
 * The prefix a language change leads to: a locale prefix (or none) becomes the new locale; the
 * hidden `bg` prefix stays, since it names a channel rather than a language (SPEC 2 keeps it).
 */
export function prefixAfterLanguageChange(currentPrefix: string, next: LocaleCode): string {
  const [first] = currentPrefix.split('/');
  return first === HIDDEN_PATH_PREFIX ? HIDDEN_PATH_PREFIX : next;
}

/** Whether a language change flips the text direction (only Arabic is right to left). */
export function directionChanges(from: string, to: string): boolean {
  return textDirection(from) !== textDirection(to);
}

// BCP 47 tags for the three site codes that are not language tags themselves.
const htmlLangOverrides: Record<string, string> = { asia: 'en', 'zh-TC': 'zh-TW', ph: 'fil' };

/** The `lang` attribute for a site locale. */
export function htmlLang(locale: string): string {
  return htmlLangOverrides[locale] ?? locale;
}
