import { ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, TrackingId } from '@exchange-web/protocol/registry';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchIsolatedBrowser } from './support/browser';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { caughtMessages, codeOf } from './support/mail';
import { waitForRemoteHeader } from './support/pages';
import { operatorContext, visitorIdOf, waitForStoredEvents } from './support/tracking';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'Signed-Trader-2026';
let browser: Browser;
/** The demo operator, who reads what analytics stored. */
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  operator = await operatorContext(browser, siteUrl);
});
afterAll(async () => {
  await browser.close();
});

async function signedUpPage(): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const { context, page } = await newVisitor(browser, siteUrl);
  const email = uniqueEmail('signed');
  await registerByEmail(page, siteUrl, email, PASSWORD);
  return { context, page, email };
}

const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;

async function createKey(page: Page, label: string) {
  await page.getByLabel('Key name').fill(label);
  await page.getByRole('button', { name: 'Create API key' }).click();
}

describe('login encryption in the browser', () => {
  it('sends registration and login without the login name, password or code in clear', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('signed');
    const bodies: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === ApiPath.registerEmail || path === ApiPath.login)
        bodies.push(request.postData() ?? '');
    });
    await registerByEmail(page, siteUrl, email, PASSWORD);

    // Log out and in again: the login is encrypted too. The remote header replaces the built-in
    // one once the page is idle: open the menu that stays.
    await waitForRemoteHeader(page);
    await page.getByTestId('header-user').locator('.menu-button').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitem', { name: 'Log out' }).click(),
    ]);
    await page.goto(`${siteUrl}/login`);
    await page.getByLabel('Email or mobile number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.waitForURL(`${siteUrl}/account`);

    // The code the registration carried, as the mail catcher received it.
    const [mail] = await caughtMessages(mailCatcherUrl, email);
    const code = mail ? codeOf(mail) : null;
    expect(code).toMatch(/^\d{6}$/);
    // The registration (its code sent first, and the challenge met there), then the login.
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body).not.toContain(email);
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(code);
      expect(Object.keys(JSON.parse(body)).sort()).toEqual(
        ['algorithm', 'bodyCiphertext', 'initSign', 'publicKey'].sort(),
      );
    }
    await context.close();
  });

  it("reads the server key from the visitor's first input on the page, not at its load", async () => {
    for (const path of ['/login', '/register']) {
      const { context, page } = await newVisitor(browser, siteUrl);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (isCall(ApiPath.gatewaySignConfig)(request)) asked.push(request.url());
      });
      await page.goto(`${siteUrl}${path}`);
      // The remote header comes once the page has hydrated and gone idle: nothing was read yet.
      await waitForRemoteHeader(page);
      expect(asked, path).toEqual([]);
      const read = page.waitForRequest(isCall(ApiPath.gatewaySignConfig));
      await page.getByLabel('Password', { exact: true }).focus();
      await read;
      await context.close();
    }
  });
});

describe('core request signing in the browser', () => {
  it('signs a core call the gateway accepts', async () => {
    const { context, page } = await signedUpPage();
    await page.goto(`${siteUrl}/account/newapi`);
    const sent = page.waitForRequest(isCall(ApiPath.apiKeyCreate));
    await createKey(page, 'signed bot');
    const request = await sent;
    const headers = await request.allHeaders();
    expect(headers[HeaderName.deviceSignMode]).toBe('2');
    expect(headers[HeaderName.deviceSign]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(headers[HeaderName.deviceSignDataMd5]).toMatch(/^[0-9a-f]{32}$/);
    expect(headers[HeaderName.deviceSignKey]).toBeTruthy();
    const reply = await request.response();
    expect(reply).not.toBeNull();
    expect((await reply!.json()).code).toBe('00000');
    await page.getByTestId('api-secret').waitFor();
    await page.getByTestId('api-keys').getByRole('cell', { name: 'signed bot' }).waitFor();
    await context.close();
  });

  it('refuses the same call with its body changed in flight (00023), and the page logs out', async () => {
    const { context, page } = await signedUpPage();
    await page.goto(`${siteUrl}/account/newapi`);
    await page.getByTestId('api-key-form').waitFor();
    const visitorId = await visitorIdOf(page);
    // A man in the middle rewrites the signed body: more permissions than the user asked for.
    // The gateway's real reply is read as it passes: the page reloads before it could be later.
    const refusals: { code: string; signError: string | undefined }[] = [];
    await page.route(`**${ApiPath.apiKeyCreate}`, async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { permissions: string[] };
      body.permissions = ['read', 'trade', 'withdraw'];
      const response = await route.fetch({ postData: JSON.stringify(body) });
      refusals.push({
        code: ((await response.json()) as { code: string }).code,
        signError: response.headers()[HeaderName.gwSignError],
      });
      await route.fulfill({ response });
    });
    const logouts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === ApiPath.logout || path === ApiPath.btapiLogout) logouts.push(path);
    });
    await createKey(page, 'tampered bot');
    // Forced logout (SPEC 8: 00023), then the page reloads as a visitor.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.code).toBe(ErrorCode.signInvalid);
    expect(refusals[0]?.signError).toBeTruthy();
    expect(logouts.sort()).toEqual([ApiPath.btapiLogout, ApiPath.logout].sort());
    // SPEC 8's failure events reach analytics as system events, not only the console.
    const events = await waitForStoredEvents(operator, siteUrl, { visitorId }, (stored) =>
      [TrackingId.signInvalid, TrackingId.gwSignError].every((id) =>
        stored.some((event) => event.event_tracking_id === id),
      ),
    );
    for (const [id, name] of [
      [TrackingId.signInvalid, 'signInvalid'],
      [TrackingId.gwSignError, 'gwSignError'],
    ] as const) {
      expect(events.find((event) => event.event_tracking_id === id)).toMatchObject({
        type: 9,
        event_tracking: name,
        event_tracking_ext: { reason: name, path: ApiPath.apiKeyCreate },
      });
    }
    await context.close();
  });
});
