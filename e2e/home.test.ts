import { LANGUAGE_RATE_CURRENCIES, USDT_RATE_CURRENCIES } from '@exchange-web/protocol/currencies';
import { ApiPath } from '@exchange-web/protocol/paths';
import { IMAGE_PROBE_PATH } from '@exchange-web/protocol/images';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor } from './support/accounts';
import { launchBrowser, launchIsolatedBrowser } from './support/browser';
import { waitForRemoteHeader } from './support/pages';

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

describe('home page', () => {
  it('renders inside the shell and shows the USDT rates from the gateway', async () => {
    const page = await context.newPage();
    const response = await page.goto(siteUrl + '/');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('shell-header').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('shell-footer').isVisible()).resolves.toBe(true);
    const rows = page.locator('[data-testid="usdt-rates"] tbody tr');
    // SPEC's thirteen and the languages' own (README "Rates").
    expect(await rows.count()).toBe(USDT_RATE_CURRENCIES.length + LANGUAGE_RATE_CURRENCIES.length);
    expect(await page.locator('tr[data-currency="USD"] td').textContent()).toBe('1 USD');
    expect(await page.locator('tr[data-currency="JPY"] th').textContent()).toContain('JPY');
    await page.close();
  });

  it('proxies the API paths of the spec to the gateway on the site origin', async () => {
    const page = await context.newPage();
    await page.goto(siteUrl + '/');
    const reply = await page.evaluate(async (path) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ locale: 'ja' }),
      });
      return {
        status: response.status,
        requestTime: response.headers.get('requesttime'),
        body: await response.json(),
      };
    }, ApiPath.usdtRate);
    expect(reply.status).toBe(200);
    expect(Number(reply.requestTime)).toBeGreaterThan(0);
    expect(reply.body.code).toBe('00000');
    expect(reply.body.data.rates.usd).toBe(1);

    const missing = await page.evaluate(async () => (await fetch('/btapi/no/such/call')).json());
    expect(missing.code).toBe('40400');
    await page.close();
  });
});

describe("a visitor's first page", () => {
  it('asks nothing through the request client and loads no zod: its rates and image domains came with it', async () => {
    const isolated = await launchIsolatedBrowser();
    try {
      const { page } = await newVisitor(isolated, siteUrl);
      const apiPaths = new Set<string>(Object.values(ApiPath));
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (apiPaths.has(pathname)) asked.push(pathname);
      });
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      // The image probe runs once the services have started and the page is idle: by then any
      // call the start made has been sent.
      const probe = page.waitForRequest(
        (request) => new URL(request.url()).pathname === IMAGE_PROBE_PATH,
      );
      await page.goto(`${siteUrl}/`);
      await probe;
      // The candidates came with the page: the fast origin wins and is stored.
      await expect
        .poll(() =>
          page.evaluate((key) => localStorage.getItem(key), LocalStorageKey.fastestImageDomain),
        )
        .toBe(inject('imageOrigins').fast);
      // So did the rates: the currency menu lists them and converts without asking.
      await waitForRemoteHeader(page);
      await page.locator('[data-testid="currency-menu"] .menu-button').click();
      await page.locator('[data-testid="currency-menu"] [data-value="EUR"]').click();
      await page.locator('#in-currency', { hasText: 'EUR' }).waitFor();
      expect(await page.getByTestId('usdt-in-fiat').textContent()).toContain('€');
      // Only the tracker's own calls (its config and its uploads), never the request client's.
      expect(
        asked.filter(
          (path) => path !== ApiPath.clientCommonConfig && path !== ApiPath.buriedLogInfo,
        ),
      ).toEqual([]);
      // The server checked what came with the page: the browser builds no schema for it.
      const texts = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
      expect(texts.length).toBeGreaterThan(0);
      expect(scripts.filter((_, index) => texts[index]?.includes('$ZodObject'))).toEqual([]);
    } finally {
      await isolated.close();
    }
  });
});
