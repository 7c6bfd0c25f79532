import { ApiPath } from '@exchange-web/protocol/paths';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { trackingEventsReplySchema } from '@exchange-web/protocol/schemas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newVisitor, sendLoginForm } from './accounts';

/** The seeded demo account, an operator in the default stack (README "Behaviour tracking"). */
export const DEMO_OPERATOR = { loginName: 'demo@exchange-web.test', password: 'Demo-Trader-2026' };

/** A stored event as the device events call answers it. */
export type StoredEvent = Record<string, unknown> & {
  event_id: string;
  type: number;
  event_tracking_id: string;
  url: string;
  event_tracking_ext?: unknown;
  page_status?: string;
  retry_count?: number;
};

/**
 * A browser context signed in as the demo operator, through the login page as a person does
 * (passing the challenge and typing the e-mailed code a device it has not seen is asked).
 */
export async function operatorContext(browser: Browser, siteUrl: string): Promise<BrowserContext> {
  const { context, page } = await newVisitor(browser, siteUrl);
  await page.goto(`${siteUrl}/login`);
  await sendLoginForm(page, DEMO_OPERATOR.loginName, DEMO_OPERATOR.password, () =>
    page.waitForURL((url) => url.pathname === '/account'),
  );
  await page.close();
  return context;
}

/** Whose events to read: one visitor (a browser profile), one device (a fingerprint), or both. */
export interface EventOwner {
  visitorId?: string;
  deviceId?: string;
}

/** Every event the gateway stored for a visitor or device, oldest first (the operators' call). */
export async function storedEvents(
  operator: BrowserContext,
  siteUrl: string,
  owner: EventOwner,
): Promise<StoredEvent[]> {
  const query = new URLSearchParams({ ...owner, limit: '1000' });
  const response = await operator.request.get(`${siteUrl}${ApiPath.trackingEvents}?${query}`);
  const envelope = (await response.json()) as { code: string; data: unknown; msg: string };
  if (envelope.code !== '00000') throw new Error(`stored events: ${envelope.code} ${envelope.msg}`);
  return trackingEventsReplySchema
    .parse(envelope.data)
    .events.map(({ event }) => event as StoredEvent);
}

/** Waits until the stored events of a visitor or device satisfy `done`, and returns them. */
export async function waitForStoredEvents(
  operator: BrowserContext,
  siteUrl: string,
  owner: EventOwner,
  done: (events: StoredEvent[]) => boolean,
  timeoutMs = 30_000,
): Promise<StoredEvent[]> {
  const deadline = Date.now() + timeoutMs;
  let events: StoredEvent[] = [];
  while (Date.now() < deadline) {
    events = await storedEvents(operator, siteUrl, owner);
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `timed out waiting for the events of ${JSON.stringify(owner)}; stored: ${JSON.stringify(
      events.map((event) => [event.event_tracking_id, event.page_status, event.url]),
    )}`,
  );
}

/** The visitor id the tracker stored for this browser profile (one per profile, unlike devices). */
export async function visitorIdOf(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    (key) => window.localStorage.getItem(key),
    LocalStorageKey.visitorId,
    { timeout: 15_000 },
  );
  return String(await handle.jsonValue());
}

/** The device fingerprint the tracker created for this browser profile. */
export async function deviceIdOf(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    (key) => window.localStorage.getItem(key),
    LocalStorageKey.deviceFingerprint,
    { timeout: 15_000 },
  );
  return String(await handle.jsonValue());
}

/**
 * Emulates the tab going to the background or coming back: headless Chromium keeps every tab
 * visible, so the state is redefined and the event dispatched (DESIGN "Known traps").
 */
export async function setTabVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

/** The `n` values of the stored click events with tracking id `id`: each event's own number. */
export const clickNumbers = (events: StoredEvent[], id: string): number[] =>
  events
    .filter((event) => event.event_tracking_id === id)
    .flatMap((event) => {
      const ext = event.event_tracking_ext;
      const list = Array.isArray(ext) ? ext : [ext];
      return list.map((item) => Number((item as { n?: unknown } | undefined)?.n));
    })
    .sort((a, b) => a - b);

/** 0, 1, ... count - 1. */
export const range = (count: number) => Array.from({ length: count }, (_, index) => index);
