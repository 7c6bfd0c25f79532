import {
  activityReplySchema,
  inscriptionListReplySchema,
  inscriptionSearchReplySchema,
  ownersReplySchema,
  tdkReplySchema,
  type InscriptionListRequest,
} from '@exchange-web/protocol/inscription';
import { hreflangOf, LOCALE_CODES } from '@exchange-web/protocol/languages';
import { ApiPath, inscriptionPages } from '@exchange-web/protocol/paths';
import { TrackingId } from '@exchange-web/protocol/registry';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ar from '@exchange-web/react/i18n/messages/ar.json';
import en from '@exchange-web/react/i18n/messages/en.json';
import { newVisitor } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { launchIsolatedBrowser } from './support/browser';
import {
  askGateway,
  collectUploads,
  rowValues,
  waitForEvents,
  type UploadedEvent,
} from './support/inscription';
import { htmlTag, serverHtml } from './support/pages';

// The BRC-20 pages (issue 10) against the real stack: what each page shows is compared with what
// the gateway answers for the same request, through the site as a browser asks it.

const siteUrl = inject('siteUrl');
const LIST = '/inscription/brc-20';
/** The seed's #1 token by market cap (migration 016). */
const ORDI = 'ordi';
const TOKEN = `${LIST}/${ORDI}`;
const PAGE_SIZE = 20;

let browser: Browser;
let visitor: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchIsolatedBrowser();
  visitor = await newVisitor(browser, siteUrl);
});
afterAll(async () => {
  await browser.close();
});

const listOf = (request: InscriptionListRequest) =>
  askGateway(
    siteUrl,
    ApiPath.inscriptionListByPage,
    { pageSize: PAGE_SIZE, ...request },
    inscriptionListReplySchema,
  );
const tickersOf = (reply: { items: readonly { ticker: string }[] }) =>
  reply.items.map((item) => item.ticker);
const listRows = (page: Page) => rowValues(page, 'token-list', 'data-ticker');

/** Waits for the list table to show `page` of the sort, once a navigation has landed. */
const listShows = (page: Page, pageNo: number, sort?: string) =>
  page
    .getByTestId('token-list')
    .and(page.locator(`[data-page="${pageNo}"]${sort ? `[data-sort="${sort}"]` : ''}`))
    .waitFor();

describe('the list pages', () => {
  const tabPages = inscriptionPages.filter((entry) => entry.tab !== undefined);

  it.each(tabPages.map((entry) => [entry.path, entry.tab] as const))(
    '%s shows tab %s as the gateway lists it',
    async (path, tab) => {
      const { page } = visitor;
      await page.goto(`${siteUrl}${path}`);
      const expected = await listOf({ tab: tab as InscriptionListRequest['tab'] });
      expect(expected.items.length).toBeGreaterThan(0);
      expect(await listRows(page)).toEqual(tickersOf(expected));
      const current = page.getByTestId('inscription-tabs').locator('a[aria-current="page"]');
      expect(await current.getAttribute('data-tab')).toBe(tab);
      // Prices, progress bars and the pagination are on the page too.
      const progress = page.getByTestId('token-list').getByRole('progressbar').first();
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
      expect(await page.getByTestId('token-list-pages-range').textContent()).toContain(
        `of ${expected.total.toLocaleString('en')}`,
      );
    },
  );

  it('puts ordi first by market cap and links each token to its page', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}${LIST}`);
    expect((await listRows(page))[0]).toBe(ORDI);
    const link = page.getByTestId('token-list').getByRole('link', { name: ORDI, exact: true });
    expect(await link.getAttribute('href')).toBe(TOKEN);
  });

  it('fetches the data of no link in view as it loads, only of the one a visitor points at', async () => {
    const page = await visitor.context.newPage();
    try {
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/_next/data/'))
          dataRequests.push(new URL(request.url()).pathname);
      });
      // Links in view were prefetched once the page had hydrated and gone idle: by network idle
      // every one of them would have asked for its data.
      await page.goto(`${siteUrl}${LIST}`, { waitUntil: 'networkidle' });
      const link = page.getByTestId('token-list').getByRole('link', { name: ORDI, exact: true });
      const pointedAt = page.waitForRequest(
        (request) =>
          request.url().includes('/_next/data/') && request.url().includes(`/${ORDI}.json`),
      );
      await link.hover();
      await pointedAt;
      expect(dataRequests).toEqual([expect.stringMatching(new RegExp(`/${ORDI}\\.json$`))]);
    } finally {
      await page.close();
    }
  });

  it('sorts by a column, highest first and then lowest first', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}${LIST}`);
    const priceHeader = page.getByTestId('token-list').locator('th[data-column="price"]');
    await priceHeader.getByRole('link').click();
    await page.waitForURL(`${siteUrl}${LIST}?sort=price&order=desc`);
    await listShows(page, 1, 'price');
    expect(await priceHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await listRows(page)).toEqual(
      tickersOf(await listOf({ tab: 'all', sort: 'price', order: 'desc' })),
    );

    await priceHeader.getByRole('link').click();
    await page.waitForURL(`${siteUrl}${LIST}?sort=price&order=asc`);
    await page.getByTestId('token-list').and(page.locator('[data-order="asc"]')).waitFor();
    expect(await priceHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await listRows(page)).toEqual(
      tickersOf(await listOf({ tab: 'all', sort: 'price', order: 'asc' })),
    );
  });

  it('pages forward and back, and leads back from a page past the end', async () => {
    const { page } = visitor;
    const path = `${LIST}/inProgress`;
    const first = await listOf({ tab: 'inscription' });
    expect(first.total).toBeGreaterThan(2 * PAGE_SIZE);
    await page.goto(`${siteUrl}${path}`);
    const pages = page.getByTestId('token-list-pages');

    await pages.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(`${siteUrl}${path}?pageNo=2`);
    await listShows(page, 2);
    expect(await listRows(page)).toEqual(
      tickersOf(await listOf({ tab: 'inscription', pageNo: 2 })),
    );
    expect(await pages.locator('a[aria-current="page"]').textContent()).toBe('2');

    await pages.getByRole('link', { name: 'Page 3', exact: true }).click();
    await listShows(page, 3);
    expect(await listRows(page)).toEqual(
      tickersOf(await listOf({ tab: 'inscription', pageNo: 3 })),
    );

    await pages.getByRole('link', { name: 'Previous' }).click();
    await listShows(page, 2);
    await page.goBack();
    await listShows(page, 3);
    await page.goBack();
    await listShows(page, 2);

    await page.goto(`${siteUrl}${path}?pageNo=999`);
    await page.getByTestId('token-list-empty').waitFor();
    await page
      .getByTestId('token-list-empty')
      .getByRole('link', { name: 'Go to the first page' })
      .click();
    await listShows(page, 1);
    expect(await listRows(page)).toEqual(tickersOf(first));
  });

  it('suggests tokens as a visitor types, by keyboard, and opens the chosen one', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}${LIST}`);
    const box = page.getByRole('combobox', { name: en.inscription.search.label });
    await box.click();
    await box.pressSequentially('or', { delay: 60 });
    const expected = await askGateway(
      siteUrl,
      ApiPath.inscriptionSearch,
      { keyword: 'or' },
      inscriptionSearchReplySchema,
    );
    const options = page.getByRole('listbox').getByRole('option');
    // The suggestions of the whole keyword (those of "o" may show while "r" is typed).
    await expect
      .poll(() => options.evaluateAll((nodes) => nodes.map((node) => node.dataset.ticker)))
      .toEqual(tickersOf(expected));
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    // Escape closes the list; the arrow keys open it again and move through it.
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    const target = tickersOf(expected).indexOf(ORDI);
    expect(target).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= target; step += 1) await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('data-ticker')).toBe(ORDI);
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(`${siteUrl}${TOKEN}`);
    await page
      .getByTestId('token-page')
      .and(page.locator(`[data-ticker="${ORDI}"]`))
      .waitFor();
  });

  it('opens a suggestion by click, and searches without script by the form', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}${LIST}/hot`);
    const box = page.getByRole('combobox', { name: en.inscription.search.label });
    await box.fill('ord');
    await page.locator(`[role="option"][data-ticker="${ORDI}"]`).click();
    await page.waitForURL(`${siteUrl}${TOKEN}`);
    // The form's plain GET: a ticker named exactly goes to its page.
    const { redirects } = await serverHtml(`${siteUrl}${LIST}?q=ORDI`);
    expect(redirects).toEqual([TOKEN]);
  });
});

describe('the token page', () => {
  it('draws the price chart and shows figures, holders and activity, paging both tables', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}${TOKEN}`);
    const chart = page.getByTestId('price-history-chart');
    // Drawn by the server first, without the chart library; the library once reached for.
    expect(await chart.getByTestId('chart-preview').locator('polyline').count()).toBe(1);
    expect(await chart.locator('canvas').count()).toBe(0);
    await chart.hover();
    await chart.locator('canvas').first().waitFor();
    // Drawn: some canvas of the chart has pixels of more than one colour.
    await page.waitForFunction(() =>
      [
        ...document.querySelectorAll<HTMLCanvasElement>('[data-testid=price-history-chart] canvas'),
      ].some((canvas) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) return false;
        const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let index = 4; index < data.length; index += 4 * 31)
          if (data[index] !== data[0] || data[index + 1] !== data[1] || data[index + 2] !== data[2])
            return true;
        return false;
      }),
    );
    expect(await page.getByTestId('token-price').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('token-figures').locator('dd').count()).toBeGreaterThan(8);

    // The 1 h / 1 d switch loads the other series.
    await page.getByTestId('price-history-interval').getByRole('radio', { name: '1 hour' }).click();
    await chart.and(page.locator('[data-interval="1h"]:not([aria-busy="true"])')).waitFor();
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);

    const table = { ticker: ORDI, pageSize: PAGE_SIZE };
    const owners = (pageNo: number) =>
      askGateway(siteUrl, ApiPath.seoTradesOwners, { ...table, pageNo }, ownersReplySchema);
    const activity = (pageNo: number) =>
      askGateway(siteUrl, ApiPath.seoTradesActivity, { ...table, pageNo }, activityReplySchema);
    const ranks = async (pageNo: number) =>
      (await owners(pageNo)).items.map((owner) => String(owner.rank));
    const txids = async (pageNo: number) => (await activity(pageNo)).items.map((row) => row.txid);

    expect(await rowValues(page, 'holders-table', 'data-rank')).toEqual(await ranks(1));
    expect(await rowValues(page, 'activity-table', 'data-txid')).toEqual(await txids(1));
    expect((await owners(1)).total).toBeGreaterThan(PAGE_SIZE);
    expect((await activity(1)).total).toBeGreaterThan(PAGE_SIZE);

    // Later pages come through the API, in place: the URL stays.
    await page.getByTestId('holders-pages').getByRole('link', { name: 'Next' }).click();
    await page.getByTestId('holders-table').and(page.locator('[data-page="2"]')).waitFor();
    expect(await rowValues(page, 'holders-table', 'data-rank')).toEqual(await ranks(2));
    await page.getByTestId('activity-pages').getByRole('link', { name: 'Next' }).click();
    await page.getByTestId('activity-table').and(page.locator('[data-page="2"]')).waitFor();
    expect(await rowValues(page, 'activity-table', 'data-txid')).toEqual(await txids(2));
    await page.getByTestId('holders-pages').getByRole('link', { name: 'Previous' }).click();
    await page.getByTestId('holders-table').and(page.locator('[data-page="1"]')).waitFor();
    expect(await rowValues(page, 'holders-table', 'data-rank')).toEqual(await ranks(1));
    expect(page.url()).toBe(`${siteUrl}${TOKEN}`);

    await page.getByTestId('related-runes').waitFor();
    expect(await page.getByTestId('inscription-content').textContent()).toContain('"brc-20"');
  });

  it('is right to left and in Arabic under /ar/, its links keeping the prefix', async () => {
    const { page } = visitor;
    await page.goto(`${siteUrl}/ar${TOKEN}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('#holders-title').textContent()).toBe(ar.inscription.holders.title);
    expect(await page.locator('#activity-title').textContent()).toBe(ar.inscription.activity.title);
    const breadcrumb = page.getByRole('navigation', { name: ar.inscription.token.breadcrumb });
    expect(
      await breadcrumb
        .getByRole('link', { name: ar.inscription.token.backToList })
        .getAttribute('href'),
    ).toBe(`/ar${LIST}`);
    await page.getByTestId('price-history-chart').getByTestId('chart-preview').waitFor();
    // The chart's time axis runs left to right in every language.
    expect(await page.getByTestId('price-history-chart').getAttribute('dir')).toBe('ltr');
  });

  it('answers 404 for a ticker no token has', async () => {
    expect((await serverHtml(`${siteUrl}${LIST}/zzzzzq`)).status).toBe(404);
  });
});

describe('page views', () => {
  it('reports the hot strip and leaderboards seen, and the tab, sort and search chosen', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const uploads = collectUploads(page, ApiPath.buriedLogInfo);
    const ext = (id: string) =>
      uploads.find((event) => event.event_tracking_id === id)?.event_tracking_ext;
    const arrived = (...ids: string[]) =>
      waitForEvents(uploads, (events) =>
        ids.every((id) => events.some((event) => event.event_tracking_id === id)),
      );
    await page.goto(`${siteUrl}${LIST}`);
    await page.getByTestId('leaderboards').scrollIntoViewIfNeeded();
    // Exposes go through the tracker once it has loaded: so do the declared clicks below.
    await arrived(TrackingId.hotTokensExpose, TrackingId.leaderboardsExpose);
    expect(ext(TrackingId.hotTokensExpose)).toEqual({
      tickers: expect.arrayContaining([expect.any(String)]),
    });
    expect(Object.keys(ext(TrackingId.leaderboardsExpose) as object)).toEqual(['boards']);

    await page.getByTestId('inscription-tabs').locator('[data-tab="hot"]').click();
    await page.waitForURL(`${siteUrl}${LIST}/hot`);
    await page
      .getByTestId('token-list')
      .locator('th[data-column="price"]')
      .getByRole('link')
      .click();
    await page.waitForURL(`${siteUrl}${LIST}/hot?sort=price&order=desc`);
    const box = page.getByRole('combobox', { name: en.inscription.search.label });
    await box.fill('ord');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ord');
    await arrived(TrackingId.brc20Tab, TrackingId.brc20Sort, TrackingId.brc20Search);
    expect(ext(TrackingId.brc20Tab)).toEqual({ tab: 'hot' });
    expect(ext(TrackingId.brc20Sort)).toEqual({ column: 'price', order: 'desc' });
    expect(ext(TrackingId.brc20Search)).toEqual({ keyword: 'ord' });
    await context.close();
  });

  it('labels the list b6055 with its tab and the token page b6056 with its coin_name', async () => {
    const { context, page } = await newVisitor(browser, siteUrl);
    const uploads = collectUploads(page, ApiPath.buriedLogInfo);
    const isView = (event: UploadedEvent, id: string, path: string) =>
      event.type === 1 &&
      event.page_status === 'show' &&
      event.event_tracking_id === id &&
      new URL(event.url).pathname === path;

    await page.goto(`${siteUrl}${LIST}/hot`);
    await waitForEvents(uploads, (events) =>
      events.some((event) => isView(event, TrackingId.brc20List, `${LIST}/hot`)),
    );
    const list = uploads.find((event) => isView(event, TrackingId.brc20List, `${LIST}/hot`));
    expect(list?.event_tracking_ext).toEqual({ tab: 'hot' });

    // A token opened from the list (a client-side navigation) is a page view of its own.
    const first = (await listRows(page))[0] ?? '';
    expect(first).not.toBe('');
    await page.getByTestId('token-list').getByRole('link', { name: first, exact: true }).click();
    await page.waitForURL(`${siteUrl}${LIST}/${first}`);
    await waitForEvents(uploads, (events) =>
      events.some((event) => isView(event, TrackingId.brc20Token, `${LIST}/${first}`)),
    );
    const token = uploads.find((event) => isView(event, TrackingId.brc20Token, `${LIST}/${first}`));
    expect(token?.event_tracking_ext).toEqual({ coin_name: first });
    await context.close();
  });
});

describe('the server HTML, as a crawler reads it', () => {
  const decode = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const metaContent = (html: string, name: string) =>
    decode(new RegExp(`<meta name="${name}" content="([^"]*)"`, 'i').exec(html)?.[1] ?? '');

  it.each([
    ['', 'en'],
    ['/ja', 'ja'],
  ] as const)(
    'of the token page %s carries its texts, canonical and hreflang links',
    async (prefix, locale) => {
      const { status, html } = await serverHtml(`${siteUrl}${prefix}${TOKEN}`);
      expect(status).toBe(200);
      const texts = await askGateway(
        siteUrl,
        ApiPath.tdkMltQueryList,
        { locale, pageKeys: ['brc20Token'], token: ORDI },
        tdkReplySchema,
      );
      const [entry] = texts.items;
      expect(entry).toBeDefined();
      expect(decode(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(entry?.title);
      expect(metaContent(html, 'description')).toBe(entry?.description);
      expect(metaContent(html, 'keywords')).toBe(entry?.keywords.join(', '));
      expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toBe(
        `${siteUrl}${prefix}${TOKEN}`,
      );
      const alternates = [
        ...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi),
      ].map((match) => [match[1], match[2]]);
      expect(alternates).toEqual([
        ...LOCALE_CODES.map((code) => [hreflangOf(code), `${siteUrl}/${code}${TOKEN}`]),
        ['x-default', `${siteUrl}${TOKEN}`],
      ]);
      expect(htmlTag(html)).toContain(`lang="${locale}"`);
      // The content itself is there without script: figures, the tables' rows, the price table.
      expect(html).toContain('data-testid="token-figures"');
      expect((html.match(/<tr data-rank=/g) ?? []).length).toBe(PAGE_SIZE);
      expect((html.match(/<tr data-txid=/g) ?? []).length).toBe(PAGE_SIZE);
      expect(html).toContain('data-testid="price-history-table"');
    },
  );

  it('of a list page carries its rows and the list texts', async () => {
    const { html } = await serverHtml(`${siteUrl}${LIST}/hot`);
    const expected = await listOf({ tab: 'hot' });
    const rows = [...html.matchAll(/<tr data-ticker="([^"]+)"/g)].map((match) => match[1]);
    expect(rows).toEqual(tickersOf(expected));
    const texts = await askGateway(
      siteUrl,
      ApiPath.tdkMltQueryList,
      { locale: 'en', pageKeys: ['brc20Hot'] },
      tdkReplySchema,
    );
    expect(decode(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(
      texts.items[0]?.title,
    );
    expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toBe(`${siteUrl}${LIST}/hot`);
  });
});

describe('accessibility', () => {
  it.each([
    [LIST, 'light'],
    [TOKEN, 'dark'],
    [`/ar${TOKEN}`, 'light'],
  ])('%s has no serious or critical axe violation (%s theme)', async (path, theme) => {
    const page = await visitor.context.newPage();
    await page.goto(`${siteUrl}${path}?appTheme=${theme}`);
    if (path.endsWith(ORDI)) {
      const chart = page.getByTestId('price-history-chart');
      await chart.hover();
      await chart.locator('canvas').first().waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });
});
