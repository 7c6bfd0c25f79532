import { IMAGE_DOMAIN_PATTERN, IMAGE_PATH_PREFIX } from '@exchange-web/protocol/images';

/** Where an image URL points now and where it should point. */
export interface ImageRewrite {
  /** The site's own origin, the default image host `{host}` (protocol images.ts). */
  siteOrigin: string;
  /** The chosen image domain (an origin); the site origin when none is chosen. */
  domain: string;
}

// Never rewritten: inline images and object URLs have no host to move.
const INLINE_URL = /^\s*(data|blob):/i;

const startsWithIgnoringCase = (value: string, start: string) =>
  value.slice(0, start.length).toLowerCase() === start.toLowerCase();

/**
 * An image URL on the default host moved to `domain` (SPEC 4 "Image sources using the default host
 * are rewritten to it"): `/images/...` and `${siteOrigin}/images/...` become `${domain}/images/...`.
 * Anything else (another host, another path, `data:` and `blob:` URLs) comes back unchanged, and so
 * does every URL while the domain is the site origin itself.
 * @example
 * rewriteImageUrl('/images/coins/btc.svg', { siteOrigin: 'https://exchange-web.test', domain: 'https://img1.test' })
 * // 'https://img1.test/images/coins/btc.svg'
 */
export function rewriteImageUrl(url: string, { siteOrigin, domain }: ImageRewrite): string {
  if (INLINE_URL.test(url) || sameOrigin(domain, siteOrigin)) return url;
  if (url.startsWith(IMAGE_PATH_PREFIX)) return `${domain}${url}`;
  if (siteOrigin !== '' && startsWithIgnoringCase(url, `${siteOrigin}${IMAGE_PATH_PREFIX}`))
    return `${domain}${url.slice(siteOrigin.length)}`;
  return url;
}

/** Whether a URL names an image on the default host, i.e. one {@link rewriteImageUrl} can move. */
export function isDefaultHostImage(url: string, siteOrigin: string): boolean {
  return rewriteImageUrl(url, { siteOrigin, domain: 'https://x.invalid' }) !== url;
}

/**
 * The `/images/...` path (with query and fragment) of an image URL that is a path or sits on one of
 * `origins`; undefined for anything else.
 * @example imagePathOn('https://img1.test/images/a.png', ['https://img1.test']) // '/images/a.png'
 */
export function imagePathOn(url: string, origins: readonly string[]): string | undefined {
  if (INLINE_URL.test(url)) return undefined;
  if (url.startsWith(IMAGE_PATH_PREFIX)) return url;
  const origin = origins.find(
    (candidate) =>
      candidate !== '' && startsWithIgnoringCase(url, `${candidate}${IMAGE_PATH_PREFIX}`),
  );
  return origin === undefined ? undefined : url.slice(origin.length);
}

/**
 * Every string of a JSON value passed through {@link rewriteImageUrl}, deep through arrays and
 * objects; the same reference comes back when nothing changed (so callers can tell).
 */
export function rewriteImageUrlsDeep(value: unknown, rewrite: ImageRewrite): unknown {
  if (typeof value === 'string') return rewriteImageUrl(value, rewrite);
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => rewriteImageUrlsDeep(item, rewrite));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const next = rewriteImageUrlsDeep(item, rewrite);
      if (next !== item) changed = true;
      return [key, next] as const;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

const sameOrigin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A configured image domain as an origin, or undefined when it is not one: a trailing slash is
 * dropped, and a bare host (`img.a.test`) takes the site's scheme.
 * @example normaliseImageDomain('img.a.test', 'https:') // 'https://img.a.test'
 */
export function normaliseImageDomain(entry: string, siteProtocol: string): string | undefined {
  const trimmed = entry.trim().replace(/\/+$/, '');
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
    ? trimmed
    : `${siteProtocol}//${trimmed.replace(/^\/\//, '')}`;
  return IMAGE_DOMAIN_PATTERN.test(withScheme) ? withScheme.toLowerCase() : undefined;
}

/** The origin a loaded image URL came from, resolved against the site for relative URLs. */
export function originOf(url: string, siteOrigin: string): string | undefined {
  try {
    return new URL(url, siteOrigin === '' ? undefined : siteOrigin).origin.toLowerCase();
  } catch {
    return undefined;
  }
}
