// The authenticator app end to end (issue 19, README "Account security"): linked on the security
// page with a code the test's own authenticator computes, then a sign-in in two steps, where a
// wrong code and a code used before are refused and a recovery code works once.
import { AuthenticatorRule } from '@exchange-web/protocol/authenticator';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, sendLoginForm, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { seriousAxeViolations } from './support/axe';
import { caughtIds, waitForMessage } from './support/mail';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'Authenticator-2026-e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** What the person's phone shows for `secret`, `steps` periods from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * AuthenticatorRule.periodSeconds * 1000,
  });

/** Sends the password form of a new browser (see sendLoginForm). */
const sendPassword = (page: Page, email: string, until: () => Promise<unknown>) =>
  sendLoginForm(page, email, PASSWORD, until);

/** A new browser's password step: it ends on the code's step. */
async function passwordStep(email: string, prefix = '', query = ''): Promise<Page> {
  const { page } = await newVisitor(browser, siteUrl);
  await page.goto(`${siteUrl}${prefix}/login${query}`);
  await sendPassword(page, email, () => page.getByTestId('second-factor-form').waitFor());
  return page;
}

/** Sends a code on the code's step. */
async function sendCode(page: Page, code: string): Promise<void> {
  await page.locator('#googleCode').fill(code);
  await page.getByTestId('second-factor-form').locator('button[type=submit]').click();
}

describe('the authenticator app', () => {
  let email = '';
  let secret = '';
  let recoveryCodes: string[] = [];

  it('is linked on the security page with a QR code or its key, then shows recovery codes once', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    email = uniqueEmail('e2e-totp');
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.getByTestId('manage-security').click();
    await page.waitForURL(`${siteUrl}/modifyverification`);
    const panel = page.getByTestId('authenticator');
    await panel.getByRole('button', { name: 'Link an authenticator app' }).click();

    await page.getByTestId('authenticator-qr').waitFor();
    expect(await page.getByTestId('authenticator-qr').getAttribute('aria-label')).toBe(
      'QR code of the key for your authenticator app',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    secret = (await page.getByTestId('authenticator-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused, and nothing is linked.
    await page
      .locator('#bindCode')
      .fill(String((Number(appCode(secret)) + 1) % 1e6).padStart(6, '0'));
    await panel.getByRole('button', { name: 'Link the app' }).click();
    await expect
      .poll(() =>
        panel
          .getByRole('alert')
          .textContent()
          .catch(() => ''),
      )
      .toBe(
        'The code is wrong, has expired or was already used. Enter the code the app shows now.',
      );

    await page.locator('#bindCode').fill(appCode(secret));
    await panel.getByRole('button', { name: 'Link the app' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    recoveryCodes = await codes.locator('li code').allTextContents();
    expect(recoveryCodes).toHaveLength(AuthenticatorRule.recoveryCodeCount);
    // The title takes the focus: the codes are announced before anything else.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Save your recovery codes',
    );
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await panel.getByText('Every sign-in asks for a code from the app.').waitFor();
    await context.close();
  });

  it('turns a sign-in into two steps: a wrong code is refused, the current one signs in', async () => {
    const page = await passwordStep(email);
    // The password alone starts no session.
    expect(await page.evaluate(() => document.cookie)).not.toContain('signed-in');
    await sendCode(page, '000000');
    const alert = page.getByTestId('second-factor-form').getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'The code is wrong, has expired or was already used. Enter the code the app shows now.',
      );
    // The binding used this period's code: the phone's next one, within the drift, signs in.
    const code = appCode(secret, 1);
    await sendCode(page, code);
    await page.waitForURL(`${siteUrl}/account`);
    await expect.poll(() => page.getByTestId('account-profile').textContent()).toContain(email);

    // The same code again, from another browser: refused.
    const again = await passwordStep(email);
    await sendCode(again, code);
    await expect
      .poll(() => again.getByTestId('second-factor-form').getByRole('alert').textContent())
      .toBe(
        'The code is wrong, has expired or was already used. Enter the code the app shows now.',
      );
  });

  it('takes a recovery code instead, in Arabic, right to left, in the dark theme, once', async () => {
    const page = await passwordStep(email, '/ar', '?appTheme=dark');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const form = page.getByTestId('second-factor-form');
    await form.getByRole('button', { name: 'استخدام رمز استرداد بدلًا من ذلك' }).click();
    await sendCode(page, recoveryCodes[0]!.toLowerCase().replace('-', ''));
    await page.waitForURL(`${siteUrl}/ar/account`);

    const reused = await passwordStep(email);
    await reused
      .getByTestId('second-factor-form')
      .getByRole('button', { name: 'Use a recovery code instead' })
      .click();
    await sendCode(reused, recoveryCodes[0]!);
    await expect
      .poll(() => reused.getByTestId('second-factor-form').getByRole('alert').textContent())
      .toBe(
        'The code is wrong, has expired or was already used. Enter the code the app shows now.',
      );
  });

  it('is removed with a recovery code; a new device is then asked the e-mailed code', async () => {
    const page = await passwordStep(email);
    await page
      .getByTestId('second-factor-form')
      .getByRole('button', { name: 'Use a recovery code instead' })
      .click();
    await sendCode(page, recoveryCodes[1]!);
    await page.waitForURL(`${siteUrl}/account`);
    await page.goto(`${siteUrl}/modifyverification`);
    const panel = page.getByTestId('authenticator');
    await page.locator('#unbindCode').fill(recoveryCodes[2]!);
    await panel.getByRole('button', { name: 'Remove the app' }).click();
    await panel.getByRole('button', { name: 'Link an authenticator app' }).waitFor();

    const { page: next } = await newVisitor(browser, siteUrl);
    await next.goto(`${siteUrl}/login`);
    await sendPassword(next, email, () => next.waitForURL(`${siteUrl}/account`));

    // The history shows every attempt with what decided it, newest first.
    await next.getByTestId('sign-in-history-link').click();
    await next.waitForURL(`${siteUrl}/history`);
    const rows = next.getByTestId('sign-in-history').locator('tbody tr');
    // Loaded: a row of the history has its columns (the loading row has one cell).
    await rows.locator('td:nth-child(2)').first().waitFor();
    const cells = async (row: number) =>
      (await rows.nth(row).locator('td').allTextContents()).slice(1, 3);
    // Without the app, the new browser was asked the code sent to the account's e-mail.
    expect(await cells(0)).toEqual(['Signed in', 'Code sent by email']);
    const all = await next.getByTestId('sign-in-history').locator('tbody').textContent();
    for (const seen of [
      'Wrong codeAuthenticator app',
      'Signed inRecovery code',
      'Signed inRegistration',
    ])
      expect(all).toContain(seen);
    expect(await seriousAxeViolations(next)).toEqual([]);

    // SPEC 2's `api` entry is the API-key page, in the visitor's language.
    await next.goto(`${siteUrl}/ar/api`);
    await next.waitForURL(`${siteUrl}/ar/account/newapi`);
  });
});

describe('the anti-phishing code', () => {
  it('is set on its page and stands on the first line of the next e-mail to the account', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('e2e-phishing');
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.getByTestId('manage-anti-phishing').click();
    await page.waitForURL(`${siteUrl}/subaccount/setting/antiphishing`);
    const section = page.getByTestId('anti-phishing');
    expect(await section.getByTestId('anti-phishing-current').textContent()).toBe(
      'No code is set yet.',
    );

    // A phrase that could pass for a code is refused before anything is sent.
    await page.locator('#antiPhishingCode').fill('123456');
    await section.getByRole('button', { name: 'Save' }).click();
    await section
      .getByText('Use 4 to 20 letters, digits, _ or -, with at least one letter')
      .waitFor();

    const seen = await caughtIds(mailCatcherUrl, email);
    await page.locator('#antiPhishingCode').fill('Blue-Heron_7');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await section.getByTestId('anti-phishing-current').textContent()).toBe(
      'Your code: Blue-Heron_7',
    );
    const mail = await waitForMessage(mailCatcherUrl, email, seen);
    expect(mail.text.split('\n')[0]).toBe('Anti-phishing code: Blue-Heron_7');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('changing the password', () => {
  it('needs the current one, then the new one signs in and API keys wait a day', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('e2e-password');
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.goto(`${siteUrl}/modifyverification`);
    const panel = page.getByTestId('password');
    const NEW_PASSWORD = 'Changed-2026-e2e';

    await page.locator('#currentPwd').fill('Not-The-Password-1');
    await page.locator('#newPwd').fill(NEW_PASSWORD);
    await page.locator('#confirmPwd').fill(NEW_PASSWORD);
    await panel.getByRole('button', { name: 'Change password' }).click();
    await panel.getByRole('alert').filter({ hasText: 'incorrect' }).waitFor();

    await page.locator('#currentPwd').fill(PASSWORD);
    await page.locator('#newPwd').fill(NEW_PASSWORD);
    await page.locator('#confirmPwd').fill(NEW_PASSWORD);
    await panel.getByRole('button', { name: 'Change password' }).click();
    await panel.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();

    // The API-key page tells why a key cannot be made now.
    await page.goto(`${siteUrl}/account/newapi`);
    await page.locator('#label').fill('bot');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page
      .locator('.account-page')
      .getByText(
        'For your safety, API keys cannot be created for 24 hours after a change of your password or authenticator app.',
      )
      .waitFor();
    await context.close();

    const { page: next } = await newVisitor(browser, siteUrl);
    await next.goto(`${siteUrl}/login`);
    await sendLoginForm(next, email, NEW_PASSWORD, () => next.waitForURL(`${siteUrl}/account`));
  });
});
