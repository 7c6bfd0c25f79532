// Changing the account's e-mail address end to end (issue 19, README "Account security"): the
// codes to the new and the current address are read out of the caught mail, a wrong one is
// refused, and afterwards the account signs in with the new address only.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { newVisitor, registerByEmail, sendLoginForm, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { caughtIds, readVerifyCode, waitForMessage } from './support/mail';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'Contact-Change-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('changing the e-mail address', () => {
  it('takes the codes sent to the new and the current address, then the new one signs in', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const email = uniqueEmail('e2e-contact');
    const next = uniqueEmail('e2e-contact-new');
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.goto(`${siteUrl}/modifyverification`);
    const form = page.getByTestId('change-email');
    await form.getByText(`Current: ${email}`).waitFor();

    await page.locator('#email-address').fill(next);
    await page.getByTestId('send-new-email-code').click();
    const newCode = await readVerifyCode(mailCatcherUrl, next);
    await form.getByText(`We sent a code to ${next}.`, { exact: false }).waitFor();

    const seenOld = await caughtIds(mailCatcherUrl, email);
    await page.getByTestId('send-current-email-code').click();
    const consent = await waitForMessage(mailCatcherUrl, email, seenOld);
    expect(consent.subject).toBe('Your exchange-web security code');
    const currentCode = await readVerifyCode(mailCatcherUrl, email, seenOld);

    // A wrong code is refused, and the address stays.
    await page.locator('#email-newCode').fill(String((Number(newCode) + 1) % 1e6).padStart(6, '0'));
    await page.locator('#email-currentCode').fill(currentCode);
    await page.locator('#email-pwd').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change the e-mail address' }).click();
    const group = page.getByTestId('contact-email');
    await group
      .getByRole('alert')
      .getByText('The verification code is wrong or has expired', { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const seenAlerts = await caughtIds(mailCatcherUrl, email);
    await page.locator('#email-newCode').fill(newCode);
    await page.locator('#email-currentCode').fill(currentCode);
    await page.locator('#email-pwd').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change the e-mail address' }).click();
    await group
      .getByRole('status')
      .getByText(`Your e-mail address is now ${next}.`, { exact: false })
      .waitFor();
    await form.getByText(`Current: ${next}`).waitFor();
    // The old address is told of the change.
    expect((await waitForMessage(mailCatcherUrl, email, seenAlerts)).subject).toBe(
      'The e-mail address of your exchange-web account was changed',
    );
    await context.close();

    // A new device signs in with the new address.
    const again = await newVisitor(browser, siteUrl);
    await again.page.goto(`${siteUrl}/login`);
    await sendLoginForm(again.page, next, PASSWORD, () =>
      again.page.waitForURL(`${siteUrl}/account`),
    );
    await again.context.close();
  });
});
