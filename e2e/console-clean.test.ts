// Every page family opens with a clean console (issue 18), in English and Arabic, signed in where
// the family needs it: no console error, no uncaught exception (a CSP refusal is a console error
// too). The e2e stack lists a dead image origin on purpose (images.test.ts shows the probe passing
// over it): refused loads from that origin are the one error expected, and only from it.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAMILY_PAGES } from '../scripts/page-weights.mjs';
import { newVisitor } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { waitForRemoteHeader } from './support/pages';
import { operatorContext } from './support/tracking';

const siteUrl = inject('siteUrl');
const deadOrigin = inject('imageOrigins').dead;

let browser: Browser;
let visitor: BrowserContext;
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  visitor = (await newVisitor(browser, siteUrl)).context;
  operator = await operatorContext(browser, siteUrl);
});
afterAll(async () => {
  await browser.close();
});

const fromDeadOrigin = (message: ConsoleMessage) =>
  message.location().url.startsWith(deadOrigin) || message.text().includes(deadOrigin);

/**
 * The browser's own complaints about the page's security headers: warnings in type, yet a header
 * the browser cannot read (an unknown Permissions-Policy feature) is a defect of ours.
 */
const headerComplaint = (message: ConsoleMessage) =>
  message.type() === 'warning' && /Permissions-Policy|Content-Security-Policy/.test(message.text());

/** Opens `path` and answers what its console showed as errors once the page had settled. */
async function consoleErrorsOf(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || headerComplaint(message)) && !fromDeadOrigin(message))
      errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(`${siteUrl}${path}`);
  // The remote header and footer are the last thing a page loads, once it is idle.
  await waitForRemoteHeader(page);
  await page.waitForLoadState('networkidle');
  return errors;
}

// A trader's trading pages besides: the server draws their forms, whose code a visitor's page
// never loads, so they hydrate differently.
const traderPages = FAMILY_PAGES.filter(
  (entry) => entry.family === 'spot' || entry.family === 'futures',
).map((entry) => ({ ...entry, family: `${entry.family} (trader)`, signedIn: true }));

const cases = [...FAMILY_PAGES, ...traderPages].flatMap((entry) =>
  ['', '/ar'].map((prefix) => {
    const path = prefix && entry.path === '/' ? prefix : `${prefix}${entry.path}`;
    return [`${entry.family} ${path}`, path, entry.signedIn === true] as const;
  }),
);

describe('the console of every page family', () => {
  it.each(cases)('%s shows no error', async (_name, path, signedIn) => {
    const page = await (signedIn ? operator : visitor).newPage();
    try {
      expect(await consoleErrorsOf(page, path)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
