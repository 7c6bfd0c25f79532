// @vitest-environment jsdom
import {
  DEFAULT_CURRENCY,
  toCurrencyEntry,
  type CurrencyEntry,
} from '@exchange-web/protocol/currencies';
import { TrackingDataAttribute, TrackingId } from '@exchange-web/protocol/registry';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './SiteHeader';

const header = (
  user: { userName: string } | null,
  currency: { selected: CurrencyEntry; entries: readonly CurrencyEntry[] } = {
    selected: DEFAULT_CURRENCY,
    entries: [DEFAULT_CURRENCY],
  },
) =>
  renderToStaticMarkup(
    <SiteHeader
      t={(key) => key}
      language="ja"
      theme="white"
      buildPath={(path) => `/ja${path === '/' ? '' : path}`}
      currency={currency}
      user={user}
      onLanguageChange={() => undefined}
      onCurrencyChange={() => undefined}
      onThemeToggle={() => undefined}
      source="built-in"
    />,
  );

/** Each link of the markup: where it goes, and the tracking id and ext it declares. */
function links(markup: string) {
  const page = new DOMParser().parseFromString(markup, 'text/html');
  return [...page.querySelectorAll('a')].map((link) => ({
    href: link.getAttribute('href'),
    id: link.getAttribute(TrackingDataAttribute.id),
    ext: link.getAttribute(TrackingDataAttribute.ext),
  }));
}

describe('SiteHeader', () => {
  it('marks every link it has as a header navigation, with the path it leads to', () => {
    const tracked = links(header(null)).filter((link) => link.href !== '#main');
    expect(tracked.map((link) => link.href)).toEqual([
      '/ja',
      '/ja/spot/BTCUSDT',
      '/ja/futures/usdt/BTCUSDT',
      '/ja/margin/BTCUSDT',
      '/ja/copy-trading',
      '/ja/inscription/brc-20',
      '/ja/login',
      '/ja/register',
    ]);
    for (const link of tracked) {
      expect(link.id).toBe(TrackingId.headerNav);
      // The path without the language prefix: one value per destination in every language.
      expect(JSON.parse(link.ext ?? '')).toEqual({ to: link.href?.replace(/^\/ja/, '') || '/' });
    }
  });

  it('keeps the currency button as wide as its widest currency, whichever is shown', () => {
    const hkd = toCurrencyEntry('HKD', 'HK$', 7.8);
    const entries = [toCurrencyEntry('USD', '$', 1), hkd, toCurrencyEntry('EUR', '€', 0.92)];
    // The server renders 1 USD; a choice kept in the browser shows once the page runs.
    const page = new DOMParser().parseFromString(
      header(null, { selected: hkd, entries }),
      'text/html',
    );
    const button = page.querySelector('[data-testid="currency-menu"] .menu-button');
    const cell = button?.querySelector('.menu-button-labels');
    // Every label in one cell: the shown one, and each unseen and unheard beside it.
    expect(cell?.querySelector('.menu-button-label')?.textContent).toBe('HKD-HK$');
    expect(
      [...(cell?.querySelectorAll('.menu-button-ghost') ?? [])].map((ghost) => [
        ghost.textContent,
        ghost.getAttribute('aria-hidden'),
      ]),
    ).toEqual([
      ['USD-$', 'true'],
      ['HKD-HK$', 'true'],
      ['EUR-€', 'true'],
    ]);
    // What a screen reader announces is the button's own name, not the labels beside it.
    expect(button?.getAttribute('aria-label')).toBe('header.currentCurrency');
    // The language button shows only its language: its label changes only with the page.
    expect(page.querySelector('[data-testid="language-menu"] .menu-button-ghost')).toBeNull();
  });
});
