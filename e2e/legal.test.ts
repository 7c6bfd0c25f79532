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
    const accepted = await serverHtml(`${siteUrl}/`, 'legal_acceptance=en:1');
    expect(accepted.html).not.toMatch(/<dialog[^>]*open=""[^>]*data-testid="legal-dialog"/);

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
