// A signed-in trader's pages on a phone (issue 18: CLS 0 on every page family). Their data is the
// visitor's own, read by signed calls after the first paint, so each page paints the places that
// data will take: nothing painted moves when it arrives, in English or in Arabic.
import { CookieName } from '@exchange-web/protocol/registry';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { waitForRemoteHeader } from './support/pages';
import { operatorContext } from './support/tracking';

const siteUrl = inject('siteUrl');

/** A phone's viewport, as Lighthouse's mobile run emulates it. */
const PHONE = { width: 412, height: 823 };

/** Each page, with what shows that its own data arrived, beyond its loading marks. */
const PAGES: readonly { path: string; arrived?: string }[] = [
  { path: '/spot/BTCUSDT', arrived: '[data-testid=account-kind]' },
  { path: '/margin/BTCUSDT', arrived: '[data-testid=account-kind]' },
  { path: '/ar/margin/BTCUSDT', arrived: '[data-testid=account-kind]' },
  { path: '/asset', arrived: '[data-testid=asset-total]:not(:empty)' },
  { path: '/asset/margin', arrived: '[data-testid=margin-total-assets]:not(:empty)' },
  { path: '/record/exchange' },
  { path: '/account', arrived: '[data-testid=account-profile]' },
  { path: '/ar/account', arrived: '[data-testid=account-profile]' },
  { path: '/account/newapi' },
  { path: '/devices' },
  { path: '/ar/history' },
  { path: '/vip/detail', arrived: '[data-testid=vip-level]' },
  { path: '/ar/vip/detail', arrived: '[data-testid=vip-level]' },
  { path: '/fee', arrived: '[data-testid=fee-own-level]' },
];

let browser: Browser;
let trader: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  trader = await newVisitor(browser, siteUrl);
  await registerByEmail(trader.page, siteUrl, uniqueEmail('e2e-still'), 'Still-Pages-2026-e2e');
}, 120_000);
afterAll(async () => {
  await trader.context.close();
  await browser.close();
});

/**
 * Opens `path` at a phone's size in `context` and expects no layout shift from the first paint
 * until its data arrived (`arrived`), every loading mark went and every call answered.
 */
async function expectStill(context: BrowserContext, path: string, arrived?: string) {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[])
        shifts.push({
          value: entry.value,
          // What moved, from where to where, so a failure names it.
          moved: entry.sources.map((source) => {
            const node = (
              source.node instanceof Element
                ? source.node.outerHTML
                : (source.node?.textContent ?? '')
            ).slice(0, 80);
            const rect = ({ x, y, width, height }: DOMRectReadOnly) =>
              [x, y, width, height].map(Math.round).join(',');
            return `${node} @ ${rect(source.previousRect)} → ${rect(source.currentRect)}`;
          }),
        });
    }).observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { layoutShifts: shifts });
  });
  await page.goto(`${siteUrl}${path}`);
  await waitForRemoteHeader(page);
  if (arrived) await page.locator(arrived).first().waitFor();
  // Every loading mark gone: lists and panels are filled, or say they are empty.
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  // And every call of the page answered, so nothing is still on its way.
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts),
  ).toEqual([]);
  await page.close();
}

describe('a signed-in trader’s pages on a phone', () => {
  it.each(PAGES)('keep $path still as its data arrives', async ({ path, arrived }) => {
    await expectStill(trader.context, path, arrived);
  });
});

describe('a visitor’s remembered currency on a phone', () => {
  // The choice is kept in the browser, so the server renders 1 USD and the page shows the choice
  // once it runs: the header's buttons beside the currency's must not move when it does.
  it.each(['/', '/ar/spot/BTCUSDT'])('keeps the header of %s still as it shows', async (path) => {
    const visitor = await newVisitor(browser, siteUrl);
    try {
      await visitor.page.goto(`${siteUrl}/`);
      await waitForRemoteHeader(visitor.page);
      await visitor.page.locator('[data-testid="currency-menu"] .menu-button').click();
      await visitor.page.locator('[data-testid="currency-menu"] [data-value="HKD"]').click();
      await visitor.page
        .locator('[data-testid="currency-menu"] .menu-button-label:text-is("HKD-HK$")')
        .waitFor();
      await expectStill(
        visitor.context,
        path,
        '[data-testid="currency-menu"] .menu-button-label:text-is("HKD-HK$")',
      );
    } finally {
      await visitor.context.close();
    }
  });
});

describe('a returning visitor whose session ended, on a phone', () => {
  // The signed-in mark outlives the session it marked: the page is drawn for a trader whose
  // account is on its way, then learns there is none and asks for a log-in instead.
  it.each(['/spot/BTCUSDT', '/ar/margin/BTCUSDT', '/futures/usdt/BTCUSDT'])(
    'keeps %s still as it finds no session',
    async (path) => {
      const visitor = await newVisitor(browser, siteUrl);
      try {
        await visitor.context.addCookies([{ name: CookieName.signedIn, value: '1', url: siteUrl }]);
        await expectStill(visitor.context, path, '[data-testid="trade-login"]');
      } finally {
        await visitor.context.close();
      }
    },
  );
});

describe('the operators’ view on a phone', () => {
  // Its status line, upload switch and seven charts all take their state from the data.
  it.each(['/operator/tracking', '/ar/operator/tracking'])(
    'keeps %s still as its overview and charts arrive',
    async (path) => {
      const operator = await operatorContext(browser, siteUrl);
      try {
        await expectStill(operator, path, '[data-chart]:nth-child(1) svg');
      } finally {
        await operator.close();
      }
    },
  );
});
