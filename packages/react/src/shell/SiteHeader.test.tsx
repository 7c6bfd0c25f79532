// @vitest-environment jsdom
import { DEFAULT_CURRENCY } from '@exchange-web/protocol/currencies';
import { TrackingDataAttribute, TrackingId } from '@exchange-web/protocol/registry';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './SiteHeader';

const header = (user: { userName: string } | null) =>
  renderToStaticMarkup(
    <SiteHeader
      t={(key) => key}
      language="ja"
      theme="white"
      buildPath={(path) => `/ja${path === '/' ? '' : path}`}
      currency={{ selected: DEFAULT_CURRENCY, entries: [DEFAULT_CURRENCY] }}
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
});
