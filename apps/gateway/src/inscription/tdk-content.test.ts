import { TDK_PAGE_KEYS, TDK_TOKEN_PLACEHOLDER } from '@exchange-web/protocol/inscription';
import { LOCALE_CODES, type LocaleCode } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { tdkContent } from './tdk-content';

const BRAND_SUFFIX = ' | exchange-web';
/** Chinese and Japanese pack more into each character: shorter bounds. */
const CJK_LOCALES: ReadonlySet<LocaleCode> = new Set(['zh-CN', 'zh-TC', 'ja']);

/** Length in code points, as a reader counts characters. */
const lengthOf = (text: string): number => [...text].length;

const entries = LOCALE_CODES.flatMap((locale) =>
  TDK_PAGE_KEYS.map((pageKey) => ({ locale, pageKey, text: tdkContent[locale][pageKey] })),
);

describe('tdkContent', () => {
  it('has every locale and every page, and nothing else', () => {
    expect(Object.keys(tdkContent).sort()).toEqual([...LOCALE_CODES].sort());
    for (const locale of LOCALE_CODES) {
      expect(Object.keys(tdkContent[locale]).sort()).toEqual([...TDK_PAGE_KEYS].sort());
    }
  });

  it.each(entries)('$locale $pageKey: title ends with the brand', ({ text }) => {
    expect(text.title.endsWith(BRAND_SUFFIX)).toBe(true);
    expect(text.title.indexOf('exchange-web')).toBe(text.title.length - 'exchange-web'.length);
  });

  it.each(entries)('$locale $pageKey: title and description lengths', ({ locale, text }) => {
    const title = lengthOf(text.title);
    const description = lengthOf(text.description);
    if (CJK_LOCALES.has(locale)) {
      expect(title).toBeLessThanOrEqual(65);
      expect(description).toBeGreaterThanOrEqual(50);
      expect(description).toBeLessThanOrEqual(110);
    } else {
      expect(title).toBeGreaterThanOrEqual(30);
      expect(title).toBeLessThanOrEqual(65);
      expect(description).toBeGreaterThanOrEqual(110);
      expect(description).toBeLessThanOrEqual(160);
    }
  });

  it.each(entries)('$locale $pageKey: 4 to 8 non-empty, distinct keywords', ({ text }) => {
    expect(text.keywords.length).toBeGreaterThanOrEqual(4);
    expect(text.keywords.length).toBeLessThanOrEqual(8);
    for (const keyword of text.keywords) expect(keyword.trim()).not.toBe('');
    expect(new Set(text.keywords).size).toBe(text.keywords.length);
  });

  it.each(entries)('$locale $pageKey: plain one-line text', ({ text }) => {
    for (const value of [text.title, text.description, ...text.keywords]) {
      expect(value).not.toMatch(/[<>\n\r\t"“”„«»]/);
      expect(value).toBe(value.trim());
      expect(value).not.toMatch(/ {2}/);
    }
  });

  it.each(LOCALE_CODES)('%s: titles are distinct per page', (locale) => {
    const titles = TDK_PAGE_KEYS.map((pageKey) => tdkContent[locale][pageKey].title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(LOCALE_CODES)('%s: the token page carries the placeholder', (locale) => {
    const { title, description, keywords } = tdkContent[locale].brc20Token;
    expect(title).toContain(TDK_TOKEN_PLACEHOLDER);
    expect(description).toContain(TDK_TOKEN_PLACEHOLDER);
    expect(keywords.some((keyword) => keyword.includes(TDK_TOKEN_PLACEHOLDER))).toBe(true);
  });

  it.each(entries.filter(({ pageKey }) => pageKey !== 'brc20Token'))(
    '$locale $pageKey: list pages carry no placeholder',
    ({ text }) => {
      for (const value of [text.title, text.description, ...text.keywords]) {
        expect(value).not.toContain('{');
      }
    },
  );
});
