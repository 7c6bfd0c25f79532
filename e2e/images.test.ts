import {
  IMAGE_PROBE_PATH,
  IMAGE_PROBE_QUERY_PARAM,
  ImagePath,
} from '@exchange-web/protocol/images';
import { ApiPath } from '@exchange-web/protocol/paths';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/lib.mjs';
import { SLOW_IMAGE_DELAY_MS, startStack, type Stack } from '../scripts/stack.mjs';
import { newVisitor } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';

// Image-domain selection (SPEC 3, 4, 8) in real Chromium against real stacks: the gateway serves
// the images on its fast and slow extra listeners, nothing listens on the dead one (scripts/stack.mjs).
// Each case needs its own domain lists, so this file starts its own stacks.

const COIN_ICON = /^\/images\/coins\/[a-z0-9]+\.svg$/;
const BTC_ICON = '/images/coins/btc.svg';
let browser: Browser;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A stack of its own on free ports and a fresh database; `stop()` removes the database too. */
async function ownStack(
  env: Record<string, string> = {},
  imagePorts: { fast?: number } = {},
): Promise<Stack & { site: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-images-'));
  const stack = await startStack({
    port: await freePort(),
    gatewayPort: await freePort(),
    headerFooterPort: await freePort(),
    dataDir,
    quiet: true,
    env,
    imagePorts,
  });
  return {
    ...stack,
    site: stack.url.replace('localhost', '127.0.0.1'),
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface SeenImage {
  origin: string;
  path: string;
  query: string;
  failed: boolean;
}

/** Every image request of a page (probes and icons), with whether it failed. */
function watchImages(page: Page): SeenImage[] {
  const seen: SeenImage[] = [];
  const entries = new Map<unknown, SeenImage>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/images/')) return;
    const entry = { origin: url.origin, path: url.pathname, query: url.search, failed: false };
    entries.set(request, entry);
    seen.push(entry);
  });
  page.on('requestfailed', (request) => {
    const entry = entries.get(request);
    if (entry) entry.failed = true;
  });
  return seen;
}

const probes = (seen: SeenImage[]) => seen.filter((entry) => entry.path === IMAGE_PROBE_PATH);
const iconLoads = (seen: SeenImage[], iconPath: string) =>
  seen.filter((entry) => entry.path === iconPath);

const storedDomain = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), LocalStorageKey.fastestImageDomain);

/** The BTC icon of the pairs list once loaded: where it came from and what the client returned. */
async function loadedBtcIcon(page: Page) {
  const icon = page.locator('img[data-coin-icon="BTC"]');
  await icon.waitFor({ timeout: 15_000 });
  await expect
    .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  return {
    src: await icon.evaluate((img: HTMLImageElement) => img.currentSrc),
    /** The coin icons reply's URL as the request client resolved it. */
    clientUrl: await icon.getAttribute('data-icon-url'),
  };
}

describe('three candidate domains (dead, slow, fast), JSON rewriting on (the default)', () => {
  let stack: Stack & { site: string };
  beforeAll(async () => {
    stack = await ownStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('probes all at once; the fast one wins, is stored, and the coin icons come from it', async () => {
    const { fast, slow, dead } = stack.imageOrigins;
    const { context, page } = await newVisitor(browser, stack.site);
    const seen = watchImages(page);
    const iconsReply = page.waitForResponse(
      (response) => new URL(response.url()).pathname === ImagePath.coinIcons,
    );
    await page.goto(`${stack.site}/spot/BTCUSDT`);
    await expect.poll(() => storedDomain(page), { timeout: 15_000 }).toBe(fast);
    const probed = probes(seen);
    expect(probed.map((entry) => entry.origin).sort()).toEqual([dead, fast, slow].sort());
    // A random cache-busting value each.
    const values = probed.map((entry) =>
      new URLSearchParams(entry.query).get(IMAGE_PROBE_QUERY_PARAM),
    );
    expect(new Set(values).size).toBe(3);
    expect(values.every((value) => value !== null && value.length > 0)).toBe(true);

    const icon = await loadedBtcIcon(page);
    expect(icon.src).toBe(`${fast}${BTC_ICON}`);
    // JSON rewriting on: the gateway sends paths on the default host...
    const wire = (await (await iconsReply).json()) as { data: { icons: { url: string }[] } };
    expect(wire.data.icons.length).toBeGreaterThan(0);
    expect(wire.data.icons.every((entry) => COIN_ICON.test(entry.url))).toBe(true);
    // ...and the page's request client hands them over already on the chosen domain.
    expect(icon.clientUrl).toBe(`${fast}${BTC_ICON}`);
    // Every icon loaded once, from the fast origin.
    const icons = seen.filter((entry) => COIN_ICON.test(entry.path));
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.every((entry) => entry.origin === fast && !entry.failed)).toBe(true);
    expect(new Set(icons.map((entry) => entry.path)).size).toBe(icons.length);
    await context.close();
  });

  it('when the fast one dies after winning, each image falls back once to another origin, no loop', async () => {
    const { fast } = stack.imageOrigins;
    const { context, page } = await newVisitor(browser, stack.site);
    // The fast origin answers its probe, then dies for everything else.
    await page.route(
      (url) => url.origin === fast && url.pathname !== IMAGE_PROBE_PATH,
      (route) => route.abort('connectionrefused'),
    );
    const seen = watchImages(page);
    await page.goto(`${stack.site}/spot/BTCUSDT`);
    await expect.poll(() => storedDomain(page), { timeout: 15_000 }).toBe(fast);
    const icon = await loadedBtcIcon(page);
    expect(new URL(icon.src).origin).not.toBe(fast);
    // Past the slow origin's answer, so a late probe result could not start a second retry.
    await page.waitForTimeout(SLOW_IMAGE_DELAY_MS + 1000);
    const btc = iconLoads(seen, BTC_ICON);
    expect(btc.map((entry) => [entry.origin === fast, entry.failed])).toEqual([
      [true, true],
      [false, false],
    ]);
    // The same for every icon: one failed load on the dead origin, one good load elsewhere.
    const paths = new Set(seen.filter((entry) => COIN_ICON.test(entry.path)).map((e) => e.path));
    for (const iconPath of paths) expect(iconLoads(seen, iconPath)).toHaveLength(2);
    await context.close();
  });

  it('when the stored one is dead on the next visit, the probe replaces it and no image goes there', async () => {
    const { fast, slow } = stack.imageOrigins;
    const { context, page } = await newVisitor(browser, stack.site);
    await page.goto(`${stack.site}/spot/BTCUSDT`);
    await expect.poll(() => storedDomain(page), { timeout: 15_000 }).toBe(fast);
    // This page's own loads are done before the fast origin dies.
    expect((await loadedBtcIcon(page)).src).toBe(`${fast}${BTC_ICON}`);
    await context.route(
      (url) => url.origin === fast,
      (route) => route.abort('connectionrefused'),
    );
    const seen = watchImages(page);
    await page.reload();
    await expect
      .poll(() => storedDomain(page), { timeout: SLOW_IMAGE_DELAY_MS + 10_000 })
      .toBe(slow);
    const icon = await loadedBtcIcon(page);
    expect(icon.src).toBe(`${slow}${BTC_ICON}`);
    const icons = seen.filter((entry) => COIN_ICON.test(entry.path));
    expect(icons.every((entry) => entry.origin === slow && !entry.failed)).toBe(true);
    await context.close();
  });
});

describe('an empty domain list', () => {
  let stack: Stack & { site: string };
  beforeAll(async () => {
    stack = await ownStack({
      GATEWAY_IMAGE_FOREIGN_DOMAINS: '',
      GATEWAY_IMAGE_INTERNAL_DOMAINS: '',
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('shows images from the site itself, without a probe, storing nothing', async () => {
    const { context, page } = await newVisitor(browser, stack.site);
    const seen = watchImages(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === ApiPath.domainConfigList) asked.push(request.url());
    });
    await page.goto(`${stack.site}/spot/BTCUSDT`);
    // The config came with the page (the shell's server-loaded data): the browser never asks.
    const shell = await page.evaluate(
      () => JSON.parse(document.getElementById('__NEXT_DATA__')?.textContent ?? '{}').props.shell,
    );
    expect(shell.serverLoaded.domainConfig).toEqual({
      imgDomainConfig: { foreignDomainList: [], internalDomainList: [] },
    });
    const icon = await loadedBtcIcon(page);
    expect(icon.src).toBe(`${stack.site}${BTC_ICON}`);
    expect(icon.clientUrl).toBe(BTC_ICON);
    expect(probes(seen)).toEqual([]);
    expect(await storedDomain(page)).toBeNull();
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe('a one-domain list, JSON rewriting off', () => {
  let stack: Stack & { site: string };
  let only: string;
  beforeAll(async () => {
    const port = await freePort();
    only = `http://127.0.0.1:${port}`;
    stack = await ownStack(
      {
        GATEWAY_IMAGE_FOREIGN_DOMAINS: only,
        GATEWAY_IMAGE_INTERNAL_DOMAINS: only,
        REPLACE_IMAGE_DOMAIN: '0',
      },
      { fast: port },
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('uses the one domain without a probe; replies keep their paths and Img moves them', async () => {
    const { context, page } = await newVisitor(browser, stack.site);
    const seen = watchImages(page);
    await page.goto(`${stack.site}/spot/BTCUSDT`);
    const icon = await loadedBtcIcon(page);
    expect(icon.src).toBe(`${only}${BTC_ICON}`);
    // JSON rewriting off: the client hands the reply over as the gateway sent it.
    expect(icon.clientUrl).toBe(BTC_ICON);
    expect(probes(seen)).toEqual([]);
    expect(await storedDomain(page)).toBeNull();
    const icons = seen.filter((entry) => COIN_ICON.test(entry.path));
    expect(icons.every((entry) => entry.origin === only && !entry.failed)).toBe(true);
    await context.close();
  });
});
