import { describe, expect, inject, it } from 'vitest';

const siteUrl = inject('siteUrl');

/** Most pages one crawl reads: the menus, footers and lists are all within the first ones. */
const CRAWL_LIMIT = 250;

/** The internal page links (`<a href>`) of a document, without their fragment. */
function pageLinksOf(html: string, base: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    const href = match[1]!.replaceAll('&amp;', '&');
    const url = new URL(href, base);
    if (url.origin !== new URL(siteUrl).origin) continue;
    url.hash = '';
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

/**
 * Follows every link of the site from `start` as a visitor without a session does, page after
 * page, and answers each page that answered neither a page (2xx), a redirect (3xx: the pages for
 * signed-in users send a visitor to log in) nor anything else than a 404.
 */
async function crawl(start: string): Promise<{ visited: number; missing: string[] }> {
  const queue = [start];
  const seen = new Set(queue);
  const missing: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < CRAWL_LIMIT) {
    const path = queue.shift()!;
    const response = await fetch(`${siteUrl}${path}`, { redirect: 'manual' });
    visited += 1;
    if (response.status === 404) {
      missing.push(path);
      continue;
    }
    if (!response.headers.get('content-type')?.includes('text/html')) continue;
    for (const link of pageLinksOf(await response.text(), `${siteUrl}${path}`)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { visited, missing };
}

describe('every link of the site', () => {
  it.each(['/', '/ja'])(
    'leads to a page, from %s',
    async (start) => {
      const { visited, missing } = await crawl(start);
      expect(missing).toEqual([]);
      // The header, footer and lists were followed, not only the first page.
      expect(visited).toBeGreaterThan(30);
    },
    180_000,
  );
});
