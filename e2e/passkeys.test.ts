// Passkeys end to end (issue 19, README "Account security"), with Chromium's virtual
// authenticator (CDP WebAuthn domain) standing for the person's device: added on the security
// page, then the second step after the password, then signing in with the passkey alone, then
// removed. The site is reached as localhost here: WebAuthn takes a host name as the RP ID, never
// an IP address.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { registerByEmail, sendLoginForm, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { acceptLegalNotice } from './support/pages';

const siteUrl = inject('siteUrl').replace('127.0.0.1', 'localhost');
const PASSWORD = 'Passkey-2026-e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A credential as the virtual authenticator reports it (CDP WebAuthn.Credential). */
interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** A device of the person's: a browser context with a platform authenticator that verifies them. */
async function deviceWithAuthenticator(credentials: readonly VirtualCredential[] = []) {
  const context: BrowserContext = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  const page: Page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  for (const credential of credentials)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  const held = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId }))
      .credentials as VirtualCredential[];
  return { context, page, held };
}

/** Opens the login page of a new device and sends the password (see sendLoginForm). */
async function sendPassword(page: Page, email: string, done: () => Promise<unknown>) {
  await page.goto(`${siteUrl}/login`);
  await sendLoginForm(page, email, PASSWORD, done);
}

describe('passkeys', () => {
  const email = uniqueEmail('e2e-passkey');
  let credentials: VirtualCredential[] = [];

  it('adds a passkey on the security page with the password, made by the device', async () => {
    const device = await deviceWithAuthenticator();
    const { page } = device;
    await registerByEmail(page, siteUrl, email, PASSWORD);
    await page.goto(`${siteUrl}/modifyverification`);
    // The long page's sections are linked from its top.
    const sections = page.getByRole('navigation', { name: 'Security settings' });
    await sections.getByRole('link', { name: 'Passkeys' }).click();
    await page.waitForURL(`${siteUrl}/modifyverification#passkeys-title`);
    const panel = page.getByTestId('passkeys');
    await panel.getByText('No passkeys yet.').waitFor();

    // The password first: nothing is asked of the device without it.
    await page.locator('#passkeyName').fill('Work laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    credentials = await device.held();
    await page.locator('#passkeyPwd[aria-invalid="true"]').waitFor();
    expect(await device.held()).toEqual([]);

    await page.locator('#passkeyPwd').fill('Wrong-Passw0rd-1');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByRole('alert').getByText('The login name or password is incorrect').waitFor();

    await page.locator('#passkeyPwd').fill(PASSWORD);
    await page.locator('#passkeyName').fill('Work laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByRole('status').getByText('The passkey “Work laptop” was added.').waitFor();
    await panel.getByTestId('passkey-list').getByText('Never used').waitFor();
    credentials = await device.held();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await device.context.close();
  });

  it('asks another device for the passkey after the password', async () => {
    const device = await deviceWithAuthenticator(credentials);
    const { page } = device;
    await sendPassword(page, email, () => page.getByTestId('use-passkey').waitFor());
    expect(await page.getByTestId('second-factor-form').textContent()).toContain(
      'Confirm with a passkey saved on your device or security key.',
    );
    // The password alone started no session.
    expect(await page.evaluate(() => document.cookie)).not.toContain('signed_in');
    await page.getByTestId('use-passkey').click();
    await page.waitForURL(`${siteUrl}/account`);
    await page.getByTestId('account-profile').getByText(email).first().waitFor();
    // The device's signature counter moved on: the next device holds the passkey as it is now
    // (a copy left behind would be refused as a clone).
    credentials = await device.held();
    await device.context.close();
  });

  it('signs in with the passkey alone, with no password', async () => {
    const device = await deviceWithAuthenticator(credentials);
    const { page } = device;
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('passkey-login').click();
    await page.waitForURL(`${siteUrl}/account`);
    await page.getByTestId('account-profile').getByText(email).first().waitFor();
    credentials = await device.held();

    // The sign-in history names the passkey.
    await page.goto(`${siteUrl}/history`);
    await page
      .getByTestId('sign-in-history')
      .locator('tbody tr')
      .first()
      .getByText('Passkey', { exact: true })
      .waitFor();
    await device.context.close();
  });

  it('says so when the device holds no passkey for the site', async () => {
    const device = await deviceWithAuthenticator();
    const { page } = device;
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('passkey-login').click();
    await page
      .getByTestId('login-form')
      .getByRole('alert')
      .getByText('No passkey was used: the request was cancelled or timed out.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await device.context.close();
  });

  it('removes the passkey with the password, and the sign-in is one step again', async () => {
    const device = await deviceWithAuthenticator(credentials);
    const { page } = device;
    await page.goto(`${siteUrl}/login`);
    await page.getByTestId('passkey-login').click();
    await page.waitForURL(`${siteUrl}/account`);
    await page.goto(`${siteUrl}/modifyverification`);
    const panel = page.getByTestId('passkeys');
    await panel
      .getByTestId('passkey-list')
      .getByText(/Last used/)
      .waitFor();
    await page.locator('#passkeyPwd').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    await panel.getByRole('status').getByText('The passkey “Work laptop” was removed.').waitFor();
    await panel.getByText('No passkeys yet.').waitFor();
    await device.context.close();

    const next = await deviceWithAuthenticator(credentials);
    await sendPassword(next.page, email, () => next.page.waitForURL(`${siteUrl}/account`));
    await next.context.close();
  });
});
