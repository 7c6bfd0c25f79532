import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { acceptLegalNotice, waitForRemoteHeader } from './support/pages';

const siteUrl = inject('siteUrl');
const axeSource = await readFile(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
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

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

describe.each(['', 'ar/', 'ja/'])('home page /%s', (prefix) => {
  it.each(['light', 'dark'])(
    'has no serious or critical axe violation in the %s theme',
    async (theme) => {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/${prefix}?appTheme=${theme}`);
      await waitForRemoteHeader(page);
      // Evaluated through DevTools, not as a page script: the site's CSP blocks inline scripts.
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run();
        return result.violations.map(({ id, impact, nodes }) => ({
          id,
          impact,
          nodes: nodes.map((node) => node.target),
        }));
      });
      const serious = violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious).toEqual([]);
      await page.close();
    },
  );
});
