// Telegram sign-in end to end (issue 23, README "Third-party sign-in"): the site opens the stack's
// stand-in for Telegram's login page (apps/mail-catcher/telegram-login.mjs) in a window of its
// own, as it would open Telegram's; the person says who they are there, and the stand-in sends the
// window back to the site with the fields signed under the stack's bot token, which the gateway
// checks. Registered from the register page (through human verification), signed in on another
// device, offered an account from the log-in page, signed in by the return page alone and as the
// bot's Mini App, and linked to a password account on the security page and removed again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_TELEGRAM_BOT_TOKEN } from '../scripts/stack.mjs';
import { registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { passChallenge } from './support/challenge';
import { acceptLegalNotice } from './support/pages';

const siteUrl = inject('siteUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PASSWORD = 'Telegram-2026-e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

let nextTelegramId = 500_000_000 + Math.floor(Math.random() * 100_000_000);
const newTelegramId = () => String(nextTelegramId++);

async function device(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  return { context, page: await context.newPage() };
}

/** How often each Telegram account confirmed in this file. */
const confirmations = new Map<string, number>();

/**
 * Confirms as the Telegram account `id` on the stand-in's page that opened at `telegram`: its
 * login page, or (`at: 'app'`) the page that opens the site as the bot's Mini App. The first
 * confirmation of an account says the first name Ada; later ones a changed name, so that each
 * is data of its own: Telegram's login page (and its stand-in) signs the same fields within one
 * second into the same data, which the gateway takes once, and one test's sign-in may follow the
 * last one's within the second.
 */
async function confirmAs(telegram: Page, id: string, username = `e2e_${id}`, at = 'auth') {
  const count = (confirmations.get(id) ?? 0) + 1;
  confirmations.set(id, count);
  await telegram.waitForURL(`${mailCatcherUrl}/telegram/${at}?**`);
  await telegram.locator('input[name="id"]').fill(id);
  await telegram.locator('input[name="first_name"]').fill(count === 1 ? 'Ada' : `Ada ${count}`);
  await telegram.locator('input[name="username"]').fill(username);
  await telegram.getByRole('button', { name: 'Confirm' }).click();
}

/** Clicks `button`, then confirms as `id` in the Telegram window it opens, which closes. */
async function continueWithTelegram(page: Page, testId: string, id: string) {
  const [telegram] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId(testId).click(),
  ]);
  const closed = telegram.waitForEvent('close');
  await confirmAs(telegram, id);
  // The return page handed the data back and closed its window.
  await closed;
}

describe('signing in with Telegram', () => {
  const id = newTelegramId();

  it('registers with Telegram from the register page, through human verification', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/register`);
    await continueWithTelegram(page, 'telegram-register', id);
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);
    await page
      .getByText(`telegram ${id.slice(0, 8)}`)
      .first()
      .waitFor();

    // The security page lists it; with no password, none is asked, and the last way in stays.
    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await panel.getByTestId('third-party-list').getByText(`Telegram ${id}`).waitFor();
    expect(await panel.locator('#thirdPartyPwd').count()).toBe(0);
    await panel.getByRole('button', { name: `Remove Telegram ${id}` }).click();
    await panel
      .getByRole('alert')
      .getByText(
        'This Telegram account is the only way into your account. Link another way in first.',
      )
      .waitFor();
    await context.close();
  });

  it('signs in with Telegram on another device', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/login`);
    await continueWithTelegram(page, 'telegram-login', id);
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('signs in on the return page itself when Telegram was opened in the same tab', async () => {
    const { context, page } = await device();
    // A phone that kept one tab: Telegram's page came in place of the site's, not in a window.
    const telegramLogin = new URL(`${mailCatcherUrl}/telegram/auth`);
    telegramLogin.searchParams.set('bot_id', LOCAL_TELEGRAM_BOT_TOKEN.split(':')[0] ?? '');
    telegramLogin.searchParams.set('origin', siteUrl);
    telegramLogin.searchParams.set('return_to', `${siteUrl}/ja/telegram-login`);
    await page.goto(telegramLogin.href);
    await confirmAs(page, id);
    await page.waitForURL(`${siteUrl}/ja/account`);
    await context.close();
  });

  it('signs in, or offers an account, when Telegram opens the site as the bot’s Mini App', async () => {
    const miniApp = new URL(`${mailCatcherUrl}/telegram/app`);
    miniApp.searchParams.set('bot_id', LOCAL_TELEGRAM_BOT_TOKEN.split(':')[0] ?? '');
    miniApp.searchParams.set('origin', siteUrl);
    miniApp.searchParams.set('return_to', `${siteUrl}/telegram-login`);
    const stranger = newTelegramId();
    const first = await device();
    await first.page.goto(miniApp.href);
    // No username: the Mini App's launch data names the person by their first name.
    await confirmAs(first.page, stranger, '', 'app');
    const offer = first.page.getByTestId('identity-unknown');
    await offer.getByText('No account has the Telegram account Ada yet.').waitFor();
    // The launch data left the address bar as soon as it was read.
    expect(new URL(first.page.url()).hash).toBe('');
    await offer.getByTestId('identity-create-account').click();
    await passChallenge(first.page);
    await first.page.waitForURL(`${siteUrl}/account`);
    await first.context.close();

    const again = await device();
    await again.page.goto(miniApp.href);
    await confirmAs(again.page, stranger, '', 'app');
    await again.page.waitForURL(`${siteUrl}/account`);
    await again.context.close();
  });

  it('offers an account to a Telegram account that has none, and makes it', async () => {
    const { context, page } = await device();
    const stranger = newTelegramId();
    await page.goto(`${siteUrl}/login`);
    await continueWithTelegram(page, 'telegram-login', stranger);
    const offer = page.getByTestId('identity-unknown');
    await offer.getByText(`No account has the Telegram account @e2e_${stranger} yet.`).waitFor();
    await offer.getByTestId('identity-create-account').click();
    await passChallenge(page);
    await page.waitForURL(`${siteUrl}/account`);
    await context.close();
  });

  it('says so when the person closes the Telegram window, and a return page reached alone', async () => {
    const { context, page } = await device();
    await page.goto(`${siteUrl}/login`);
    const [telegram] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('telegram-login').click(),
    ]);
    await telegram.waitForURL(`${mailCatcherUrl}/telegram/auth?**`);
    await telegram.close();
    await page
      .getByText('The Telegram window was closed before you confirmed.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    const response = await page.goto(`${siteUrl}/ar/telegram-login`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('telegram-return-status').waitFor();
    await page.goto(`${siteUrl}/telegram-login`);
    await page
      .getByTestId('telegram-return-status')
      .getByText('Telegram sent no sign-in data to this page.', { exact: false })
      .waitFor();
    await context.close();
  });
});

describe('linking Telegram to a password account', () => {
  it('links it with the password, signs in with it, then removes it', async () => {
    const id = newTelegramId();
    const { context, page } = await device();
    await registerByEmail(page, siteUrl, uniqueEmail('e2e-telegram'), PASSWORD);
    await page.goto(`${siteUrl}/modifyverification#third-party-title`);
    const panel = page.getByTestId('third-party');
    await panel.getByText('No wallet, Telegram, Google or Apple account is linked.').waitFor();

    // The password first: Telegram is not opened without it.
    await panel.getByTestId('link-telegram').click();
    await page.locator('#thirdPartyPwd[aria-invalid="true"]').waitFor();
    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await continueWithTelegram(page, 'link-telegram', id);
    await panel
      .getByText(`The Telegram account @e2e_${id} is linked: it can now sign in to your account.`)
      .waitFor();
    await panel.getByTestId('third-party-list').getByText(`Telegram ${id}`).waitFor();

    const other = await device();
    await other.page.goto(`${siteUrl}/login`);
    await continueWithTelegram(other.page, 'telegram-login', id);
    await other.page.waitForURL(`${siteUrl}/account`);
    await other.context.close();

    await page.locator('#thirdPartyPwd').fill(PASSWORD);
    await panel.getByRole('button', { name: `Remove Telegram ${id}` }).click();
    await panel.getByText(`Telegram ${id} is removed.`).waitFor();
    await panel.getByText('No wallet, Telegram, Google or Apple account is linked.').waitFor();
    await context.close();
  });
});
