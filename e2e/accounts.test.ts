import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { launchIsolatedBrowser } from './support/browser';
import { newVisitor, registerByEmail, sendLoginForm, uniqueEmail } from './support/accounts';
import { waitForRemoteHeader } from './support/pages';

const siteUrl = inject('siteUrl');
const PASSWORD = 'Trader-2026-e2e';
let browser: Browser;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A browser context of its own: its own cookies, so its own session. */
const freshContext = async (): Promise<BrowserContext> =>
  (await newVisitor(browser, siteUrl)).context;

const register = (page: Page, email: string) => registerByEmail(page, siteUrl, email, PASSWORD);

async function logIn(page: Page, loginName: string, password = PASSWORD) {
  await page.goto(`${siteUrl}/login`);
  await page.getByLabel('Email or mobile number').fill(loginName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
}

const headerUser = (page: Page) => page.getByTestId('header-user').locator('.menu-button');

describe('accounts in the browser', () => {
  it('registers, sees the name, logs out, logs in again and sees the account', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    const email = uniqueEmail('e2e');
    await register(page, email);
    await expect.poll(() => headerUser(page).textContent()).toMatch(/^e2\*+@example\.com$/);
    await expect.poll(() => page.getByTestId('account-profile').textContent()).toContain(email);
    // The session cookie is out of the page's reach; only the marker is readable.
    expect(await page.evaluate(() => document.cookie)).not.toContain(`${CookieName.token}=`);
    expect(await page.evaluate(() => document.cookie)).toContain(`${CookieName.signedIn}=1`);
    // A signed-in trader's page stores the coin chain list (SPEC 7) from the gateway.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), LocalStorageKey.coinChainList))
      .toContain('"coinName":"USDT"');

    // Log out from the header's account menu: the page reloads as a visitor. The remote header
    // replaces the built-in one once the page is idle: open the menu that stays.
    await waitForRemoteHeader(page);
    await headerUser(page).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitem', { name: 'Log out' }).click(),
    ]);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(CookieName.token);

    // The account page now asks for a login first, and comes back after it.
    await page.goto(`${siteUrl}/account`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email or mobile number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.waitForURL(`${siteUrl}/account`);
    await expect.poll(() => headerUser(page).textContent()).toMatch(/^e2\*+@example\.com$/);
    await context.close();
  });

  it('tells a wrong password in the page’s language, without saying which field was wrong', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await logIn(page, 'nobody@example.com', 'Wrong-Password-1');
    await expect
      .poll(() => page.locator('.auth-error').textContent())
      .toBe('The login name or password is incorrect');

    await page.goto(`${siteUrl}/ja/login`);
    await page.locator('#loginName').fill('nobody@example.com');
    await page.locator('#pwd').fill('Wrong-Password-1');
    await page.locator('button[type="submit"]').click();
    await page.locator('.auth-error').waitFor();
    const japanese = await page.locator('.auth-error').textContent();
    expect(japanese).toBeTruthy();
    expect(japanese).not.toContain('incorrect');
    await context.close();
  });

  it('asks for both login fields before sending anything, and shows the password on request', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === ApiPath.login) logins.push(request.url());
    });
    await page.goto(`${siteUrl}/login`);
    await page.getByLabel('Email or mobile number').fill('   ');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    const required = page.getByRole('alert').filter({ hasText: 'This field is required' });
    await expect.poll(() => required.count()).toBe(2);
    // The first empty field takes the focus; both say they are invalid.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('loginName');
    expect(await page.locator('#pwd').getAttribute('aria-invalid')).toBe('true');
    expect(logins).toEqual([]);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret-123');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('refuses a weak password and differing passwords before sending anything', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    const registrations: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/v1/user/register/') || path === ApiPath.sendVerifyCode)
        registrations.push(path);
    });
    await page.goto(`${siteUrl}/register`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('e2e'));
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByLabel('Confirm password').fill('different1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords do not match').waitFor();
    // The field errors, each an alert within the form (Next's route announcer is one outside it).
    const errors = page.getByTestId('register-form').getByRole('alert');
    expect(await errors.allTextContents()).toContain(
      'At least 8 characters, with a letter and a number',
    );
    expect(registrations).toEqual([]);
    await context.close();
  });

  it('creates a sub-account, switches into it and back', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await register(page, uniqueEmail('e2e'));
    await page.getByLabel('Sub-account name').fill('desk_one');
    await page.getByRole('button', { name: 'Create sub-account' }).click();
    await page
      .getByTestId('sub-accounts')
      .getByRole('cell', { name: 'desk_one', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Switch to desk_one' }).click();
    await page.getByTestId('switch-back').waitFor();
    await expect.poll(() => headerUser(page).textContent()).toBe('desk_one');
    await page.getByTestId('switch-back').click();
    await page.getByRole('button', { name: 'Create sub-account' }).waitFor();
    await expect.poll(() => headerUser(page).textContent()).toMatch(/@example\.com$/);
    await context.close();
  });

  it('logs out and reloads exactly once when several calls meet an ended session', async () => {
    const email = uniqueEmail('e2e');
    const first = await freshContext();
    const page = await first.newPage();
    await register(page, email);
    await page.getByTestId('devices').locator('tbody tr').first().waitFor();

    // The same account signs in elsewhere and signs this device out on its devices page.
    const second = await freshContext();
    const elsewhere = await second.newPage();
    // A device the account has not seen: challenged, then asked the e-mailed code.
    await elsewhere.goto(`${siteUrl}/login`);
    await sendLoginForm(elsewhere, email, PASSWORD, () =>
      elsewhere.waitForURL(`${siteUrl}/account`),
    );
    await elsewhere.getByTestId('manage-devices').click();
    await elsewhere.waitForURL(`${siteUrl}/devices`);
    const deviceList = elsewhere.getByTestId('device-list');
    // Both devices are live; only the other one offers to be signed out.
    await expect.poll(() => deviceList.locator('tbody tr').count()).toBe(2);
    const signOut = deviceList.getByRole('button', { name: /^Sign out / });
    expect(await signOut.count()).toBe(1);
    await signOut.click();
    await elsewhere.getByRole('status').filter({ hasText: 'was signed out.' }).waitFor();
    expect(await seriousAxeViolations(elsewhere)).toEqual([]);

    const logouts: string[] = [];
    let loads = 0;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === ApiPath.logout || path === ApiPath.btapiLogout || path === ApiPath.clearCookie)
        logouts.push(path);
    });
    page.on('load', () => {
      loads += 1;
    });
    // The gateway's real replies, read as they pass: the page reloads before a body could be
    // read from it afterwards.
    const codes: string[] = [];
    await page.route(`**${ApiPath.deviceList}`, async (route) => {
      const response = await route.fetch();
      codes.push(((await response.json()) as { code: string }).code);
      await route.fulfill({ response });
    });
    // Coming back to the tab refreshes the sub-accounts and sign-ins together: both fail.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForURL((url) => url.pathname === '/login');
    // Signed out from elsewhere: the session ended as a logout does.
    expect(codes).toEqual(['00004']);
    await page.waitForTimeout(2_500);
    expect(loads).toBe(1);
    expect(logouts.sort()).toEqual(
      [ApiPath.btapiLogout, ApiPath.clearCookie, ApiPath.logout].sort(),
    );
    expect((await first.cookies()).map((cookie) => cookie.name)).not.toContain(CookieName.signedIn);
    await first.close();
    await second.close();
  });
});
