import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { challengeDialog, passChallenge } from './challenge';
import { caughtIds, readVerifyCode } from './mail';
import { acceptLegalNotice } from './pages';

let counter = 0;

/** An email no other test uses, even across runs on one database. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now()}.${(counter += 1)}@example.com`;

/** A national mobile number (10 digits) no other test uses, for the `+81` area code. */
export const uniqueMobile = () => `90${String(Date.now()).slice(-7)}${(counter += 1) % 10}`;

/** A visitor of its own: a new context (own cookies and storage) with the legal notice accepted. */
export async function newVisitor(
  browser: Browser,
  siteUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  return { context, page: await context.newPage() };
}

/** How a registration meets the stack it runs against. */
export interface RegistrationOptions {
  /** A language prefix such as `/ar`. @default '' */
  languagePrefix?: string;
  /** The mail catcher the stack's gateway sends its codes to. @default inject('mailCatcherUrl') */
  mailCatcherUrl?: string;
  /**
   * Whether asking for the code meets the registration challenge, as it does on a stack with the
   * default rules (GATEWAY_CHALLENGE_REGISTER on). @default true
   */
  challenged?: boolean;
}

/**
 * Opens the registration page, types the address and the password twice, and asks for the code
 * by email: the human-verification challenge, if any, is then on screen.
 */
export async function askRegistrationCode(
  page: Page,
  siteUrl: string,
  email: string,
  password: string,
  languagePrefix = '',
): Promise<void> {
  await page.goto(`${siteUrl}${languagePrefix}/register`);
  await page.locator('#email').fill(email);
  await page.locator('#pwd').fill(password);
  await page.locator('#rePwd').fill(password);
  await page.getByTestId('send-email-code').click();
}

/** Waits until the page says the code was sent, and fails with the page's words if it was not. */
export async function codeSentNotice(page: Page, channel: 'email' | 'mobile' = 'email') {
  const notice = page.getByTestId(`${channel}-code-notice`);
  const error = page.getByTestId(`${channel}-code-error`);
  await notice.filter({ hasText: /\S/ }).or(error).first().waitFor();
  if (await error.count()) throw new Error(`the code was not sent: ${await error.textContent()}`);
  return (await notice.textContent()) ?? '';
}

/** Reads the address's code from the mail catcher, types it and sends the form. */
export async function enterRegistrationCode(
  page: Page,
  mailCatcherUrl: string,
  email: string,
): Promise<void> {
  await codeSentNotice(page);
  await page.locator('#emailCode').fill(await readVerifyCode(mailCatcherUrl, email));
  await page.locator('button[type="submit"]').click();
}

/**
 * Fills the email registration form as a person does: the address, "Send code", the challenge
 * that sending meets, the code from the mail catcher, the passwords; then sends it.
 */
export async function fillRegistration(
  page: Page,
  siteUrl: string,
  email: string,
  password: string,
  options: RegistrationOptions = {},
): Promise<void> {
  await askRegistrationCode(page, siteUrl, email, password, options.languagePrefix);
  if (options.challenged ?? true) await passChallenge(page);
  await enterRegistrationCode(page, options.mailCatcherUrl ?? inject('mailCatcherUrl'), email);
}

/** Registers by email as a person does (see {@link fillRegistration}) and waits for the account. */
export async function registerByEmail(
  page: Page,
  siteUrl: string,
  email: string,
  password: string,
  options: RegistrationOptions = {},
): Promise<void> {
  await fillRegistration(page, siteUrl, email, password, options);
  await page.waitForURL(`${siteUrl}${options.languagePrefix ?? ''}/account`);
}

/** Where the code of a sign-in from a new device goes, and the catcher that receives it. */
export interface LoginCodeOptions {
  /** The address or number (`+81 9012345678`) the code goes to. @default the login name */
  codeTo?: string;
  /** @default inject('mailCatcherUrl') */
  mailCatcherUrl?: string;
}

/**
 * Fills the login form on the page it is on and sends it, until `until` resolves. A new browser
 * is a new device, which the gateway may meet with a human-verification challenge and, for an
 * account without an authenticator app or passkey, with a code sent to its address: both are
 * answered here as a person would (the code read from the mail catcher).
 */
export async function sendLoginForm(
  page: Page,
  loginName: string,
  password: string,
  until: () => Promise<unknown>,
  options: LoginCodeOptions = {},
): Promise<void> {
  const mailCatcherUrl = options.mailCatcherUrl ?? inject('mailCatcherUrl');
  const codeTo = options.codeTo ?? loginName;
  // Messages already there are not this sign-in's.
  const seen = await caughtIds(mailCatcherUrl, codeTo);
  await page.locator('#loginName').fill(loginName);
  await page.locator('#pwd').fill(password);
  await page.getByTestId('login-form').locator('button[type=submit]').click();
  // Each waits for its step and answers it; neither may come, so their timeouts are no failure.
  void challengeDialog(page)
    .waitFor()
    .then(() => passChallenge(page))
    .catch(() => undefined);
  void enterSentLoginCode(page, mailCatcherUrl, codeTo, seen).catch(() => undefined);
  await until();
}

/** Waits for the new-device step, then types the code the newest message to `codeTo` carries. */
export async function enterSentLoginCode(
  page: Page,
  mailCatcherUrl: string,
  codeTo: string,
  seen: readonly string[],
): Promise<void> {
  const form = page.getByTestId('sent-code-form');
  await form.waitFor();
  await form.getByRole('textbox').fill(await readVerifyCode(mailCatcherUrl, codeTo, seen));
  await form.locator('button[type=submit]').click();
}
