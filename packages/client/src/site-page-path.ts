// An origin no page of ours can have: a path resolved against it stays on it or leaves it.
const PAGE_BASE = 'https://site-page.invalid';

/**
 * The path of a page of this site, as the URL parser reads it, or null for anything that would
 * lead elsewhere: another scheme, another host (`//host`, `/\host`), no leading slash. For paths
 * that arrive as data (a page a tracker reported) and are only ever links within the site; the
 * parser's own result is the link, so no disguise (entities, escapes, control characters) can
 * turn it into a script or another origin.
 * @example sitePagePath('/spot/BTCUSDT?tab=book') // '/spot/BTCUSDT?tab=book'
 * @example sitePagePath('//attacker.example/x') // null
 * @example sitePagePath('javascript:alert(1)') // null
 */
export function sitePagePath(value: string): string | null {
  if (!value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, PAGE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PAGE_BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
