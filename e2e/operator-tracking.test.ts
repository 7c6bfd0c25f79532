import { ApiPath } from '@exchange-web/protocol/paths';
import { TrackingEventType, TrackingId } from '@exchange-web/protocol/registry';
import { clientCommonConfigReplySchema, type TrackingEvent } from '@exchange-web/protocol/schemas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVisitor, registerByEmail, uniqueEmail } from './support/accounts';
import { launchIsolatedBrowser } from './support/browser';
import { operatorContext } from './support/tracking';

const siteUrl = inject('siteUrl');
const PAGE = '/operator/tracking';
// One run's events: their ids and page path are its own, even on a reused database.
const runId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const runPath = `/e2e-operator-${runId}`;

let browser: Browser;
let operator: BrowserContext | undefined;

interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

/** Turns event uploading on or off through the gateway, as the operator. */
async function setUploadSwitch(context: BrowserContext, on: boolean): Promise<void> {
  const response = await context.request.post(`${siteUrl}${ApiPath.trackingUploadSwitch}`, {
    data: { on },
  });
  const envelope = (await response.json()) as Envelope<{ on: boolean }>;
  if (envelope.code !== '00000') throw new Error(`uploadSwitch: ${envelope.code} ${envelope.msg}`);
}

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
});
afterAll(async () => {
  try {
    // Other e2e files share the stack: uploading is on again whatever happened here.
    if (operator) await setUploadSwitch(operator, true);
  } finally {
    await browser.close();
  }
});

/** An event of this run, valid against trackingEventSchema. */
const runEvent = (suffix: string, fields: Partial<TrackingEvent> = {}): TrackingEvent => ({
  event_id: `e2e-operator-${runId}-${suffix}`,
  type: TrackingEventType.click,
  event_tracking_id: 'b123',
  url: `${siteUrl}${runPath}`,
  track_type: 'manual',
  timestamp: Date.now(),
  device_id: `e2e-operator-device-${runId}`,
  session_id: `e2e-operator-session-${runId}`,
  ...fields,
});

/** Posts a batch of events to the gateway through the site origin, as a tracker does. */
const postEvents = (context: BrowserContext, events: TrackingEvent[]) =>
  context.request.post(`${siteUrl}${ApiPath.buriedLogInfo}`, { data: events });

/** The number a data attribute of the page holds (the total, a metric's samples). */
const numberAt = async (page: Page, testId: string, attribute: string): Promise<number> =>
  Number((await page.getByTestId(testId).getAttribute(attribute)) ?? Number.NaN);

/** The chart named `name`: a drawn chart with that accessible name. */
const chart = (page: Page, name: RegExp) =>
  page.locator('[data-chart]').and(page.getByRole('img', { name }));

describe('the operators’ tracking page', () => {
  it('sends an anonymous visitor to the login page, which brings them back', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await page.goto(`${siteUrl}${PAGE}`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe(PAGE);
    await context.close();
  });

  it('tells a signed-in trader who is not an operator that the page is for operators', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    await registerByEmail(page, siteUrl, uniqueEmail('e2e-op'), 'Trader-2026-e2e');
    await page.goto(`${siteUrl}${PAGE}`);
    const notice = page.getByTestId('operators-only');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This page is for operators only.');
    expect(await page.locator('[data-chart]').count()).toBe(0);
    await context.close();
  });

  it('shows the operator the charts, totals and latest events, and counts new events', async () => {
    operator = await operatorContext(browser, siteUrl);
    const page = await operator.newPage();
    await page.goto(`${siteUrl}${PAGE}`);

    // A drawing per chart, each with its accessible name; the chart library loads on demand.
    const byType = chart(page, /^Events per type\./);
    await byType.waitFor();
    await chart(page, /^Events per page\./).waitFor();
    for (const name of ['FCP', 'LCP', 'CLS', 'INP', 'TTFB'])
      await chart(page, new RegExp(`^${name}: `)).waitFor();
    expect(await page.locator('[data-chart] svg').count()).toBe(7);
    await page.getByTestId('vital-samples-LCP').waitFor();
    const totalBefore = await numberAt(page, 'tracking-total', 'data-total');
    const lcpBefore = await numberAt(page, 'vital-samples-LCP', 'data-samples');
    expect(totalBefore).toBeGreaterThanOrEqual(0);
    expect(await page.getByTestId('tracking-total').textContent()).toMatch(/\d/);

    const response = await postEvents(operator, [
      runEvent('click'),
      runEvent('lcp', {
        type: TrackingEventType.system,
        event_tracking_id: TrackingId.pagePerformance,
        event_tracking_ext: { name: 'LCP', value: 1234, rating: 'good', id: 'v-e2e-1' },
      }),
    ]);
    const envelope = (await response.json()) as Envelope<{ accepted: number }>;
    expect(envelope.code).toBe('00000');
    expect(envelope.data.accepted).toBe(2);

    await page.getByTestId('tracking-refresh').click();
    const latest = page.getByTestId('latest-events');
    await latest.getByText(runPath, { exact: true }).first().waitFor();
    await expect
      .poll(() => numberAt(page, 'tracking-total', 'data-total'))
      .toBeGreaterThanOrEqual(totalBefore + 2);
    await expect
      .poll(() => numberAt(page, 'vital-samples-LCP', 'data-samples'))
      .toBeGreaterThanOrEqual(lcpBefore + 1);
    // The click is drawn: a bar of the click series, which names its count on hover.
    await expect
      .poll(() => byType.locator('.ct-bar title').allTextContents())
      .toContainEqual(expect.stringMatching(/, Click: [1-9]/));
    // The new page is among the busiest pages or counted with the others, by type as a click.
    expect(await latest.getByText('b123').count()).toBeGreaterThan(0);
    // A reported page opens in a new window; a script URL a tracker sent is no link at all.
    const opened = latest.locator(`a[data-page="${runPath}"]`).first();
    expect(await opened.getAttribute('href')).toBe(runPath);
    expect(await opened.getAttribute('target')).toBe('_blank');
    await postEvents(operator, [runEvent('script', { url: 'javascript:alert(document.domain)' })]);
    await page.getByTestId('tracking-refresh').click();
    const scripted = latest.locator('a[data-page="alert(document.domain)"]').first();
    await scripted.waitFor();
    expect(await scripted.getAttribute('href')).toBeNull();
    await page.close();
  });

  it('turns event uploading off and on again with the switch', async () => {
    operator ??= await operatorContext(browser, siteUrl);
    const context = operator;
    const page = await context.newPage();
    const config = async () => {
      const reply = await context.request.get(`${siteUrl}${ApiPath.clientCommonConfig}`);
      const { data } = (await reply.json()) as Envelope;
      return clientCommonConfigReplySchema.parse(data).clientCommonConfig.eventLogUploadSwitch;
    };
    try {
      await page.goto(`${siteUrl}${PAGE}`);
      const toggle = page.getByRole('switch', { name: 'Event uploading' });
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      expect(await config()).toBe(false);
      const refused = await postEvents(context, [runEvent('while-off')]);
      expect(refused.status()).toBe(403);

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      expect(await config()).toBe(true);
      const accepted = await postEvents(context, [runEvent('after-on')]);
      expect(accepted.status()).toBe(200);
    } finally {
      await setUploadSwitch(context, true);
      await page.close();
    }
  });
});
