import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { LEGAL_NOTICE_VERSION } from '@exchange-web/client/legal-acceptance';
import { CookieName } from '@exchange-web/protocol/registry';
import type { BrowserContext, Page } from 'playwright-core';

/** Marks the legal notice accepted in every locale, as the dialog's accept button does. */
export async function acceptLegalNotice(context: BrowserContext, siteUrl: string): Promise<void> {
  await context.addCookies([
    {
      name: CookieName.legalAcceptance,
      value: LOCALE_CODES.map((locale) => `${locale}:${LEGAL_NOTICE_VERSION}`).join(','),
      url: siteUrl,
    },
  ]);
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
