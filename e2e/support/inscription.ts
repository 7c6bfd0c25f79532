import { envelopeSchema } from '@exchange-web/protocol/envelope';
import type { ApiPath } from '@exchange-web/protocol/paths';
import type { Page, Request } from 'playwright-core';
import type * as z from 'zod/mini';

/**
 * Asks the gateway (through the site, as a browser does) and returns the reply's data checked
 * with the contract's schema: what the pages should show, to compare them with.
 */
export async function askGateway<S extends z.ZodMiniType>(
  siteUrl: string,
  path: ApiPath,
  body: unknown,
  schema: S,
  method: 'POST' | 'GET' = 'POST',
): Promise<z.output<S>> {
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = envelopeSchema.parse(await response.json());
  if (envelope.code !== '00000') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return schema.parse(envelope.data);
}

/** The values of `attribute` on the rows of a table, in order. */
export const rowValues = (page: Page, testId: string, attribute: string) =>
  page
    .getByTestId(testId)
    .locator(`tbody tr[${attribute}]`)
    .evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name) ?? ''), attribute);

/** A page-view event as the tracker uploads it (the fields these tests read). */
export interface UploadedEvent {
  type: number;
  page_status?: string;
  event_tracking_id: string;
  event_tracking_ext?: unknown;
  url: string;
}

/**
 * Collects every event the page's tracker uploads (POST /v1/buried/log/info, a JSON array), as
 * the requests leave the page.
 */
export function collectUploads(page: Page, uploadPath: string): UploadedEvent[] {
  const events: UploadedEvent[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith(uploadPath))
      return;
    try {
      const body: unknown = JSON.parse(request.postData() ?? '[]');
      if (Array.isArray(body)) events.push(...(body as UploadedEvent[]));
    } catch {
      // Not a batch: nothing to collect.
    }
  });
  return events;
}

/** Waits until `done` holds for the collected events (polled: uploads leave every 500 ms). */
export async function waitForEvents(
  events: UploadedEvent[],
  done: (events: UploadedEvent[]) => boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done(events)) {
    if (Date.now() > deadline)
      throw new Error(
        `uploaded events never matched; seen: ${JSON.stringify(
          events.map((event) => [event.event_tracking_id, event.page_status, event.url]),
        )}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
