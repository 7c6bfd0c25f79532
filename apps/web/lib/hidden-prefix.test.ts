import { describe, expect, it } from 'vitest';
import { hiddenPrefixPage } from './hidden-prefix';

describe('hiddenPrefixPage', () => {
  it('serves a path under the hidden prefix and a language as its page under the prefix', () => {
    expect(hiddenPrefixPage({ pathname: '/ja/spot/BTCUSDT', locale: 'bg' })).toBe('/spot/BTCUSDT');
    expect(hiddenPrefixPage({ pathname: '/zh-CN/inscription/brc-20/ordi', locale: 'bg' })).toBe(
      '/inscription/brc-20/ordi',
    );
    expect(hiddenPrefixPage({ pathname: '/ar', locale: 'bg' })).toBe('/');
    expect(hiddenPrefixPage({ pathname: '/ar/', locale: 'bg' })).toBe('/');
  });

  it('leaves every other path alone', () => {
    // No language after the prefix: the prefix's own pages, or a page that does not exist.
    expect(hiddenPrefixPage({ pathname: '/spot/BTCUSDT', locale: 'bg' })).toBeUndefined();
    expect(hiddenPrefixPage({ pathname: '/xx/fee', locale: 'bg' })).toBeUndefined();
    expect(hiddenPrefixPage({ pathname: '/', locale: 'bg' })).toBeUndefined();
    // Codes are case-sensitive, and bg is no language.
    expect(hiddenPrefixPage({ pathname: '/zh-cn/fee', locale: 'bg' })).toBeUndefined();
    expect(hiddenPrefixPage({ pathname: '/bg/fee', locale: 'bg' })).toBeUndefined();
    // A language prefix of its own is the router's.
    expect(hiddenPrefixPage({ pathname: '/ja/fee', locale: 'de' })).toBeUndefined();
    expect(hiddenPrefixPage({ pathname: '/ja/fee', locale: 'default' })).toBeUndefined();
  });
});
