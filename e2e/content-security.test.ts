import { ApiPath } from '@exchange-web/protocol/paths';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

describe('content security policy', () => {
  it('sends a strict policy whose nonce every script of the page carries', async () => {
    const response = await fetch(`${siteUrl}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|'strict-dynamic')/);
    expect(policy).toContain("object-src 'none'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    // Our one inline script, the number-format warm-up (apps/web/lib/number-format-warmup), in the
    // head and under the response's nonce like every other.
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    expect(head).toContain(`<script nonce="${nonce}">requestAnimationFrame(`);
    expect(head).toContain('new Intl.NumberFormat(document.documentElement.lang)');
    // A new nonce for every response.
    const again = (await fetch(`${siteUrl}/`)).headers.get('content-security-policy');
    expect(again).not.toBe(policy);
  });

  it('runs the page and the header-footer remote under the policy', async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.goto(`${siteUrl}/`);
    await waitForRemoteHeader(page);
    await page.getByTestId('usdt-in-fiat').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('blocks an injected event handler and reports it', async () => {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    await waitForRemoteHeader(page);
    const report = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === ApiPath.cspSecurity &&
        request.postData()?.includes('script-src-attr') === true,
    );
    // The classic injection: markup with a handler, as a careless innerHTML would insert it.
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/favicon.svg?x" onload="window.injected = true">';
      document.body.append(holder);
    });
    expect((await report).postDataJSON()).toMatchObject({ data: { event: 'script-src-attr' } });
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    await page.close();
  });

  it('blocks an injected inline script and reports it to cspSecurity', async () => {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    await waitForRemoteHeader(page);
    const report = page.waitForRequest(
      (request) => new URL(request.url()).pathname === ApiPath.cspSecurity,
    );
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });
    const sent = await report;
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    expect(sent.postDataJSON()).toMatchObject({
      bizType: 'csp',
      data: { event: 'script-src-elem', reason: expect.stringContaining('inline') },
      page: '/',
    });
    const stored = await sent.response();
    expect(stored?.status()).toBe(200);
    expect((await stored!.json()).code).toBe('00000');
    await page.close();
  });
});
