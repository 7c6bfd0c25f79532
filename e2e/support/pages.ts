import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { BrowserContext, Page } from 'playwright-core';

/** Marks the legal notice accepted in every locale before any page script runs. */
export async function acceptLegalNotice(context: BrowserContext): Promise<void> {
  const accepted = Object.fromEntries(LOCALE_CODES.map((locale) => [locale, 1]));
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LocalStorageKey.legalAcceptance,
    JSON.stringify(accepted),
  ] as const);
}

/** Waits until the header and footer from the remote have replaced the built-in ones. */
export async function waitForRemoteHeader(page: Page): Promise<void> {
  await page.locator('.site-header[data-source="remote"]').waitFor();
  await page.locator('.site-footer[data-source="remote"]').waitFor();
}

/**
 * The first HTML the server sends for a path, as a crawler or the first paint sees it, following
 * at most three redirects and listing where each went.
 */
export async function serverHtml(
  url: string,
  cookie?: string,
): Promise<{ status: number; html: string; redirects: string[] }> {
  const redirects: string[] = [];
  let current = url;
  for (;;) {
    const response = await fetch(current, {
      headers: cookie ? { cookie } : {},
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location && redirects.length < 3) {
      redirects.push(location);
      current = new URL(location, current).toString();
      continue;
    }
    return { status: response.status, html: await response.text(), redirects };
  }
}

/** The opening <html> tag of a document. */
export const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';
