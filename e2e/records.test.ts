import { findMarketSymbol } from '@exchange-web/protocol/trading';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { launchIsolatedBrowser } from './support/browser';
import { htmlTag, serverHtml } from './support/pages';

const siteUrl = inject('siteUrl');
const BTC = findMarketSymbol('BTCUSDT')!;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  // A new trader of its own, so no other test's orders show in these lists.
  const visitor = await newVisitor(browser, siteUrl);
  ({ context, page } = visitor);
  await registerByEmail(page, siteUrl, uniqueEmail('e2e-records'), 'Records-2026-e2e');
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

/** Turns simulation on by its storage flag and mirror cookie (SPEC 4). */
async function enterSimulation() {
  await page.evaluate(() => window.localStorage.setItem('simulation-trade', '1'));
  await context.addCookies([{ name: 'simulation-trade', value: '1', url: siteUrl }]);
}

async function leaveSimulation() {
  await page.evaluate(() => window.localStorage.removeItem('simulation-trade'));
  await context.clearCookies({ name: 'simulation-trade' });
}

/** Places a spot order from the spot page's form and waits for its success line. */
async function placeSpotOrder(type: 'limit' | 'market', size: string, price?: string) {
  await page
    .getByTestId('order-type')
    .getByRole('radio', { name: type === 'limit' ? 'Limit' : 'Market' })
    .click();
  if (price) await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill(size);
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-message').and(page.locator('[data-kind=success]')).waitFor();
}

/** Clicks the export button and answers the downloaded file's name and text. */
async function exportCsv(): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-csv').click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8') };
}

const rows = (testId: string) =>
  page.getByTestId(testId).locator('tbody tr[data-order-id], tbody tr[data-kind]');

describe('the order and record pages', () => {
  it('send a visitor without a session to log in, and answer 404 for a malformed order id', async () => {
    for (const path of ['/transac', '/record/exchange', '/record/margin', '/asset/margin']) {
      const response = await fetch(`${siteUrl}${path}`, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 307]);
      expect(response.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
    expect((await serverHtml(`${siteUrl}/transac/not%20an%20id!`)).status).toBe(404);
    expect((await serverHtml(`${siteUrl}/order/marginOrderInfo`)).status).toBe(404);
    expect((await serverHtml(`${siteUrl}/order/marginOrderInfo?orderId=%3Cx%3E`)).status).toBe(404);
  });

  it('list, filter, open and cancel the paper account’s orders, and export its trades', async () => {
    await enterSimulation();
    await page.goto(`${siteUrl}/spot/BTCUSDT`);
    await page.getByTestId('account-kind').and(page.locator('[data-account=paper]')).waitFor();
    // In simulation the margin link leads to the margin page's simulation address.
    expect(
      await page
        .getByTestId('trading-page')
        .getByRole('link', { name: 'Margin', exact: true })
        .getAttribute('href'),
    ).toBe('/trade-margin/BTCUSDT');

    // Two buys far under the market rest; a market buy fills at once.
    const low = (Number(BTC.basePrice) * 0.5).toFixed(1);
    await placeSpotOrder('limit', '0.001', low);
    await placeSpotOrder('limit', '0.002', low);
    await placeSpotOrder('market', '0.001');

    await page.goto(`${siteUrl}/transac`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await rows('open-orders').nth(1).waitFor();
    expect(await rows('open-orders').count()).toBe(2);
    await page.selectOption('#filter-side', 'sell');
    await page.getByTestId('open-orders').getByText('Nothing matches these filters.').waitFor();
    await page.selectOption('#filter-side', '');
    await page.selectOption('#filter-type', 'market');
    await page.getByTestId('open-orders').getByText('Nothing matches these filters.').waitFor();
    await page.selectOption('#filter-type', '');
    // Days in the wrong order: said, and nothing asked.
    await page.locator('#filter-from').fill('2026-12-31');
    await page.locator('#filter-to').fill('2026-01-01');
    await page.getByText('The start date is after the end date.').waitFor();
    // Days before the orders were placed: read (dayjs loads with the first day), and nothing matches.
    await page.locator('#filter-from').fill('2001-01-01');
    await page.locator('#filter-to').fill('2001-12-31');
    await page.getByTestId('open-orders').getByText('Nothing matches these filters.').waitFor();
    expect(await page.getByText('The start date is after the end date.').count()).toBe(0);
    await page.locator('#filter-from').fill('');
    await page.locator('#filter-to').fill('');
    await rows('open-orders').nth(1).waitFor();

    // One order's detail: open, no fills yet.
    const orderId = await rows('open-orders').first().getAttribute('data-order-id');
    await page.getByRole('link', { name: `Details of order ${orderId}` }).click();
    await page.waitForURL(`${siteUrl}/transac/${orderId}`);
    await page
      .getByTestId('detail-status')
      .and(page.getByText('Open', { exact: true }))
      .waitFor();
    expect(await page.getByTestId('detail-id').textContent()).toBe(orderId);
    await page.getByTestId('order-fills').getByText('No fills yet').waitFor();

    await page.getByRole('link', { name: 'Back to orders' }).click();
    await rows('open-orders').nth(1).waitFor();
    await page.getByTestId('cancel-all').click();
    await page.getByTestId('orders-message').and(page.getByText('2 orders cancelled')).waitFor();
    await page.getByTestId('open-orders').getByText('Nothing matches these filters.').waitFor();

    await page.getByRole('tab', { name: 'Order history' }).click();
    await page.getByTestId('order-history').locator('tr[data-status=cancelled]').nth(1).waitFor();
    await page.getByTestId('order-history').locator('tr[data-status=filled]').first().waitFor();
    expect(await rows('order-history').count()).toBe(3);

    await page.getByRole('link', { name: 'Spot trade history' }).click();
    await page.waitForURL(`${siteUrl}/record/exchange`);
    await rows('spot-trades').first().waitFor();
    const filledId = await rows('spot-trades').first().getAttribute('data-order-id');
    const { name, text } = await exportCsv();
    expect(name).toBe('spot-trades.csv');
    const lines = text
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Pair,Side,Price,Size,Fee (USDT),Order ID,Fill ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,BTC/USDT,Buy,[\\d.]+,0\\.001,[\\d.]+,${filledId},`,
      ),
    );
    await page.getByTestId('export-status').and(page.getByText('1 rows exported')).waitFor();
  }, 120_000);

  it('show the paper margin account, its records and orders, and export the records', async () => {
    await page.goto(`${siteUrl}/trade-margin/BTCUSDT`);
    await page.getByTestId('trading-page').and(page.locator('[data-market=margin]')).waitFor();
    await page.getByTestId('margin-summary').waitFor();
    const act = async (action: string, amount: string) => {
      await page.selectOption('#margin-action', action);
      await page.selectOption('#margin-coin', 'USDT');
      await page.locator('#margin-amount').fill(amount);
      await page.getByTestId('margin-action-submit').click();
      await page
        .getByTestId('margin-action-message')
        .and(page.locator('[data-kind=success]'))
        .waitFor();
    };
    await act('transferIn', '300');
    await act('borrow', '20');
    await page.selectOption('#margin-side', 'buy');
    await page.locator('#margin-size').fill('0.001');
    await page.getByTestId('margin-order-submit').click();
    await page
      .getByTestId('margin-order-message')
      .and(page.locator('[data-kind=success]'))
      .waitFor();
    // A limit buy far under the market rests, holding its USDT.
    await page.selectOption('#margin-type', 'limit');
    await page.locator('#margin-price').fill('1000');
    await page.locator('#margin-size').fill('0.01');
    await page.getByTestId('margin-order-submit').click();
    await page
      .getByTestId('margin-order-message')
      .and(page.getByText('Order placed: Buy 0.0100 BTC'))
      .waitFor();
    await page.getByTestId('margin-holdings').locator('td[data-frozen="10.01"]').waitFor();

    await page.goto(`${siteUrl}/record/margin`);
    await page.getByTestId('margin-records').locator('tr[data-kind=borrow]').waitFor();
    await page.getByTestId('margin-records').locator('tr[data-kind=transferIn]').waitFor();
    await page.selectOption('#filter-kind', 'borrow');
    await page
      .getByTestId('margin-records')
      .locator('tr[data-kind=transferIn]')
      .waitFor({ state: 'detached' });
    const { name, text } = await exportCsv();
    expect(name).toBe('margin-records.csv');
    const lines = text
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Account,Type,Coin,Amount,Details,Record ID');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 5))).toEqual([
      ['Cross', 'Borrow', 'USDT', '20'],
    ]);

    await page.goto(`${siteUrl}/asset/margin`);
    const cross = page.locator('[data-testid=margin-asset-account][data-symbol=""]');
    await cross.locator('tr[data-coin=BTC]').waitFor();
    expect(await cross.getByTestId('margin-asset-risk').getAttribute('data-level')).toBe('safe');

    await page.goto(`${siteUrl}/transac`);
    await page.getByRole('tab', { name: 'Margin orders' }).click();
    // The resting limit order: cancelled from the list, its hold released.
    const open = page.getByTestId('margin-orders').locator('tr[data-status=open]');
    await open.waitFor();
    const openId = await open.getAttribute('data-order-id');
    await open.getByRole('button', { name: `Cancel order ${openId}` }).click();
    await page
      .getByTestId('margin-orders')
      .locator(`tr[data-order-id="${openId}"][data-status=cancelled]`)
      .waitFor();
    const marginRow = page.getByTestId('margin-orders').locator('tr[data-status=filled]');
    await marginRow.first().waitFor();
    const orderId = await marginRow.first().getAttribute('data-order-id');
    await page.getByRole('link', { name: `Details of order ${orderId}` }).click();
    await page.waitForURL(`${siteUrl}/order/marginOrderInfo?orderId=${orderId}`);
    expect(await page.getByTestId('detail-size').textContent()).toBe('0.001');
    expect(await page.getByTestId('detail-type').textContent()).toBe('Market');
  }, 120_000);

  it.each(['light', 'dark'])(
    'have no serious or critical axe violation in the %s theme',
    async (theme) => {
      for (const path of ['/transac', '/record/exchange', '/record/margin', '/asset/margin']) {
        await page.goto(`${siteUrl}${path}?appTheme=${theme}`);
        await page.locator('table[aria-busy=false]').first().waitFor();
        expect([path, await seriousAxeViolations(page)]).toEqual([path, []]);
      }
      // The trading pages with a trader's account and forms (their buttons' contrast included).
      for (const [path, ready] of [
        ['/trade-margin/BTCUSDT', 'margin-summary'],
        ['/spot/BTCUSDT', 'order-submit'],
        ['/futures/usdt/BTCUSDT', 'position-submit'],
      ] as const) {
        await page.goto(`${siteUrl}${path}?appTheme=${theme}`);
        await page.getByTestId(ready).waitFor();
        expect([path, await seriousAxeViolations(page)]).toEqual([path, []]);
      }
    },
  );

  it('keep the real account apart, in Arabic right to left', async () => {
    await leaveSimulation();
    await page.goto(`${siteUrl}/ar/record/exchange`);
    expect(htmlTag(await page.content())).toContain('dir="rtl"');
    // Read (no longer busy) and empty: the paper trades are not the real account's.
    await page.locator('[data-testid=spot-trades][aria-busy=false]').waitFor();
    expect(await rows('spot-trades').count()).toBe(0);
    await page.goto(`${siteUrl}/transac/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
    await page.getByTestId('order-not-found').waitFor();
  });
});
