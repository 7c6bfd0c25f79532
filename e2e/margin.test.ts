import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { htmlTag, serverHtml } from './support/pages';
import { operatorContext } from './support/tracking';

const siteUrl = inject('siteUrl');
const MARGIN = '/margin/BTCUSDT';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the margin page', () => {
  it('is server-rendered for every pair the market quotes, right to left in Arabic, 404 for others', async () => {
    const { status, html } = await serverHtml(`${siteUrl}${MARGIN}`);
    expect(status).toBe(200);
    expect(html).toContain('BTC/USDT margin trading');
    const arabic = await serverHtml(`${siteUrl}/ar${MARGIN}`);
    expect(arabic.status).toBe(200);
    expect(htmlTag(arabic.html)).toContain('dir="rtl"');
    expect((await serverHtml(`${siteUrl}/margin/NOPEUSDT`)).status).toBe(404);
  });

  it("is where the header's Margin link goes, and asks a visitor to log in", async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await page.goto(`${siteUrl}/`);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Margin' })
      .click();
    await page.waitForURL((url) => url.pathname === MARGIN);
    await page.getByRole('heading', { level: 1, name: 'BTC/USDT margin trading' }).waitFor();
    const panel = page.getByRole('region', { name: 'Margin account' });
    await panel.getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

describe('a trader on the margin page', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await operatorContext(browser, siteUrl);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  const holding = (coin: string) =>
    page.getByTestId('margin-holdings').locator(`tr[data-coin="${coin}"]`);
  const number = async (testId: string) =>
    Number(await page.getByTestId(testId).getAttribute('data-value'));

  async function act(action: string, coin: string, amount: string, done: string) {
    await page.selectOption('#margin-action', action);
    await page.selectOption('#margin-coin', coin);
    await page.locator('#margin-amount').fill(amount);
    await page.getByTestId('margin-action-submit').click();
    const message = page.getByTestId('margin-action-message');
    await message.and(page.locator('[data-kind=success]')).waitFor();
    expect(await message.textContent()).toBe(done);
  }

  /** Places a market order; `shown` is its size as the page writes it (to the pair's step). */
  async function order(side: 'buy' | 'sell', size: string, sideEffect: string, shown: string) {
    await page.selectOption('#margin-side', side);
    await page.locator('#margin-size').fill(size);
    await page.selectOption('#margin-side-effect', sideEffect);
    await page.getByTestId('margin-order-submit').click();
    const message = page.getByTestId('margin-order-message');
    await message.and(page.locator('[data-kind=success]')).waitFor();
    expect(await message.textContent()).toMatch(
      new RegExp(`^Order filled: ${side === 'buy' ? 'Buy' : 'Sell'} ${shown} BTC at [\\d,.]+$`),
    );
  }

  it('moves funds in, borrows, buys with leverage, watches the risk move, sells, repays and moves out', async () => {
    // The calendar day the steps start on (sv writes it YYYY-MM-DD), for the records' day filter.
    const startDay = new Date().toLocaleDateString('sv');
    await page.goto(`${siteUrl}${MARGIN}`);
    // The pair's isolated account: the demo's own, apart from any other test's.
    await page.getByRole('tab', { name: 'Isolated' }).click();
    await page.getByTestId('margin-summary').waitFor();

    await act('transferIn', 'USDT', '100', '100 USDT moved in from spot');
    await holding('USDT').and(page.locator('[data-available="100"]')).waitFor();
    await act('borrow', 'USDT', '50', '50 USDT borrowed');
    await page.getByTestId('margin-debt').and(page.locator('[data-value="50"]')).waitFor();
    expect(await number('margin-risk')).toBe(3);

    // About 130 USDT of BTC with 150 held: the rest is borrowed by the order.
    await order('buy', '0.002', 'autoBorrow', '0.0020');
    await holding('BTC').and(page.locator('[data-available="0.002"]')).waitFor();
    const risk = await number('margin-risk');
    expect(risk).toBeGreaterThan(1);
    // The market moves every second: the risk ratio follows it without a reload.
    await page.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-testid=margin-risk]')?.getAttribute('data-value')) !==
        before,
      risk,
      { timeout: 20_000 },
    );

    await order('sell', '0.002', 'autoRepay', '0.0020');
    await holding('BTC').and(page.locator('[data-available="0"]')).waitFor();
    // The proceeds repaid the loan; an hour's interest charged meanwhile is repaid by hand.
    const owed = (await page.getByTestId('margin-debt').getAttribute('data-value')) ?? '0';
    if (owed !== '0') {
      const shown = Number(owed).toLocaleString('en-US', { maximumFractionDigits: 8 });
      await act('repay', 'USDT', owed, `${shown} USDT repaid`);
    }
    await page.getByTestId('margin-debt').and(page.locator('[data-value="0"]')).waitFor();
    const left = (await holding('USDT').getAttribute('data-available')) ?? '0';
    await act(
      'transferOut',
      'USDT',
      left,
      `${Number(left).toLocaleString('en-US', { maximumFractionDigits: 8 })} USDT moved out to spot`,
    );
    await holding('USDT').and(page.locator('[data-available="0"]')).waitFor();

    // The records of the isolated account: each step, newest first, and as a CSV file.
    await page.goto(`${siteUrl}/record/margin`);
    await page.selectOption('#filter-symbol', 'BTCUSDT');
    await page.locator('#filter-from').fill(startDay);
    const records = page.getByTestId('margin-records');
    for (const kind of ['transferIn', 'borrow', 'transferOut'])
      await records.locator(`tr[data-kind=${kind}]`).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const kinds = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').slice(1, 3).join(' '));
    for (const kind of ['Transfer in', 'Borrow', 'Transfer out'])
      expect(kinds).toContain(`Isolated BTC/USDT ${kind}`);
  }, 90_000);

  it('shows a refusal in the form, in words', async () => {
    await page.goto(`${siteUrl}${MARGIN}`);
    await page.getByTestId('margin-summary').waitFor();
    await page.selectOption('#margin-action', 'repay');
    await page.selectOption('#margin-coin', 'USDT');
    await page.locator('#margin-amount').fill('1');
    await page.getByTestId('margin-action-submit').click();
    const message = page.getByTestId('margin-action-message');
    await message.and(page.locator('[data-kind=error]')).waitFor();
    expect(await message.getAttribute('data-code')).toBe('43014');
    expect(await message.textContent()).toBe(
      'Refused: That is more than the margin account owes, interest included.',
    );
    await page.locator('#margin-amount').fill('0');
    await page.getByTestId('margin-action-submit').click();
    expect(await message.textContent()).toBe('Enter an amount above zero, like 100 or 0.5.');
  });
});
