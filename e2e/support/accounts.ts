import type { Browser, BrowserContext, Page } from 'playwright-core';
import { passChallenge } from './challenge';
import { acceptLegalNotice } from './pages';

let counter = 0;

/** An email no other test uses, even across runs on one database. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now()}.${(counter += 1)}@example.com`;

/** A visitor of its own: a new context (own cookies and storage) with the legal notice accepted. */
export async function newVisitor(
  browser: Browser,
  siteUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await acceptLegalNotice(context, siteUrl);
  return { context, page: await context.newPage() };
}

/** Fills the email registration form and sends it (the challenge, if any, is then on screen). */
export async function fillRegistration(
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
  await page.locator('button[type="submit"]').click();
}

/**
 * Registers by email as a person does, passing the human-verification challenge every
 * registration meets by default, and waits for the account page.
 */
export async function registerByEmail(
  page: Page,
  siteUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await fillRegistration(page, siteUrl, email, password);
  await passChallenge(page);
  await page.waitForURL(`${siteUrl}/account`);
}
