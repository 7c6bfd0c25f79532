import { buildPath } from '@exchange-web/client/language';
import { hreflangOf, LOCALE_CODES } from '@exchange-web/protocol/languages';

/** One `<link rel="alternate" hreflang>` of a page. */
export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/** The absolute links search engines read for one page. */
export interface PageLinks {
  /** The page itself, with the prefix it was reached by. */
  canonical: string;
  /** The page in each of the 23 languages (its locale prefix), then `x-default` (no prefix). */
  alternates: AlternateLink[];
}

/** The hreflang of the version for visitors no language matches (Google's convention). */
export const X_DEFAULT = 'x-default';

/**
 * The canonical and hreflang links of a page: `path` is the unprefixed page path, `prefix` the
 * one it was reached by ('' for none), `query` the parameters that make it a distinct page
 * (paging), written in the order given.
 *
 * @example
 * pageLinks({ origin: 'https://ex.test', prefix: 'ja', path: '/inscription/brc-20/ordi' }).canonical;
 * // 'https://ex.test/ja/inscription/brc-20/ordi'
 */
export function pageLinks(input: {
  origin: string;
  prefix: string;
  path: string;
  query?: Readonly<Record<string, string>>;
}): PageLinks {
  const search = new URLSearchParams(input.query).toString();
  const absolute = (prefix: string) =>
    `${input.origin}${buildPath(input.path, prefix)}${search ? `?${search}` : ''}`;
  return {
    canonical: absolute(input.prefix),
    alternates: [
      ...LOCALE_CODES.map((locale) => ({ hrefLang: hreflangOf(locale), href: absolute(locale) })),
      // The unprefixed path speaks the visitor's cookie language, else English (SPEC 2).
      { hrefLang: X_DEFAULT, href: absolute('') },
    ],
  };
}
