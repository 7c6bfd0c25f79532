import { buildPath, pathPrefixOf } from '../language';

/**
 * The product's affiliated domains when the configuration names none (SPEC 3 "a list of the
 * product's affiliated domains"; the site reads AFFILIATED_DOMAINS at run time).
 */
export const DEFAULT_AFFILIATED_DOMAINS: readonly string[] = [
  'exchange-web.test',
  'www.exchange-web.test',
];

/**
 * A comma list of affiliated host names (`exchange-web.test, www.exchange-web.test`) as a list,
 * lower-cased, blanks dropped; {@link DEFAULT_AFFILIATED_DOMAINS} when the value is unset.
 * @example parseAffiliatedDomains('A.test, b.test,') // ['a.test', 'b.test']
 */
export function parseAffiliatedDomains(value: string | undefined): string[] {
  if (value === undefined) return [...DEFAULT_AFFILIATED_DOMAINS];
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

export interface AffiliatedLinkOptions {
  /** Host names (with a port where one is meant) of the product's affiliated domains. */
  affiliated: readonly string[];
  /** The current path prefix ('' for none, a locale code, `bg`): kept on the rewritten link. */
  prefix: string;
  /**
   * An origin to move the link to instead of making it relative.
   * @default undefined (a relative path on this site)
   */
  targetHost?: string | undefined;
}

const ABSOLUTE_WEB_LINK = /^\s*(https?:)?\/\//i;

/**
 * An absolute link to an affiliated domain as a relative path on this site, or on `targetHost`,
 * with the current language prefix (SPEC 3). A link whose path already names a language keeps it.
 * Every other link comes back unchanged.
 * @example
 * rewriteAffiliatedLink('https://www.exchange-web.test/spot/BTCUSDT?x=1', { affiliated: ['www.exchange-web.test'], prefix: 'ja' })
 * // '/ja/spot/BTCUSDT?x=1'
 */
export function rewriteAffiliatedLink(href: string, options: AffiliatedLinkOptions): string {
  if (!ABSOLUTE_WEB_LINK.test(href)) return href;
  let url: URL;
  try {
    url = new URL(href.trim(), 'https://relative.invalid');
  } catch {
    return href;
  }
  const affiliated = options.affiliated.map((entry) => entry.toLowerCase());
  if (!affiliated.includes(url.host.toLowerCase()) && !affiliated.includes(url.hostname))
    return href;
  const path =
    pathPrefixOf(url.pathname) === '' ? buildPath(url.pathname, options.prefix) : url.pathname;
  const target = options.targetHost?.replace(/\/+$/, '') ?? '';
  return `${target}${path}${url.search}${url.hash}`;
}
