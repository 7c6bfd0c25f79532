// Sign-in from a new device end to end (issue 19, README "Account security"): a browser the
// account never signed in from is asked the code e-mailed to it, read here out of the caught
// mail; a wrong code is refused; once in, that browser is a known device and is asked nothing.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { challengeDialog, passChallenge } from './support/challenge';
import { caughtIds, readVerifyCode, waitForMessage } from './support/mail';
import { waitForRemoteHeader } from './support/pages';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'New-Device-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Sends the password form, passing the new-device challenge if the gateway asks one. */
async function sendPassword(page: Page, email: string) {
  await page.locator('#loginName').fill(email);
  await page.locator('#pwd').fill(PASSWORD);
  await page.getByTestId('login-form').locator('button[type=submit]').click();
  void challengeDialog(page)
    .waitFor()
    .then(() => passChallenge(page))
    .catch(() => undefined);
}

describe('signing in from a new device', () => {
  it('asks the e-mailed code in Arabic, refuses a wrong one, and knows the device afterwards', async () => {
    const email = uniqueEmail('e2e-device');
    const first = await newVisitor(browser, siteUrl);
    await registerByEmail(first.page, siteUrl, email, PASSWORD);
    await first.context.close();

    const { context, page } = await newVisitor(browser, siteUrl);
    await page.goto(`${siteUrl}/ar/login`);
    const seen = await caughtIds(mailCatcherUrl, email);
    await sendPassword(page, email);
    const step = page.getByTestId('sent-code-form');
    await step.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Where the code went, partly hidden; the resend button waits out its pause.
    await step.getByText(`e***@example.com`, { exact: false }).waitFor();
    const resend = page.getByTestId('resend-login-code');
    expect(await resend.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await waitForMessage(mailCatcherUrl, email, seen);
    expect(mail.subject).toBe('Your exchange-web sign-in code');
    expect(mail.text).toContain('from a new device');
    const code = await readVerifyCode(mailCatcherUrl, email, seen);
    const codeField = step.getByRole('textbox');
    await codeField.fill(String((Number(code) + 1) % 1e6).padStart(6, '0'));
    await step.locator('button[type=submit]').click();
    await step.locator('.auth-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ar/login');

    await codeField.fill(code);
    await step.locator('button[type=submit]').click();
    await page.waitForURL(`${siteUrl}/ar/account`);

    // The sign-in history names the factor ("Code sent by email").
    await page.goto(`${siteUrl}/ar/history`);
    await page.getByText('رمز مُرسل عبر البريد الإلكتروني').first().waitFor();

    // Logged out, the same browser signs in with its password alone: it is a known device now.
    await page.goto(`${siteUrl}/account`);
    // The remote header replaces the built-in one once the page is idle: open the menu that stays.
    await waitForRemoteHeader(page);
    await page.getByTestId('header-user').locator('.menu-button').click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitem', { name: 'Log out' }).click(),
    ]);
    const before = await caughtIds(mailCatcherUrl, email);
    await page.goto(`${siteUrl}/ar/login`);
    await sendPassword(page, email);
    await page.waitForURL(`${siteUrl}/ar/account`);
    expect(await caughtIds(mailCatcherUrl, email)).toEqual(before);
    await context.close();
  });
});
