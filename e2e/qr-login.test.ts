// Signing in by QR code end to end (issue 19, README "Account security"): a laptop's login page
// shows a code, a phone signed in to the account opens it, sees the laptop's browser and
// confirms, and the laptop is signed in; the laptop's status follows live. An expired code is
// refused on both sides (the stack's codes live 30 s: GATEWAY_QR_LOGIN_TTL_SECONDS).
import { QR_LOGIN_CONFIRM_PATH } from '@exchange-web/protocol/paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { newVisitor, registerByEmail, sendLoginForm, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';

const siteUrl = inject('siteUrl');
const PASSWORD = 'Qr-Sign-In-2026-e2e';
/** Past the stack's 30 s life of a code, with room for the poll that reports it. */
const EXPIRY_WAIT_MS = 45_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The login page switched to the QR code: its address once a code is shown. */
async function showQrCode(page: Page, prefix = ''): Promise<string> {
  await page.goto(`${siteUrl}${prefix}/login`);
  await page.getByTestId('login-method').click();
  const address = page.getByTestId('qr-login-address');
  await address.waitFor();
  await page.getByTestId('qr-login-code').waitFor();
  return address.inputValue();
}

/**
 * Waits until the laptop's page shows this status: its next poll (every 1.5 s) brings it, so the
 * wait is for the page's own update, not for a fixed time.
 */
const qrStatus = (page: Page, status: string, timeout?: number) =>
  page
    .getByTestId('qr-login-status')
    .locator(`[data-status="${status}"]`)
    .waitFor(timeout === undefined ? {} : { timeout });

describe('QR sign-in', () => {
  it('signs a laptop in once a signed-in phone confirms its code, the status following live', async () => {
    const phone = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('e2e-qr');
    await registerByEmail(phone.page, siteUrl, email, PASSWORD);

    const laptop = await newVisitor(browser, siteUrl);
    const address = await showQrCode(laptop.page);
    expect(address).toMatch(
      new RegExp(`^${siteUrl}${QR_LOGIN_CONFIRM_PATH}\\?key=[A-Za-z0-9_-]{43}$`),
    );
    expect(await laptop.page.getByTestId('qr-login-code').getAttribute('aria-label')).toBe(
      'QR code to sign in from a signed-in device',
    );
    await qrStatus(laptop.page, 'waiting');
    expect(await seriousAxeViolations(laptop.page)).toEqual([]);

    // The phone opens the code: it sees which browser asks, and the laptop sees it scanned.
    await phone.page.goto(address);
    const requester = phone.page.getByTestId('qr-requester');
    await requester.waitFor();
    expect(await requester.textContent()).toMatch(/Chrom(e|ium) \d+ on Linux.*127\.0\.0\.1/);
    await qrStatus(laptop.page, 'scanned');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);

    await phone.page.getByTestId('qr-confirm').click();
    await phone.page.getByTestId('qr-confirm-done').waitFor();
    await laptop.page.waitForURL(`${siteUrl}/account`);
    await laptop.page.getByTestId('account-profile').getByText(email).first().waitFor();

    // The code is spent: opening it again is refused.
    await phone.page.goto(address);
    await phone.page
      .getByRole('alert')
      .getByText('This QR code has expired or was already used. Show a new one on the login page.')
      .waitFor();
    await Promise.all([phone.context.close(), laptop.context.close()]);
  });

  it('brings a visitor who opens a code back to it after the login', async () => {
    const owner = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('e2e-qr-back');
    await registerByEmail(owner.page, siteUrl, email, PASSWORD);
    await owner.context.close();

    const laptop = await newVisitor(browser, siteUrl);
    const address = await showQrCode(laptop.page, '/ar');
    expect(address).toContain(`/ar${QR_LOGIN_CONFIRM_PATH}?key=`);
    expect(await laptop.page.locator('html').getAttribute('dir')).toBe('rtl');

    // A phone not signed in yet: the login page, then the code again.
    const phone = await newVisitor(browser, siteUrl);
    await phone.page.goto(address);
    const login = new URL(phone.page.url());
    expect(login.pathname).toBe('/ar/login');
    expect(login.searchParams.get('redirect')).toBe(
      new URL(address).pathname + new URL(address).search,
    );
    await sendLoginForm(phone.page, email, PASSWORD, () => phone.page.waitForURL(address));
    await phone.page.getByTestId('qr-requester').waitFor();
    await Promise.all([phone.context.close(), laptop.context.close()]);
  });

  it('shows a declined code as declined, and offers a new one', async () => {
    const phone = await newVisitor(browser, siteUrl);
    await registerByEmail(phone.page, siteUrl, uniqueEmail('e2e-qr-no'), PASSWORD);
    const laptop = await newVisitor(browser, siteUrl);
    const address = await showQrCode(laptop.page);
    await phone.page.goto(address);
    await phone.page.getByRole('button', { name: 'Decline' }).click();
    await phone.page.getByTestId('qr-confirm-done').waitFor();
    await qrStatus(laptop.page, 'declined');
    expect(await laptop.page.evaluate(() => document.cookie)).not.toContain('signed-in');

    await laptop.page.getByRole('button', { name: 'Show a new code' }).click();
    // The new code's status appears only once its key is shown.
    await qrStatus(laptop.page, 'waiting');
    expect(await laptop.page.getByTestId('qr-login-address').inputValue()).not.toBe(address);
    await Promise.all([phone.context.close(), laptop.context.close()]);
  });

  it('expires a code nobody confirmed: the laptop says so, the phone is refused', async () => {
    const laptop = await newVisitor(browser, siteUrl);
    const address = await showQrCode(laptop.page);
    await qrStatus(laptop.page, 'expired', EXPIRY_WAIT_MS);
    await laptop.page.getByRole('button', { name: 'Show a new code' }).waitFor();

    const phone = await newVisitor(browser, siteUrl);
    await registerByEmail(phone.page, siteUrl, uniqueEmail('e2e-qr-late'), PASSWORD);
    await phone.page.goto(address);
    await phone.page
      .getByRole('alert')
      .getByText('This QR code has expired or was already used. Show a new one on the login page.')
      .waitFor();
    expect(await phone.page.getByTestId('qr-confirm').count()).toBe(0);
    await Promise.all([phone.context.close(), laptop.context.close()]);
  }, 90_000);
});
