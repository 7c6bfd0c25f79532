// Google and Apple sign-in end to end (issue 23, README "Third-party sign-in"): the site opens
// the stack's stand-in OpenID provider (apps/mail-catcher/openid-provider.mjs, a real
// oidc-provider the gateway is a client of, once as Google and once as Apple) in a window of its
// own. The person signs in and consents there; the provider sends the window back to the site's
// return page with a code, which the gateway trades (PKCE) for an ID token it verifies. Registered
// from the register page (through human verification), signed in on another device, offered an
// account from the log-in page, and each linked to a password account on the security page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { passChallenge } from './support/challenge';
import { acceptLegalNotice } from './support/pages';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'OpenId-2026-e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

let people = 0;
const newPerson = () => `e2e-${Date.now()}-${(people += 1)}`;

async function device(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  return { context, page: await context.newPage() };
}

/**
 * Clicks `testId`, then, in the provider's window it opens, signs in as `login` and consents
 * (each only when the provider asks), until the window is sent back and closes.
 */
async function continueWithProvider(page: Page, testId: string, login: string) {
  const [provider] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId(testId).click(),
  ]);
  // No time limit of its own: the test's bounds the whole flow.
  const closed = provider.waitForEvent('close', { timeout: 0 }).then(() => 'closed' as const);
  await provider.waitForURL(`${mailCatcherUrl}/oidc/**`);
  const loginField = provider.locator('input[name="login"]');
  const consent = provider.getByRole('button', { name: 'Continue' });
  for (;;) {
    const step = await Promise.race([
      closed,
      loginField.waitFor({ timeout: 0 }).then(() => 'login' as const),
      consent.waitFor({ timeout: 0 }).then(() => 'consent' as const),
    ]);
    if (step === 'closed') return;
    const answered = step === 'login' ? loginField : consent;
    if (step === 'login') {
      await loginField.fill(login);
      await provider.locator('input[name="password"]').fill('any password');
      await provider.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await consent.click();
    }
    // The provider's next page (or the window closing) before the next look.
    await Promise.race([closed, answered.waitFor({ state: 'detached', timeout: 0 })]);
  }
}

describe('signing in with Google and Apple', () => {
  const login = newPerson();

  it('registers with Google from the register page, through human verification', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/register`);
    await continueWithProvider(page, 'google-register', login);
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);

    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await panel.getByTestId('third-party-list').getByText(`Google ${login}`).waitFor();
    await panel.getByRole('button', { name: `Remove Google ${login}` }).click();
    await panel
      .getByRole('alert')
      .getByText('This Google or Apple account is the only way into your account.', {
        exact: false,
      })
      .waitFor();
    await context.close();
  });

  it('signs in with Google on another device', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/login`);
    await continueWithProvider(page, 'google-login', login);
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('offers an account to an Apple account that has none, and makes it', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/login`);
    // The same person at the provider is another identity as Apple: no account has it yet.
    await continueWithProvider(page, 'apple-login', login);
    const offer = page.getByTestId('identity-unknown');
    await offer.getByText('No account has this Apple account yet.').waitFor();
    await offer.getByTestId('identity-create-account').click();
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('says so when the person closes the window, and a return page reached alone', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/login`);
    const [provider] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('google-login').click(),
    ]);
    await provider.waitForURL(`${mailCatcherUrl}/oidc/**`);
    await provider.close();
    await page
      .getByText('The sign-in window was closed or declined before it finished.', { exact: false })
      .waitFor();

    const response = await page.goto(`${siteUrl}/oauth-return?code=stolen&state=${'a'.repeat(43)}`);
    expect(response?.status()).toBe(200);
    await page
      .getByTestId('openid-return-status')
      .getByText('Google and Apple send you back to this page', { exact: false })
      .waitFor();
    // The code left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});

describe.each([
  ['Google', 'google'],
  ['Apple', 'apple'],
] as const)('linking %s to a password account', (name, provider) => {
  it('links it with the password, signs in with it, then removes it', async () => {
    const login = newPerson();
    const { context, page } = await device();
    await registerByEmail(page, siteUrl, uniqueEmail(`e2e-${provider}`), PASSWORD);
    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await continueWithProvider(page, `link-${provider}`, login);
    await panel
      .getByText(`Your ${name} account is linked: it can now sign in to your account.`)
      .waitFor();
    await panel.getByTestId('third-party-list').getByText(`${name} ${login}`).waitFor();

    const other = await device();
    await other.page.goto(`${siteUrl}/login`);
    await continueWithProvider(other.page, `${provider}-login`, login);
    await other.page.waitForURL(`${siteUrl}/account`);
    await other.context.close();

    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await panel.getByRole('button', { name: `Remove ${name} ${login}` }).click();
    await panel.getByText(`${name} ${login} is removed.`).waitFor();
    await context.close();
  });
});
