import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AFFILIATED_DOMAINS,
  parseAffiliatedDomains,
  rewriteAffiliatedLink,
} from './affiliated-links';

const affiliated = ['exchange-web.test', 'www.exchange-web.test', 'localhost:3000'];

describe('rewriteAffiliatedLink (SPEC 3)', () => {
  it('makes an absolute affiliated link relative, with the current language prefix', () => {
    expect(
      rewriteAffiliatedLink('https://www.exchange-web.test/spot/BTCUSDT?x=1#top', {
        affiliated,
        prefix: 'ja',
      }),
    ).toBe('/ja/spot/BTCUSDT?x=1#top');
    expect(rewriteAffiliatedLink('http://EXCHANGE-WEB.test/', { affiliated, prefix: '' })).toBe(
      '/',
    );
    expect(rewriteAffiliatedLink('//exchange-web.test/fees', { affiliated, prefix: 'bg/ko' })).toBe(
      '/bg/ko/fees',
    );
    expect(rewriteAffiliatedLink('http://localhost:3000/a', { affiliated, prefix: '' })).toBe('/a');
  });

  it('keeps a language the link already names', () => {
    expect(
      rewriteAffiliatedLink('https://exchange-web.test/de/fees', { affiliated, prefix: 'ja' }),
    ).toBe('/de/fees');
  });

  it('moves the link to a chosen host when asked', () => {
    expect(
      rewriteAffiliatedLink('https://exchange-web.test/fees', {
        affiliated,
        prefix: 'ja',
        targetHost: 'https://m.exchange-web.test/',
      }),
    ).toBe('https://m.exchange-web.test/ja/fees');
  });

  it('leaves other links alone', () => {
    for (const href of [
      'https://example.org/fees',
      'https://exchange-web.test.evil.test/fees',
      'https://evil.test/?u=https://exchange-web.test/',
      '/fees',
      'mailto:help@exchange-web.test',
      'javascript:alert(1)',
      '#top',
      'http://localhost:4000/a',
    ])
      expect(rewriteAffiliatedLink(href, { affiliated, prefix: 'ja' })).toBe(href);
  });
});

describe('parseAffiliatedDomains', () => {
  it('reads a comma list, and has a default', () => {
    expect(parseAffiliatedDomains(' A.test, b.test,, ')).toEqual(['a.test', 'b.test']);
    expect(parseAffiliatedDomains('')).toEqual([]);
    expect(parseAffiliatedDomains(undefined)).toEqual(DEFAULT_AFFILIATED_DOMAINS);
  });
});
