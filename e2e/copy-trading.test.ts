import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { launchIsolatedBrowser } from './support/browser';
import { htmlTag, serverHtml } from './support/pages';
import { operatorContext } from './support/tracking';

const siteUrl = inject('siteUrl');

let browser: Browser;
let lead: { context: BrowserContext; page: Page };
let follower: { context: BrowserContext; page: Page };
// Unique per run: the paper leads of other runs on this stack are listed too.
const nickname = `E2E Lead ${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  lead = await newVisitor(browser, siteUrl);
  follower = await newVisitor(browser, siteUrl);
  await registerByEmail(lead.page, siteUrl, uniqueEmail('e2e-lead'), 'Copy-Lead-2026-e2e');
  await registerByEmail(
    follower.page,
    siteUrl,
    uniqueEmail('e2e-follower'),
    'Copy-Follower-2026-e2e',
  );
}, 120_000);
afterAll(async () => {
  await lead.context.close();
  await follower.context.close();
  await browser.close();
});

/** Turns simulation on by its storage flag and mirror cookie (SPEC 4). */
async function enterSimulation({ context, page }: { context: BrowserContext; page: Page }) {
  await page.evaluate(() => window.localStorage.setItem('simulation-trade', '1'));
  await context.addCookies([{ name: 'simulation-trade', value: '1', url: siteUrl }]);
}

async function leaveSimulation({ context, page }: { context: BrowserContext; page: Page }) {
  await page.evaluate(() => window.localStorage.removeItem('simulation-trade'));
  await context.clearCookies({ name: 'simulation-trade' });
}

/** A market order from the spot page's form, waited for until it is filled. */
async function marketOrder(page: Page, side: 'Buy' | 'Sell', size: string) {
  await page.goto(`${siteUrl}/spot/BTCUSDT`);
  await page.getByTestId('account-kind').and(page.locator('[data-account=paper]')).waitFor();
  await page.getByRole('tab', { name: side }).click();
  await page.getByTestId('order-type').getByRole('radio', { name: 'Market' }).click();
  await page.locator('#order-size').fill(size);
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-message').and(page.locator('[data-kind=success]')).waitFor();
}

const copyRows = (page: Page, selector: string) =>
  page.getByTestId('copy-trades').locator(`tbody tr${selector}`);

describe('copy trading', () => {
  it('lists the demo leads server-rendered, sorted and filtered without script', async () => {
    const { status, html } = await serverHtml(`${siteUrl}/copy-trading`);
    expect(status).toBe(200);
    expect(html).toContain('Trend Rider');
    expect(html).toContain('Steady Stacker');
    const spot = await serverHtml(`${siteUrl}/copy-trading?market=spot&sort=drawdown&period=90`);
    expect(spot.html).toContain('Steady Stacker');
    expect(spot.html).not.toContain('Trend Rider');
    // A value the list does not know is the default view, not an error.
    expect((await serverHtml(`${siteUrl}/copy-trading?period=9&sort=%3Cx%3E`)).status).toBe(200);
    expect((await serverHtml(`${siteUrl}/copy-trading/not-a-lead`)).status).toBe(404);
    expect((await serverHtml(`${siteUrl}/copy-trading/%3Cscript%3E`)).status).toBe(404);
    for (const path of ['/order/mcp', '/record/mcp']) {
      const response = await fetch(`${siteUrl}${path}`, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 307]);
    }
  });

  it('becomes a paper lead, is copied by a paper follower, who stops, and both read their records', async () => {
    await enterSimulation(lead);
    await lead.page.goto(`${siteUrl}/record/mcp`);
    await lead.page.getByTestId('copy-account').getByText('Paper account').waitFor();
    await lead.page.locator('#apply-nickname').fill(nickname);
    await lead.page.getByTestId('apply-submit').click();
    await lead.page.getByTestId('leading-name').getByText(nickname).waitFor();

    await enterSimulation(follower);
    const { page } = follower;
    await page.goto(`${siteUrl}/order/mcp`);
    const leadRow = page.getByTestId('copy-order-leads').locator(`tr[data-nickname="${nickname}"]`);
    await leadRow.getByTestId('copy-pick').click();
    await page.getByTestId('follow-form').locator('input').first().fill('500');
    await page.getByTestId('follow-submit').click();
    await page.getByTestId('follow-status').and(page.locator('[data-kind=success]')).waitFor();
    await page
      .getByTestId('copy-follows')
      .locator(`tr[data-nickname="${nickname}"][data-status=active]`)
      .waitFor();

    // The lead buys; the follower's copy buys 500 USDT of BTC.
    await marketOrder(lead.page, 'Buy', '0.01');
    await page.reload();
    await copyRows(page, '[data-kind=spot][data-status=copied]').waitFor();

    // Stopping with close sells what the copy bought.
    await page.getByTestId('stop-close').click();
    await page.getByTestId('stop-status').and(page.locator('[data-kind=success]')).waitFor();
    await page
      .getByTestId('copy-follows')
      .locator(`tr[data-nickname="${nickname}"][data-status=stopped]`)
      .waitFor();
    await copyRows(page, '[data-kind=stop][data-status=copied]').waitFor();
    // A trade after the stop is not copied.
    await marketOrder(lead.page, 'Sell', '0.01');
    await page.reload();
    await copyRows(page, '[data-kind=stop]').waitFor();
    expect(await copyRows(page, '[data-kind=spot]').count()).toBe(1);

    // The lead's records: one follower, stopped.
    await lead.page.goto(`${siteUrl}/record/mcp`);
    await lead.page
      .getByTestId('leading-followers-table')
      .locator('tbody tr[data-status=stopped]')
      .waitFor();
    expect(await lead.page.getByTestId('leading-followers').textContent()).toBe('0');
  }, 120_000);

  it('copies a real lead: the demo trader leads, a follower without funds sees the copy skipped, stops, and both read their records', async () => {
    // The demo trader is the stack's one account with real funds (no test can deposit).
    const demo = await operatorContext(browser, siteUrl);
    const demoPage = await demo.newPage();
    const realName = `E2E Real ${Math.random().toString(36).slice(2, 7)}`;
    await demoPage.goto(`${siteUrl}/record/mcp`);
    await demoPage.getByTestId('copy-account').getByText('Real account').waitFor();
    await demoPage.locator('#apply-nickname').fill(realName);
    await demoPage.getByTestId('apply-submit').click();
    await demoPage.getByTestId('leading-name').getByText(realName).waitFor();

    await leaveSimulation(follower);
    const { page } = follower;
    await page.goto(`${siteUrl}/order/mcp`);
    await page.getByTestId('copy-account').getByText('Real account').waitFor();
    const leadRow = page.getByTestId('copy-order-leads').locator(`tr[data-nickname="${realName}"]`);
    await leadRow.getByTestId('copy-pick').click();
    await page.getByTestId('follow-form').locator('input').first().fill('100');
    await page.getByTestId('follow-submit').click();
    await page.getByTestId('follow-status').and(page.locator('[data-kind=success]')).waitFor();

    // The lead's real order is mirrored: the follower holds no USDT, so the copy is skipped, said why.
    await demoPage.goto(`${siteUrl}/spot/BTCUSDT`);
    await demoPage
      .getByTestId('account-kind')
      .and(demoPage.locator('[data-account=real]'))
      .waitFor();
    await demoPage.getByTestId('order-type').getByRole('radio', { name: 'Market' }).click();
    await demoPage.locator('#order-size').fill('0.001');
    await demoPage.getByTestId('order-submit').click();
    await demoPage
      .getByTestId('order-message')
      .and(demoPage.locator('[data-kind=success]'))
      .waitFor();
    await page.reload();
    const skipped = copyRows(page, '[data-kind=spot][data-status=skipped][data-reason="43001"]');
    await skipped.waitFor();
    expect(await skipped.textContent()).toContain('The account does not hold enough');

    const row = page.getByTestId('copy-follows').locator(`tr[data-nickname="${realName}"]`);
    await row.getByTestId('stop-close').click();
    await row.and(page.locator('[data-status=stopped]')).waitFor();
    await demoPage.goto(`${siteUrl}/record/mcp`);
    await demoPage
      .getByTestId('leading-followers-table')
      .locator('tbody tr[data-status=stopped]')
      .waitFor();
    await demo.close();
  }, 120_000);

  it('follows a real demo lead from its profile, then stops keeping the copies', async () => {
    await leaveSimulation(follower);
    const { page } = follower;
    await page.goto(`${siteUrl}/copy-trading?sort=followers`);
    await page.getByTestId('copy-leads').getByRole('link', { name: 'Trend Rider' }).click();
    await page.waitForURL(/\/copy-trading\/[\w-]+$/);
    await page.getByTestId('lead-stats').locator('tbody tr[data-period="90"]').waitFor();
    expect(await page.getByTestId('lead-stats').locator('tbody tr').count()).toBe(3);
    await page.getByTestId('follow-form').locator('input').first().fill('100');
    await page.getByTestId('follow-submit').click();
    await page.getByTestId('follow-status').and(page.locator('[data-kind=success]')).waitFor();
    // Once is enough: a second follow is refused in words.
    await page.getByTestId('follow-submit').click();
    await page
      .getByTestId('follow-status')
      .and(page.locator('[data-kind=error]'))
      .getByText('You copy this trader already.', { exact: false })
      .waitFor();

    await page.goto(`${siteUrl}/order/mcp`);
    await page.getByTestId('copy-account').getByText('Real account').waitFor();
    const row = page.getByTestId('copy-follows').locator('tr[data-nickname="Trend Rider"]');
    await row.and(page.locator('[data-status=active]')).waitFor();
    await row.getByTestId('stop-keep').click();
    await row.and(page.locator('[data-status=stopped]')).waitFor();
  }, 120_000);

  it.each(['light', 'dark'])(
    'has no serious or critical axe violation in the %s theme',
    async (theme) => {
      const { page } = follower;
      await page.goto(`${siteUrl}/copy-trading?appTheme=${theme}`);
      await page.getByTestId('copy-leads').waitFor();
      expect(['/copy-trading', await seriousAxeViolations(page)]).toEqual(['/copy-trading', []]);
      await page.getByTestId('copy-leads').getByRole('link').first().click();
      await page.getByTestId('lead-stats').waitFor();
      expect(['profile', await seriousAxeViolations(page)]).toEqual(['profile', []]);
      for (const [path, ready] of [
        ['/order/mcp', '[data-testid=copy-order-leads][aria-busy=false]'],
        ['/record/mcp', '[data-testid=apply-form]'],
      ] as const) {
        await page.goto(`${siteUrl}${path}?appTheme=${theme}`);
        await page.locator(ready).waitFor();
        expect([path, await seriousAxeViolations(page)]).toEqual([path, []]);
      }
    },
    60_000,
  );

  it('speaks Arabic right to left', async () => {
    const { status, html } = await serverHtml(`${siteUrl}/ar/copy-trading`);
    expect(status).toBe(200);
    expect(htmlTag(html)).toContain('dir="rtl"');
    expect(html).not.toContain('>Lead traders<');
    const { page } = follower;
    await page.goto(`${siteUrl}/ar/order/mcp`);
    await page.getByTestId('copy-orders').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('My copy trading');
  });
});
