import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';

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
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    const dialog = page.getByTestId('legal-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getAttribute('open')).not.toBeNull();
    expect(await dialog.locator('h2').textContent()).toBe('Before you continue');
    // Escape does not dismiss it: the notice must be answered.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(await page.getByTestId('legal-dialog').getAttribute('data-accepted')).toBe('true');
    expect(await page.getByTestId('legal-dialog').isVisible()).toBe(false);

    await page.goto(`${siteUrl}/ja/`);
    const japanese = page.getByTestId('legal-dialog');
    await japanese.waitFor({ state: 'visible' });
    expect(await japanese.locator('h2').textContent()).not.toBe('Before you continue');
    await page.close();
  });
});
