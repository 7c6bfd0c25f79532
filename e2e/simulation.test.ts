import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, HeaderName, LocalStorageKey } from '@exchange-web/protocol/registry';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { acceptLegalNotice, serverHtml, waitForRemoteHeader } from './support/pages';

// SPEC 2, 4: simulation trade entered from the header switch, enforced on the server (proxy) and
// in the page, followed across tabs, carried on every call as `paptrading: 1`.
// NOTE: the landing pages are another piece of work: these checks read URLs, the banner, the
// header and redirects, never the landing pages' own content.

const siteUrl = inject('siteUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;

const banner = (page: Page) => page.locator('[data-testid="simulation-banner"]');
const simulationSwitch = (page: Page) => page.locator('[data-testid="simulation-switch"]');
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens a page and waits until it is hydrated (the remote header only arrives after that). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${siteUrl}${path}`);
  await waitForRemoteHeader(page);
}

async function flagAndCookie(page: Page) {
  const flag = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    LocalStorageKey.simulationTrade,
  );
  const cookie = (await context.cookies(siteUrl)).find(
    (each) => each.name === CookieName.simulationTrade,
  );
  return { flag, cookie };
}

/** Leaves simulation from the banner, if it is on, so each test starts off. */
async function leave(page: Page): Promise<void> {
  if ((await banner(page).count()) === 0) return;
  await Promise.all([page.waitForEvent('load'), banner(page).locator('button').click()]);
}

/** The calls of the site's own API a page makes, with every header they carried. */
function recordApiCalls(page: Page): Promise<Record<string, string>>[] {
  const calls: Promise<Record<string, string>>[] = [];
  page.on('request', (request: Request) => {
    const { origin, pathname } = new URL(request.url());
    if (origin === siteUrl && /^\/(v1|btapi)\//.test(pathname)) calls.push(request.allHeaders());
  });
  return calls;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = browser.context;
  await acceptLegalNotice(context, siteUrl);
});
afterAll(async () => {
  await browser.close();
});
// Each test starts out of simulation, whatever the one before left.
beforeEach(async () => {
  await context.clearCookies({ name: CookieName.simulationTrade });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/favicon.svg`);
  await page.evaluate(
    (key) => window.localStorage.removeItem(key),
    LocalStorageKey.simulationTrade,
  );
  await page.close();
});

describe('simulation trade', () => {
  it('enters from the header switch onto the spot landing, prefix kept, with the banner', async () => {
    const page = await context.newPage();
    await open(page, '/ja/');
    expect(await banner(page).count()).toBe(0);
    expect(await simulationSwitch(page).getAttribute('aria-checked')).toBe('false');
    await Promise.all([page.waitForURL('**/ja/spot/BTCUSDT'), simulationSwitch(page).click()]);
    await banner(page).waitFor();
    expect(await banner(page).getAttribute('role')).toBe('status');
    await waitForRemoteHeader(page);
    expect(await simulationSwitch(page).getAttribute('aria-checked')).toBe('true');
    const { flag, cookie } = await flagAndCookie(page);
    expect(flag).not.toBeNull();
    expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    // 365 days, give or take the test's own run time.
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 86_400);
    await leave(page);
    await page.close();
  });

  it('enters from a futures page onto the futures landing', async () => {
    const page = await context.newPage();
    await open(page, '/futures/usdt/ETHUSDT');
    await Promise.all([page.waitForURL('**/futures/usdt/BTCUSDT'), simulationSwitch(page).click()]);
    expect(pathOf(page)).toBe('/futures/usdt/BTCUSDT');
    await banner(page).waitFor();
    await leave(page);
    await page.close();
  });

  it('redirects a disallowed page on the server before any of it is sent, prefix kept', async () => {
    const cookie = `${CookieName.simulationTrade}=1`;
    for (const [path, target] of [
      ['/', '/spot/BTCUSDT'],
      ['/ja', '/ja/spot/BTCUSDT'],
      ['/bg', '/bg/spot/BTCUSDT'],
      ['/bg/ja/account', '/bg/ja/spot/BTCUSDT'],
      ['/account?tab=security', '/spot/BTCUSDT'],
      ['/spotx', '/spot/BTCUSDT'],
      ['/asset/withdraw', '/spot/BTCUSDT'],
    ] as const) {
      const response = await fetch(`${siteUrl}${path}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect([path, response.status]).toEqual([path, 307]);
      expect(new URL(response.headers.get('location') ?? '', siteUrl).pathname).toBe(target);
      expect(await response.text()).not.toContain('<html');
    }
    // A trailing slash is the router's to normalise first; the chain still ends on the landing.
    expect((await serverHtml(`${siteUrl}/ja/`, cookie)).redirects.at(-1)).toMatch(
      /\/ja\/spot\/BTCUSDT$/,
    );
    // Allowed pages, calls and files are never sent to the landing (an allowed page may still
    // send a visitor to log in first).
    // The sign-in pages are allowed too: a paper account belongs to a signed-in user.
    // Each answers itself (200), or the login page for one that needs a session: a 404 is no pass.
    for (const [path, answer] of [
      ['/spot/BTCUSDT', 200],
      ['/ja/fee', 200],
      ['/bg/ja/fee', 200],
      ['/bg/ja/spot/BTCUSDT', 200],
      ['/vip/vipIntroduce', 200],
      ['/asset', '/login'],
      ['/account/newapi', '/login'],
      ['/favicon.svg', 200],
      ['/ja/login', 200],
      ['/register', 200],
    ] as const) {
      const response = await fetch(`${siteUrl}${path}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      const got = location === null ? response.status : new URL(location, siteUrl).pathname;
      expect([path, got]).toEqual([path, answer]);
    }
    const rates = await fetch(`${siteUrl}${ApiPath.usdtRate}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
      redirect: 'manual',
    });
    expect(rates.status).toBe(200);
    expect(await rates.json()).toMatchObject({ code: '00000' });
    const { html } = await serverHtml(`${siteUrl}/spot/BTCUSDT`, cookie);
    const asset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${siteUrl}${asset}`, { headers: { cookie }, redirect: 'manual' });
    expect(script.status).toBe(200);
    // The server renders the banner from the cookie: no flash before hydration.
    expect(html).toContain('data-testid="simulation-banner"');
  });

  it('redirects in the browser too: a full load and a client navigation', async () => {
    const page = await context.newPage();
    await open(page, '/');
    await Promise.all([page.waitForURL('**/spot/BTCUSDT'), simulationSwitch(page).click()]);
    await waitForRemoteHeader(page);

    // A full load: the first response is the redirect, the page never got the disallowed HTML.
    // (The home page: public and not a trading page, so simulation does not allow it.)
    const response = await page.goto(`${siteUrl}/ja`);
    expect(pathOf(page)).toBe('/ja/spot/BTCUSDT');
    const first = response?.request().redirectedFrom();
    expect(first?.url()).toBe(`${siteUrl}/ja`);
    expect((await first?.response())?.status()).toBe(307);
    await banner(page).waitFor();
    await waitForRemoteHeader(page);

    // A client navigation (the router): its data request meets the same proxy redirect.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    const push = (url: string) =>
      page.evaluate((target) => {
        const { next } = window as unknown as { next: { router: { push(to: string): unknown } } };
        void next.router.push(target);
      }, url);
    await Promise.all([
      page.waitForRequest((request) => request.url().includes('operator')),
      push('/operator/tracking'),
    ]);
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/ja/spot/BTCUSDT');
    expect(documents).not.toContain('/ja/operator/tracking');
    await banner(page).waitFor();

    // Without the cookie (cleared by hand) the page itself sends a disallowed page on, and puts
    // the cookie back, since the flag in storage is what counts. (Another page than before: the
    // router remembers the redirect its data request met.)
    await context.clearCookies({ name: CookieName.simulationTrade });
    await Promise.all([
      page.waitForRequest(
        (request) =>
          request.resourceType() === 'document' &&
          new URL(request.url()).pathname === '/ja/spot/BTCUSDT',
      ),
      push('/'),
    ]);
    await page.waitForURL('**/ja/spot/BTCUSDT', { waitUntil: 'load' });
    expect(pathOf(page)).toBe('/ja/spot/BTCUSDT');
    await banner(page).waitFor();
    await waitForRemoteHeader(page);
    expect((await flagAndCookie(page)).cookie?.value).toBe('1');
    await leave(page);
    await page.close();
  });

  it('sends paptrading: 1 on every call of the site while on, and none off', async () => {
    const page = await context.newPage();
    const calls = recordApiCalls(page);
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    const offCalls = await Promise.all(calls.splice(0));
    expect(offCalls.length).toBeGreaterThan(0);
    expect(offCalls.map((headers) => headers[HeaderName.paptrading])).not.toContain('1');

    await Promise.all([page.waitForURL('**/spot/BTCUSDT'), simulationSwitch(page).click()]);
    await waitForRemoteHeader(page);
    await page.waitForLoadState('networkidle');
    // The calls of the site's request client (uhti is its own header); the tracker's uploads go
    // through a layer of their own.
    const onCalls = (await Promise.all(calls.splice(0))).filter(
      (headers) => headers[HeaderName.uhti] !== undefined,
    );
    expect(onCalls.length).toBeGreaterThan(0);
    expect(onCalls.map((headers) => headers[HeaderName.paptrading])).toEqual(
      onCalls.map(() => '1'),
    );

    await leave(page);
    await waitForRemoteHeader(page);
    await page.waitForLoadState('networkidle');
    const afterCalls = (await Promise.all(calls.splice(0))).filter(
      (headers) => headers[HeaderName.uhti] !== undefined,
    );
    expect(afterCalls.length).toBeGreaterThan(0);
    expect(afterCalls.map((headers) => headers[HeaderName.paptrading])).not.toContain('1');
    await page.close();
  });

  it('follows another tab of the same browser: on, then off', async () => {
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    await open(tabA, '/');
    await open(tabB, '/ja');

    // A enters: B, on a disallowed page, goes to the spot landing in its own language prefix.
    await Promise.all([
      tabB.waitForURL('**/ja/spot/BTCUSDT'),
      tabA.waitForURL('**/spot/BTCUSDT'),
      simulationSwitch(tabA).click(),
    ]);
    await banner(tabB).waitFor();
    await waitForRemoteHeader(tabA);
    await waitForRemoteHeader(tabB);

    // A leaves: B reloads (a marker set on it is gone) and shows no banner.
    await tabB.evaluate(() => Object.assign(window, { beforeLeaving: true }));
    await Promise.all([
      tabB.waitForEvent('load'),
      tabA.waitForEvent('load'),
      banner(tabA).locator('button').click(),
    ]);
    expect(pathOf(tabB)).toBe('/ja/spot/BTCUSDT');
    expect(await tabB.evaluate(() => 'beforeLeaving' in window)).toBe(false);
    await waitForRemoteHeader(tabB);
    expect(await banner(tabB).count()).toBe(0);
    expect(await banner(tabA).count()).toBe(0);
    await tabA.close();
    await tabB.close();
  });

  it('reloads an allowed page of another tab when simulation is turned on there', async () => {
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    await open(tabA, '/');
    await open(tabB, '/fee');
    await tabB.evaluate(() => Object.assign(window, { beforeEntering: true }));
    await Promise.all([
      tabB.waitForEvent('load'),
      tabA.waitForURL('**/spot/BTCUSDT'),
      simulationSwitch(tabA).click(),
    ]);
    expect(pathOf(tabB)).toBe('/fee');
    expect(await tabB.evaluate(() => 'beforeEntering' in window)).toBe(false);
    await banner(tabB).waitFor();
    await waitForRemoteHeader(tabA);
    await leave(tabA);
    await tabA.close();
    await tabB.close();
  });

  it('leaves from the banner: banner gone, flag and cookie cleared, the same page reloaded', async () => {
    const page = await context.newPage();
    await open(page, '/');
    await Promise.all([page.waitForURL('**/spot/BTCUSDT'), simulationSwitch(page).click()]);
    await waitForRemoteHeader(page);
    await banner(page).waitFor();
    const calls = recordApiCalls(page);
    await Promise.all([page.waitForEvent('load'), banner(page).locator('button').click()]);
    expect(pathOf(page)).toBe('/spot/BTCUSDT');
    await waitForRemoteHeader(page);
    await page.waitForLoadState('networkidle');
    expect(await banner(page).count()).toBe(0);
    expect(await simulationSwitch(page).getAttribute('aria-checked')).toBe('false');
    expect(await flagAndCookie(page)).toEqual({ flag: null, cookie: undefined });
    const headers = await Promise.all(calls);
    expect(headers.map((each) => each[HeaderName.paptrading])).not.toContain('1');
    // Off again, the server lets every page through.
    await open(page, '/ja');
    expect(pathOf(page)).toBe('/ja');
    await page.close();
  });
});
