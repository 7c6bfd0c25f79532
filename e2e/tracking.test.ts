import { ApiPath } from '@exchange-web/protocol/paths';
import {
  LocalStorageKey,
  NativeBridgeName,
  TRACKING_MAX_EVENT_BYTES,
  TrackingId,
  webVitalsThresholds,
} from '@exchange-web/protocol/registry';
import { ImagePath } from '@exchange-web/protocol/images';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor } from './support/accounts';
import { launchIsolatedBrowser, PROCESS_PER_TAB_ARGS } from './support/browser';
import {
  clickNumbers,
  deviceIdOf,
  operatorContext,
  range,
  setTabVisibility,
  storedEvents,
  visitorIdOf,
  waitForStoredEvents,
  type EventOwner,
  type StoredEvent,
} from './support/tracking';

// Behaviour tracking end to end (issue 7): the tracker in the real site, the real gateway storing
// what it receives, read back through the operators' events call. Each scenario uses a new visitor
// (its own storage, so its own visitor id; the device fingerprint is the machine's, shared by all)
// and clicks buttons declared with data-tracking-id, each click carrying its own number so a lost
// or doubled event shows.

const siteUrl = inject('siteUrl');
const UPLOAD = `**${ApiPath.buriedLogInfo}`;
let browser: Browser;
let operator: BrowserContext;

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  operator = await operatorContext(browser, siteUrl);
});

afterAll(async () => {
  await setUploadSwitch(true);
  await browser.close();
});

async function setUploadSwitch(on: boolean): Promise<void> {
  const response = await operator.request.post(`${siteUrl}${ApiPath.trackingUploadSwitch}`, {
    data: { on },
  });
  expect(((await response.json()) as { code: string }).code).toBe('00000');
}

/** A visitor on the home page whose tracker has started (its fingerprint exists). */
async function trackedVisitor(
  setup?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; deviceId: string; visitorId: string }> {
  const { context, page } = await newVisitor(browser, siteUrl);
  await setup?.(context);
  await page.goto(siteUrl);
  return { context, page, deviceId: await deviceIdOf(page), visitorId: await visitorIdOf(page) };
}

/**
 * Clicks `count` buttons declared with tracking id `id`, numbered from `from`; `padBytes` makes each
 * event that much larger. The clicks come in one task, as a burst of real clicks would.
 */
async function clickTracked(
  page: Page,
  id: string,
  from: number,
  count: number,
  padBytes = 0,
): Promise<void> {
  await page.evaluate(
    ({ id: trackingId, from: first, count: total, padBytes: pad }) => {
      for (let n = first; n < first + total; n += 1) {
        const button = document.createElement('button');
        button.dataset.trackingId = trackingId;
        button.dataset.trackingExt = JSON.stringify(pad > 0 ? { n, pad: 'x'.repeat(pad) } : { n });
        document.body.append(button);
        button.click();
        button.remove();
      }
    },
    { id, from, count, padBytes },
  );
}

/** Holds every fetch upload of a page unanswered (in flight) until released; beacons pass. */
async function holdUploads(page: Page) {
  const held: Route[] = [];
  await page.route(UPLOAD, async (route) => {
    // Beacons (text/plain) go through routes too in this Chromium: only fetch uploads are held.
    if ((route.request().headers()['content-type'] ?? '').startsWith('text/plain')) {
      await route.continue();
      return;
    }
    held.push(route);
  });
  return {
    held,
    async release() {
      await page.unroute(UPLOAD);
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/** Waits until the owner's clicks with `id` are exactly 0 .. count - 1, each once. */
const waitForClicks = (owner: EventOwner, id: string, count: number, timeoutMs?: number) =>
  waitForStoredEvents(
    operator,
    siteUrl,
    owner,
    (events) => clickNumbers(events, id).length >= count,
    timeoutMs,
  ).then((events) => {
    expect(clickNumbers(events, id)).toEqual(range(count));
    return events;
  });

/** The mirrored queue of every tab in a page's local storage: event ids by key. */
const mirroredIds = (page: Page) =>
  page.evaluate((prefix) => {
    const ids: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (!key.startsWith(prefix)) continue;
      const mirror = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        events?: { event_id: string; event_tracking_id: string }[];
      };
      for (const event of mirror.events ?? []) ids.push(event.event_tracking_id);
    }
    return ids;
  }, `${LocalStorageKey.trackingQueue}:`);

describe('tracking in the browser: what a page reports', () => {
  it('stores the page view, declared clicks and the page leave with every base field', async () => {
    const { context, page, deviceId, visitorId } = await trackedVisitor();
    await clickTracked(page, 'b901', 0, 3);
    const events = await waitForClicks({ visitorId }, 'b901', 3);
    const show = events.find((event) => event.type === 1 && event.page_status === 'show');
    expect(show).toMatchObject({
      event_tracking_id: '/',
      track_type: 'auto',
      app_id: 'exchange_web_01',
      app_name: 'exchange_web',
      lib_version: '1.1.45',
      platform: 3,
      sys: 'Web',
      // From the browser's client hints: Debian's Chromium names no other brand than Chromium.
      browser: 'Chromium',
      log_env: 'online',
      first_day: true,
      device_id: deviceId,
    });
    expect(show?.url).toBe(`${siteUrl}/`);
    expect(show?.visitor_id).toBe(visitorId);
    expect(visitorId).toMatch(/^w-\d{9}-\d+-\d{9}$/);
    expect(String(show?.session_id)).toMatch(new RegExp(`^${deviceId}-\\d+-\\d+$`));
    const click = events.find((event) => event.event_tracking_id === 'b901');
    expect(click).toMatchObject({
      type: 2,
      track_type: 'auto',
      page_unique_id: show?.page_unique_id,
    });
    // The request layer sends the tracker's fingerprint as deviceId once it exists. (The home page
    // asks nothing through it: its rates came with the page; the spot page asks for coin icons.)
    const request = page.waitForRequest((sent) => sent.url().includes(ImagePath.coinIcons));
    await page.goto(`${siteUrl}/spot/BTCUSDT`);
    expect((await request).headers()['deviceid']).toBe(deviceId);
    await context.close();
  });

  it("reports the header's choices and links with their ids and exts (README table)", async () => {
    const { context, page, visitorId } = await trackedVisitor();
    // The remote header arrives once the page has hydrated and gone idle: its menus answer.
    await page.locator('.site-header[data-source="remote"]').waitFor();
    await page.locator('[data-testid="currency-menu"] .menu-button').click();
    await page.locator('[data-testid="currency-menu"] [data-value="EUR"]').click();
    await page.getByTestId('theme-toggle').click();
    await page.locator('html.theme-black').waitFor();
    await page.locator('[data-testid="language-menu"] .menu-button').click();
    await page.locator('[data-testid="language-menu"] [data-value="ja"]').click();
    await page.waitForURL(`${siteUrl}/ja`);
    await page.locator('.site-header .site-nav a[href="/ja/spot/BTCUSDT"]').click();
    await page.waitForURL(`${siteUrl}/ja/spot/BTCUSDT`);
    await page.locator('.site-header[data-source="remote"]').waitFor();
    await page.getByTestId('simulation-switch').click();
    await page.locator('[data-testid="simulation-switch"][aria-checked="true"]').waitFor();

    const ids = [
      TrackingId.currencyChange,
      TrackingId.themeChange,
      TrackingId.languageChange,
      TrackingId.headerNav,
      TrackingId.simulationChange,
    ];
    const events = await waitForStoredEvents(operator, siteUrl, { visitorId }, (stored) =>
      ids.every((id) => stored.some((event) => event.event_tracking_id === id)),
    );
    const extOf = (id: string) =>
      events.find((event) => event.event_tracking_id === id)?.event_tracking_ext;
    for (const id of ids) {
      expect(events.find((event) => event.event_tracking_id === id)?.type).toBe(2);
    }
    expect(extOf(TrackingId.currencyChange)).toEqual({ from: 'USD', to: 'EUR' });
    expect(extOf(TrackingId.themeChange)).toEqual({ to: 'black' });
    expect(extOf(TrackingId.languageChange)).toEqual({ from: 'en', to: 'ja' });
    expect(extOf(TrackingId.headerNav)).toEqual({ to: '/spot/BTCUSDT' });
    expect(extOf(TrackingId.simulationChange)).toEqual({ on: true });
    await context.close();
  });

  it("sends the test environment's routing headers: pfb and beta on calls, pfb on uploads", async () => {
    const { context, page } = await trackedVisitor();
    const upload = page.waitForRequest(
      (request) => request.url().endsWith(ApiPath.buriedLogInfo) && request.method() === 'POST',
    );
    const call = page.waitForRequest((request) => request.url().includes(ImagePath.coinIcons));
    // The spot page's coin icons are a call of the page's request client.
    await page.goto(`${siteUrl}/spot/BTCUSDT`);
    await clickTracked(page, 'b902', 0, 1);
    // SITE_PFB and SITE_BETA of the e2e stack (global-setup.ts).
    expect((await call).headers()).toMatchObject({ pfb: 'e2e-route', beta: 'e2e-beta' });
    const uploadHeaders = (await upload).headers();
    expect(uploadHeaders.pfb).toBe('e2e-route');
    expect(uploadHeaders.beta).toBeUndefined();
    await context.close();
  });

  it('reports history changes as leave and show, labels inscription pages, nothing for the same URL', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    await page.evaluate(() => history.pushState({}, '', '/inscription/brc-20/ordi'));
    await page.evaluate(() => history.replaceState({}, '', '/inscription/brc-20/ordi'));
    await page.evaluate(() => history.pushState({}, '', '/inscription/brc-20/hot'));
    const events = await waitForStoredEvents(operator, siteUrl, { visitorId }, (stored) =>
      stored.some((event) => event.event_tracking_id === TrackingId.brc20List),
    );
    // In the order the tab made them (a leave and the next show share a millisecond).
    const pages = events
      .filter((event) => event.type === 1)
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((event) => [event.page_status, new URL(event.url).pathname, event.event_tracking_id]);
    expect(pages).toEqual([
      ['show', '/', '/'],
      ['hide', '/', '/'],
      ['show', '/inscription/brc-20/ordi', TrackingId.brc20Token],
      ['hide', '/inscription/brc-20/ordi', TrackingId.brc20Token],
      ['show', '/inscription/brc-20/hot', TrackingId.brc20List],
    ]);
    const token = events.find((event) => event.event_tracking_id === TrackingId.brc20Token);
    expect(token?.event_tracking_ext).toEqual({ coin_name: 'ordi' });
    const hot = events.find((event) => event.event_tracking_id === TrackingId.brc20List);
    expect(hot?.event_tracking_ext).toEqual({ tab: 'hot' });
    await context.close();
  });

  it('reports web vitals as b8972, rated by our thresholds, before the hidden page is flushed', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    // An interaction for INP, then the page goes to the background: the metrics report on hide.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.waitForTimeout(300);
    await setTabVisibility(page, 'hidden');
    const events = await waitForStoredEvents(operator, siteUrl, { visitorId }, (stored) => {
      const names = stored
        .filter((event) => event.event_tracking_id === TrackingId.pagePerformance)
        .map((event) => (event.event_tracking_ext as { name: string }).name);
      return ['FCP', 'TTFB', 'LCP', 'CLS'].every((name) => names.includes(name));
    });
    for (const event of events.filter(
      (stored) => stored.event_tracking_id === TrackingId.pagePerformance,
    )) {
      const ext = event.event_tracking_ext as {
        name: keyof typeof webVitalsThresholds;
        value: number;
        rating: string;
      };
      const { good, poor } = webVitalsThresholds[ext.name];
      const expected = ext.value <= good ? 'good' : ext.value > poor ? 'poor' : 'needs-improvement';
      expect(ext.rating, ext.name).toBe(expected);
      expect(event.type).toBe(9);
    }
    await context.close();
  });

  it('gives two tabs that start together one fingerprint and one terminal code', async () => {
    const { context } = await newVisitor(browser, siteUrl);
    const [first, second] = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all([first!.goto(siteUrl), second!.goto(siteUrl)]);
    const [firstId, secondId] = await Promise.all([deviceIdOf(first!), deviceIdOf(second!)]);
    expect(firstId).toBe(secondId);
    const terminalCodes = await Promise.all(
      [first!, second!].map((page) =>
        page.evaluate((key) => localStorage.getItem(key), LocalStorageKey.terminalCode),
      ),
    );
    expect(terminalCodes[0]).toBeTruthy();
    expect(terminalCodes[0]).toBe(terminalCodes[1]);
    // Both tabs' page views are stored under that one device and one visitor.
    const visitorId = await visitorIdOf(first!);
    const events = await waitForStoredEvents(
      operator,
      siteUrl,
      { visitorId },
      (stored) => stored.filter((event) => event.page_status === 'show').length >= 2,
    );
    expect(new Set(events.map((event) => event.device_id))).toEqual(new Set([firstId]));
    await context.close();
  });

  it('inside the native app sends events one by one through the bridge, never over HTTP', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await context.addInitScript((bridgeName) => {
      const received: unknown[] = [];
      Object.assign(window, {
        bridgedEvents: received,
        [bridgeName]: { postEvent: (json: string) => received.push(JSON.parse(json)) },
      });
    }, NativeBridgeName.androidObject);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ApiPath.buriedLogInfo)) uploads.push(request.url());
    });
    await page.goto(siteUrl);
    await page.waitForFunction(
      () => (window as unknown as { bridgedEvents: unknown[] }).bridgedEvents.length >= 1,
    );
    await clickTracked(page, 'b902', 0, 2);
    await page.waitForFunction(
      () =>
        (
          window as unknown as { bridgedEvents: { event_tracking_id: string }[] }
        ).bridgedEvents.filter((event) => event.event_tracking_id === 'b902').length >= 2,
    );
    const bridged = (await page.evaluate(
      () => (window as unknown as { bridgedEvents: StoredEvent[] }).bridgedEvents,
    )) as StoredEvent[];
    // Web vitals may go through the bridge too; the page view and the clicks, in order, do.
    expect(
      bridged
        .map((event) => event.event_tracking_id)
        .filter((id) => id !== TrackingId.pagePerformance),
    ).toEqual(['/', 'b902', 'b902']);
    expect(bridged[0]).toMatchObject({ sys: 'AppH5', platform: 5 });
    await page.waitForTimeout(1200);
    expect(uploads).toEqual([]);
    await context.close();
  });
});

describe('tracking in the browser: nothing lost, nothing stored twice', () => {
  it('page hidden mid-queue: the beacon carries the queue, the later resend stores nothing twice', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    const uploads = await holdUploads(page);
    await clickTracked(page, 'b911', 0, 20);
    await setTabVisibility(page, 'hidden');
    const events = await waitForClicks({ visitorId }, 'b911', 20);
    expect(events.some((event) => event.page_status === 'hide')).toBe(true);
    // Visible again: the loop resends what the beacon carried (same ids) and the gateway keeps one.
    await uploads.release();
    await setTabVisibility(page, 'visible');
    await expect.poll(() => mirroredIds(page), { timeout: 10_000 }).toEqual([]);
    expect(clickNumbers(await storedEvents(operator, siteUrl, { visitorId }), 'b911')).toEqual(
      range(20),
    );
    await context.close();
  });

  it('page closed mid-queue: the unload beacon delivers it', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    const uploads = await holdUploads(page);
    await clickTracked(page, 'b912', 0, 15);
    // One upload is held, so the tracker sends no other (one at a time) and the queue waits.
    await expect.poll(() => uploads.held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The route goes before the close: an unload beacon paused by a route of a page being closed
    // can be dropped before the test lets it go on, which would lose it in the harness, not the site.
    await page.unroute(UPLOAD);
    await page.close({ runBeforeUnload: true });
    await waitForClicks({ visitorId }, 'b912', 15);
    await context.close();
  });

  it('an upload in flight when the page navigates away is delivered once', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    const uploads = await holdUploads(page);
    await clickTracked(page, 'b913', 0, 10);
    await expect.poll(() => uploads.held.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.unroute(UPLOAD);
    await page.goto(`${siteUrl}/login`);
    await waitForClicks({ visitorId }, 'b913', 10);
    // The next page adopted what the old one left mirrored and resent it: still once each.
    await expect.poll(() => mirroredIds(page), { timeout: 10_000 }).not.toContain('b913');
    expect(clickNumbers(await storedEvents(operator, siteUrl, { visitorId }), 'b913')).toEqual(
      range(10),
    );
    await context.close();
  });

  it('a batch too big for one beacon: what the browser refuses is sent by the next page', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    await holdUploads(page);
    // 12 events of about 10 KB: more than the 64 KiB a page may have in flight as beacons.
    await clickTracked(page, 'b914', 0, 12, 10_000);
    await page.unroute(UPLOAD);
    await page.reload();
    await waitForClicks({ visitorId }, 'b914', 12);
    await context.close();
  });

  it('a refused beacon loses nothing: the events wait for the next page', async () => {
    const { context, page, visitorId } = await trackedVisitor(async (visitor) => {
      await visitor.addInitScript(() => {
        Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
      });
    });
    await holdUploads(page);
    await clickTracked(page, 'b915', 0, 8);
    await page.unroute(UPLOAD);
    await page.goto(`${siteUrl}/register`);
    await waitForClicks({ visitorId }, 'b915', 8);
    await context.close();
  });

  it('two tabs share storage and one is killed: the other uploads its events', async () => {
    // Its own Chromium, whose tabs have a renderer each: the kill must spare the other tab.
    const separate = await launchIsolatedBrowser(PROCESS_PER_TAB_ARGS);
    try {
      const { context, page: doomed } = await newVisitor(separate, siteUrl);
      await doomed.goto(siteUrl);
      const visitorId = await visitorIdOf(doomed);
      const survivor = await context.newPage();
      await survivor.goto(siteUrl);
      await holdUploads(doomed);
      await clickTracked(doomed, 'b916', 0, 10);
      await expect
        .poll(() => mirroredIds(doomed).then((ids) => ids.filter((id) => id === 'b916').length))
        .toBe(10);
      // The renderer dies: no unload handler, no beacon; only the mirror is left. (The crash
      // command never answers, so it is not awaited.)
      const crashed = new Promise((resolve) => doomed.once('crash', resolve));
      void (await context.newCDPSession(doomed)).send('Page.crash').catch(() => undefined);
      await crashed;
      expect(await survivor.evaluate(() => document.visibilityState)).toBe('visible');
      await waitForClicks({ visitorId }, 'b916', 10, 40_000);
    } finally {
      await separate.close();
    }
  }, 90_000);

  it('local storage throwing on every write: events are uploaded from memory', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    const upload = page.waitForRequest(
      (request) =>
        request.url().includes(ApiPath.buriedLogInfo) &&
        (request.postData() ?? '').includes('"device_id"'),
    );
    await page.goto(siteUrl);
    const [first] = JSON.parse((await upload).postData() ?? '[]') as StoredEvent[];
    // Nothing could be stored, so no visitor id: this page's events are the device's of its session.
    const owner = { deviceId: String(first?.device_id) };
    const session = first?.session_id;
    expect(owner.deviceId).not.toBe('');
    await clickTracked(page, 'b917', 0, 6);
    const events = await waitForStoredEvents(operator, siteUrl, owner, (stored) =>
      stored.some((event) => event.session_id === session && event.event_tracking_id === 'b917'),
    );
    await expect
      .poll(async () =>
        clickNumbers(
          (await storedEvents(operator, siteUrl, owner)).filter(
            (event) => event.session_id === session,
          ),
          'b917',
        ),
      )
      .toEqual(range(6));
    expect(events.every((event) => event.device_id === owner.deviceId)).toBe(true);
    await context.close();
  });

  it('one huge event is delivered with the others; one over the limit is dropped with a warning', async () => {
    const warnings: string[] = [];
    const { context, page, visitorId } = await trackedVisitor();
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await clickTracked(page, 'b918', 0, 2);
    await clickTracked(page, 'b918', 2, 1, TRACKING_MAX_EVENT_BYTES - 2500);
    await clickTracked(page, 'b919', 0, 1, TRACKING_MAX_EVENT_BYTES + 10);
    await clickTracked(page, 'b918', 3, 2);
    await waitForClicks({ visitorId }, 'b918', 5);
    expect(warnings.some((text) => text.includes('b919'))).toBe(true);
    expect(clickNumbers(await storedEvents(operator, siteUrl, { visitorId }), 'b919')).toEqual([]);
    await context.close();
  });

  it('uploads failing with 5xx are retried with the same ids and stored once', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    let failures = 0;
    await page.route(UPLOAD, async (route) => {
      if (failures < 2) {
        failures += 1;
        await route.fulfill({ status: 503, body: 'unavailable' });
      } else {
        await route.continue();
      }
    });
    await clickTracked(page, 'b920', 0, 7);
    const events = await waitForClicks({ visitorId }, 'b920', 7);
    expect(failures).toBe(2);
    expect(
      events
        .filter((event) => event.event_tracking_id === 'b920')
        .some((event) => (event.retry_count ?? 0) > 0),
    ).toBe(true);
    await context.close();
  });

  it('offline, then back: the queue waits and is delivered', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    await context.setOffline(true);
    await clickTracked(page, 'b921', 0, 9);
    await page.waitForTimeout(1500);
    expect(clickNumbers(await storedEvents(operator, siteUrl, { visitorId }), 'b921')).toEqual([]);
    await context.setOffline(false);
    await waitForClicks({ visitorId }, 'b921', 9);
    await context.close();
  });

  it('the gateway answers 403 while uploading is off: the queue is kept and sent once it is on', async () => {
    const { context, page, visitorId } = await trackedVisitor();
    const refusals: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes(ApiPath.buriedLogInfo)) refusals.push(response.status());
    });
    await setUploadSwitch(false);
    try {
      // The tracker read the switch as on at start: its next upload meets the gateway's 403.
      await clickTracked(page, 'b922', 0, 5);
      await expect.poll(() => refusals.includes(403), { timeout: 10_000 }).toBe(true);
      expect(clickNumbers(await storedEvents(operator, siteUrl, { visitorId }), 'b922')).toEqual(
        [],
      );
    } finally {
      await setUploadSwitch(true);
    }
    // After the 10 s silence the config is read again, uploading is on, and the queue goes out.
    await waitForClicks({ visitorId }, 'b922', 5, 40_000);
    await context.close();
  }, 90_000);
});
