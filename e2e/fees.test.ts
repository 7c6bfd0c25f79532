import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { launchIsolatedBrowser } from './support/browser';
import { htmlTag, serverHtml } from './support/pages';

const siteUrl = inject('siteUrl');

let browser: Browser;
let trader: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  trader = await newVisitor(browser, siteUrl);
  await registerByEmail(trader.page, siteUrl, uniqueEmail('e2e-fees'), 'Fee-Levels-2026-e2e');
}, 120_000);
afterAll(async () => {
  await trader.context.close();
  await browser.close();
});

const rowsOf = (html: string, testId: string) => {
  const table = html.split(`data-testid="${testId}"`)[1]?.split('</table>')[0] ?? '';
  return [...table.matchAll(/<tr data-level="(\d+)"[^>]*>(.*?)<\/tr>/g)].map((match) => ({
    level: Number(match[1]),
    cells: [...match[2]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]),
  }));
};

describe('fee pages', () => {
  it('serves the schedule the gateway charges, per product and level, server-rendered', async () => {
    const { status, html } = await serverHtml(`${siteUrl}/fee`);
    expect(status).toBe(200);
    expect(html).toMatch(/<title[^>]*>Trading fees<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}/fee"`);
    expect(html).toContain(`hrefLang="ja" href="${siteUrl}/ja/fee"`);
    for (const product of ['spot', 'margin', 'futures']) {
      const rows = rowsOf(html, `fee-table-${product}`);
      expect(rows.map((row) => row.level)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(rows[0]?.cells).toEqual(['VIP 0', '0.10%', '0.10%']);
    }
    expect(rowsOf(html, 'fee-table-futures')[5]?.cells).toEqual(['VIP 5', '0.00%', '0.03%']);
    // SPEC 2 allows all three in simulation: each answers itself, not a redirect.
    for (const path of ['/fee', '/vip/detail', '/vip/vipIntroduce']) {
      const simulated = await serverHtml(`${siteUrl}${path}`, 'simulation-trade=1');
      expect([path, simulated.status, simulated.redirects]).toEqual([path, 200, []]);
    }
  });

  it('explains the VIP levels with their thresholds, in Arabic right to left too', async () => {
    const { status, html } = await serverHtml(`${siteUrl}/vip/vipIntroduce`);
    expect(status).toBe(200);
    const levels = rowsOf(html, 'vip-levels');
    expect(levels[1]?.cells).toEqual([
      'VIP 1',
      '<span dir="ltr">≥ 1,000,000</span>',
      '<span dir="ltr">≥ 500,000</span>',
      '0.10%',
      '0.09%',
    ]);
    const arabic = await serverHtml(`${siteUrl}/ar/vip/vipIntroduce`);
    expect(arabic.status).toBe(200);
    expect(htmlTag(arabic.html)).toContain('dir="rtl"');
    expect(arabic.html).toMatch(/<title[^>]*>برنامج VIP<\/title>/);
    expect(rowsOf(arabic.html, 'vip-levels')).toHaveLength(6);
  });

  it('asks a visitor to log in for their level, with no serious axe violation', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await page.goto(`${siteUrl}/vip/detail`);
    await page.getByTestId('fee-login').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${siteUrl}/fee`);
    await page.getByTestId('fee-login').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a trader the level of the account in use: the paper one in simulation, then the real one', async () => {
    const { context, page } = trader;
    await page.evaluate(() => window.localStorage.setItem('simulation-trade', '1'));
    await context.addCookies([{ name: 'simulation-trade', value: '1', url: siteUrl }]);
    await page.goto(`${siteUrl}/vip/detail`);
    const paper = page.locator('[data-testid=vip-level][data-account=paper]');
    await paper.waitFor();
    // A new paper account: level 0, its starting 100,000 USDT a fifth of level 1's assets.
    expect(await paper.getAttribute('data-level')).toBe('0');
    expect(await page.getByTestId('vip-assets').textContent()).toBe('100,000 USDT');
    expect(await page.getByTestId('vip-next').getAttribute('data-progress')).toBe('0.2');
    expect(
      await page.getByTestId('vip-rates').locator('tr[data-product=futures] td').allTextContents(),
    ).toEqual(['Futures', '0.10%', '0.10%']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.evaluate(() => window.localStorage.removeItem('simulation-trade'));
    await context.clearCookies({ name: 'simulation-trade' });
    await page.goto(`${siteUrl}/vip/detail`);
    await page.locator('[data-testid=vip-level][data-account=real]').waitFor();
    expect(await page.getByTestId('vip-assets').textContent()).toBe('0 USDT');

    await page.goto(`${siteUrl}/fee`);
    await page.getByTestId('fee-own-level').waitFor();
    expect(await page.getByTestId('fee-own-level').textContent()).toBe('Your level: VIP 0');
    expect(
      await page
        .getByTestId('fee-table-spot')
        .locator('tr[data-own=true]')
        .getAttribute('data-level'),
    ).toBe('0');
  });

  it("makes a trader's session schemas, not the account's others, for their level", async () => {
    // An error text only schemas.ts (the account's other calls) makes.
    const accountSchemaText = 'expected 3 to 32 letters';
    const page = await trader.context.newPage();
    const urls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') urls.push(response.url());
    });
    await page.goto(`${siteUrl}/vip/detail`);
    // The level came through a signed call, after the session's user info was read.
    await page.locator('[data-testid=vip-level][data-account=real]').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
    expect(scripts.filter((text) => text.includes(accountSchemaText))).toEqual([]);
    await page.close();
  });
});
