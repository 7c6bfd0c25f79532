import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { pageLinks, X_DEFAULT } from './page-links';

const origin = 'https://www.ex.test';

describe('pageLinks', () => {
  it('makes the canonical of the path with the prefix it was reached by', () => {
    expect(pageLinks({ origin, prefix: '', path: '/inscription/brc-20/ordi' }).canonical).toBe(
      'https://www.ex.test/inscription/brc-20/ordi',
    );
    expect(pageLinks({ origin, prefix: 'ar', path: '/inscription/brc-20/ordi' }).canonical).toBe(
      'https://www.ex.test/ar/inscription/brc-20/ordi',
    );
    expect(
      pageLinks({ origin, prefix: 'bg', path: '/inscription/brc-20', query: { pageNo: '2' } })
        .canonical,
    ).toBe('https://www.ex.test/bg/inscription/brc-20?pageNo=2');
  });

  it('lists all 23 languages under their prefix with distinct hreflang values, then x-default', () => {
    const { alternates } = pageLinks({
      origin,
      prefix: 'ja',
      path: '/inscription/brc-20',
      query: { pageNo: '3' },
    });
    expect(alternates).toHaveLength(LOCALE_CODES.length + 1);
    expect(new Set(alternates.map((link) => link.hrefLang)).size).toBe(alternates.length);
    expect(alternates).toContainEqual({
      hrefLang: 'zh-Hant',
      href: 'https://www.ex.test/zh-TC/inscription/brc-20?pageNo=3',
    });
    expect(alternates).toContainEqual({
      hrefLang: 'fil',
      href: 'https://www.ex.test/ph/inscription/brc-20?pageNo=3',
    });
    expect(alternates.at(-1)).toEqual({
      hrefLang: X_DEFAULT,
      href: 'https://www.ex.test/inscription/brc-20?pageNo=3',
    });
  });

  it('keeps an encoded token name as it is', () => {
    const { canonical } = pageLinks({ origin, prefix: '', path: '/inscription/brc-20/%C3%A9x' });
    expect(canonical).toBe('https://www.ex.test/inscription/brc-20/%C3%A9x');
  });
});
