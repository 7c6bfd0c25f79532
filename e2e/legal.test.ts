import { LEGAL_NOTICE_VERSION } from '@exchange-web/client/legal-acceptance';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { serverHtml } from './support/pages';

const siteUrl = inject('siteUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = browser.context;
});
afterAll(async () => {
  await browser.close();
});

describe('legal dialog', () => {
  it('shows the locale’s notice until accepted, remembers it, and asks again in another locale', async () => {
    const { html } = await serverHtml(`${siteUrl}/`);
    // The server paints it open, so it arrives with the page rather than after it.
    expect(html).toMatch(/<dialog[^>]*open=""[^>]*data-testid="legal-dialog"/);
    // Before the page in the document, so it paints with the page's first paint, not a parse later.
    expect(html.indexOf('data-testid="legal-dialog"')).toBeLessThan(html.indexOf('class="shell"'));
    const accepted = await serverHtml(`${siteUrl}/`, `legal_acceptance=en:${LEGAL_NOTICE_VERSION}`);
    expect(accepted.html).not.toMatch(/<dialog[^>]*open=""[^>]*data-testid="legal-dialog"/);
    // An older version accepted is asked again.
    const older = await serverHtml(
      `${siteUrl}/`,
      `legal_acceptance=en:${LEGAL_NOTICE_VERSION - 1}`,
    );
    expect(older.html).toMatch(/<dialog[^>]*open=""[^>]*data-testid="legal-dialog"/);

    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    const dialog = page.getByTestId('legal-dialog');
    await dialog.waitFor({ state: 'visible' });
    // The rest of the page is out of reach while it asks, and its button has the focus.
    expect(await page.locator('.shell').getAttribute('inert')).not.toBeNull();
    await page.waitForFunction(
      () => document.activeElement?.closest('[data-testid="legal-dialog"]') !== null,
    );
    expect(await dialog.getAttribute('open')).not.toBeNull();
    expect(await dialog.locator('h2').textContent()).toBe('Before you continue');
    // Escape does not dismiss it: the notice must be answered.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('.shell').getAttribute('inert')).toBeNull();

    await page.reload();
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await page.getByTestId('legal-dialog').isVisible()).toBe(false);

    await page.goto(`${siteUrl}/ja/`);
    const japanese = page.getByTestId('legal-dialog');
    await japanese.waitFor({ state: 'visible' });
    expect(await japanese.locator('h2').textContent()).not.toBe('Before you continue');
    await page.close();
  });
});

describe('the legal pages', () => {
  it('answer every document of the footer, versioned, with anchored contents, without asking', async () => {
    for (const document of ['terms', 'privacy', 'risk', 'cookies']) {
      const { status, html } = await serverHtml(`${siteUrl}/legal/${document}`);
      expect([document, status]).toEqual([document, 200]);
      expect(html).toContain(`data-document="${document}"`);
      expect(html).toMatch(
        /data-testid="legal-version">Version 1, in effect from November 26, 2026</,
      );
      // Every contents entry leads to a section's heading on the page.
      const anchors = [...html.matchAll(/<a href="#([a-z-]+)">/g)].map((match) => match[1]);
      expect(anchors.length).toBeGreaterThanOrEqual(8);
      for (const anchor of anchors) expect(html).toContain(`<h2 id="${anchor}">`);
      // The page the dialog links to can be read: no dialog over it.
      expect(html).not.toMatch(/<dialog[^>]*open=""/);
    }
    expect((await serverHtml(`${siteUrl}/legal/unknown`)).status).toBe(404);
  });

  it('speak the page language, right to left in Arabic, with links to each language', async () => {
    const arabic = await serverHtml(`${siteUrl}/ar/legal/privacy`);
    expect(arabic.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(arabic.html).not.toContain('<h1>Privacy Notice</h1>');
    expect(arabic.html).toContain('hrefLang="ja"');
    const japanese = await serverHtml(`${siteUrl}/ja/legal/terms`);
    expect(japanese.html).not.toContain('<h1>Terms of Use</h1>');
  });

  it('open from the dialog’s link, which the dialog does not cover', async () => {
    // Not accepted yet (the dialog's test above accepted it in this browser).
    await context.clearCookies({ name: 'legal_acceptance' });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    const dialog = page.getByTestId('legal-dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('link').click();
    await page.waitForURL(`${siteUrl}/legal/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
    expect(await page.getByTestId('legal-dialog').isVisible()).toBe(false);
    expect(await page.locator('.shell').getAttribute('inert')).toBeNull();
    await page.close();
  });
});
