import { spawnSync } from 'node:child_process';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { acceptLegalNotice, waitForRemoteHeader } from './support/pages';

const siteUrl = inject('siteUrl');
const dist = inject('headerFooterDist');
const headerFooterPid = inject('headerFooterPid');
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

describe('header and footer from the remote', () => {
  it('replace the built-in ones at run time, sharing the site’s React, with no layout shift', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShifts: shifts });
    });
    const html = await (await fetch(`${siteUrl}/`)).text();
    expect(html).toContain('data-source="built-in"');
    await page.goto(`${siteUrl}/`);
    await waitForRemoteHeader(page);
    // The remote's components run on the site's React: its menus respond to the site's state.
    await page.locator('[data-testid="language-menu"] .menu-button').click();
    expect(await page.locator('[data-testid="language-menu"] [role="menuitemradio"]').count()).toBe(
      23,
    );
    await page.keyboard.press('Escape');
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce(
        (sum, value) => sum + value,
        0,
      ),
    );
    expect(shift).toBeLessThan(0.01);
    await page.close();
  });

  it('shows a rebuilt remote without rebuilding the site', async () => {
    const build = spawnSync(process.execPath, ['apps/header-footer/build.mjs'], {
      env: {
        ...process.env,
        HEADER_FOOTER_BUILD_ID: 'e2e-rebuilt-header',
        HEADER_FOOTER_OUT_DIR: dist,
      },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    await page.locator('.site-header[data-build-id="e2e-rebuilt-header"]').waitFor();
    await page.locator('.site-footer[data-build-id="e2e-rebuilt-header"]').waitFor();
    await page.close();
  });

  it('falls back to the built-in header and footer when the remote fails', async () => {
    const entry = path.join(dist, 'remoteEntry.js');
    await rename(entry, `${entry}.away`);
    try {
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto(`${siteUrl}/`);
      await page.waitForFunction(() => document.readyState === 'complete');
      await expect.poll(() => warnings.some((text) => text.includes('built-in header'))).toBe(true);
      expect(await page.locator('.site-header').getAttribute('data-source')).toBe('built-in');
      // The page keeps working: its menus and its content are all there.
      await page.locator('[data-testid="currency-menu"] .menu-button').click();
      expect(await page.locator('[data-testid="usdt-rates"] tbody tr').count()).toBe(17);
      await page.close();
    } finally {
      await rename(`${entry}.away`, entry);
    }
  });

  it('falls back within the time limit when the header-footer server stops answering', async () => {
    process.kill(headerFooterPid, 'SIGSTOP');
    try {
      const page = await context.newPage();
      await page.goto(`${siteUrl}/`, { waitUntil: 'domcontentloaded' });
      const warning = await page.waitForEvent('console', {
        predicate: (message) => message.text().includes('did not answer within'),
        timeout: 15_000,
      });
      expect(warning.type()).toBe('warning');
      expect(await page.locator('.site-header').getAttribute('data-source')).toBe('built-in');
      await page.getByTestId('theme-toggle').click();
      expect(await page.evaluate(() => document.documentElement.className)).toBe('theme-black');
      await page.close();
    } finally {
      process.kill(headerFooterPid, 'SIGCONT');
    }
  });
});
