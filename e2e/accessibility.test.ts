import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { acceptLegalNotice, waitForRemoteHeader } from './support/pages';

const siteUrl = inject('siteUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = browser.context;
  await acceptLegalNotice(context, siteUrl);
});
afterAll(async () => {
  await browser.close();
});

describe.each(['', 'ar/', 'ja/'])('home page /%s', (prefix) => {
  it.each(['light', 'dark'])(
    'has no serious or critical axe violation in the %s theme',
    async (theme) => {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/${prefix}?appTheme=${theme}`);
      await waitForRemoteHeader(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.close();
    },
  );
});
