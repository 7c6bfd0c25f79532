import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { serverHtml } from './support/pages';
import type { Browser } from 'playwright-core';

const siteUrl = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the download page', () => {
  it('is server-rendered with a QR code of its own address, in each language', async () => {
    const english = await serverHtml(`${siteUrl}/download`);
    expect(english.status).toBe(200);
    expect(english.html).toContain(`data-value="${siteUrl}/download"`);
    // The code itself is in the HTML: nothing appears or moves after the script runs.
    expect(english.html).toMatch(/data-testid="download-qr"[^>]*>\s*<svg/);
    const japanese = await serverHtml(`${siteUrl}/ja/download`);
    expect(japanese.html).toContain(`data-value="${siteUrl}/ja/download"`);
    expect(japanese.html).not.toContain('>Get exchange-web on your devices<');
    // SPEC 2 allows it in simulation: no redirect to the spot landing.
    const simulated = await serverHtml(`${siteUrl}/download`, 'simulation-trade=1');
    expect([simulated.status, simulated.redirects]).toEqual([200, []]);
  });

  it('links a web app manifest whose icons exist, so browsers offer to install the site', async () => {
    const { html } = await serverHtml(`${siteUrl}/`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    const manifest = (await (await fetch(`${siteUrl}/manifest.webmanifest`)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const response = await fetch(`${siteUrl}${icon.src}`);
      expect([icon.src, response.status, response.headers.get('content-type')]).toEqual([
        icon.src,
        200,
        icon.type,
      ]);
    }
  });

  it("marks the visitor's kind of device: a computer, for this browser", async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await page.goto(`${siteUrl}/download`);
    await page.locator('[data-testid=install-platform][data-current=true]').waitFor();
    expect(
      await page
        .locator('[data-testid=install-platform][data-current=true]')
        .getAttribute('data-platform'),
    ).toBe('desktop');
    // The same page as a phone sees it.
    const phone = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
    });
    await context.close();
    const onPhone = await phone.newPage();
    await onPhone.goto(`${siteUrl}/download`);
    await onPhone
      .locator('[data-testid=install-platform][data-platform=android][data-current=true]')
      .waitFor();
    await phone.close();
  });
});

describe('the information pages', () => {
  it('keeps its cards still on a phone when the browser offers to install', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/download', '/ar/download']) {
      await page.goto(`${siteUrl}${path}`);
      const status = page.getByTestId('install-status');
      // Hydrated: the effect that marks the device also listens for the browser's offer.
      await page.locator('[data-testid=install-platform][data-current=true]').waitFor();
      const cards = page.getByTestId('install-platform').first();
      const before = await cards.boundingBox();
      // Chromium's offer, as it arrives when the site is installable (unless it came already):
      // the status line empties.
      await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt')));
      await expect.poll(() => status.getAttribute('data-state')).toBe('ready');
      expect(await status.textContent()).toBe('');
      expect(await cards.boundingBox()).toEqual(before);
    }
    await context.close();
  });

  it('each carry their translated title, canonical link and the 23 hreflang alternates', async () => {
    const pages = [
      '/download',
      '/proof-of-reserves',
      '/protection-fund',
      '/fee',
      '/vip/detail',
      '/vip/vipIntroduce',
    ];
    for (const path of pages) {
      const english = await serverHtml(`${siteUrl}${path}`);
      const japanese = await serverHtml(`${siteUrl}/ja${path}`);
      expect([path, english.status, japanese.status]).toEqual([path, 200, 200]);
      expect(japanese.html).toContain(`<link rel="canonical" href="${siteUrl}/ja${path}"`);
      const alternates = [...english.html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/g)];
      expect([path, alternates.length]).toEqual([path, 24]);
      expect(english.html).toContain(`hrefLang="x-default" href="${siteUrl}${path}"`);
      // The title is the page's own, in each language.
      const title = (html: string) => /<title[^>]*>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title(japanese.html)).not.toBe(title(english.html));
    }
  });
});
