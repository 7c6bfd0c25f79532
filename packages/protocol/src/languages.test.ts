import { describe, expect, it } from 'vitest';
import {
  HIDDEN_PATH_PREFIX,
  LOCALE_CODES,
  findLanguage,
  firstSupportedLanguage,
  hreflangOf,
  isLocaleCode,
  isPathPrefix,
  isRtl,
  languages,
  localeFromPath,
  pathPrefixes,
  splitPathPrefix,
  stripPathPrefix,
  textDirection,
} from './languages';
import { requestLocaleCatalogue } from './request-locale';

// Copied from SPEC.md section 3, "Language entry": locale, languageType, default currency.
const specTable: readonly (readonly [string, number, string])[] = [
  ['en', 0, 'USD'],
  ['asia', 3, 'USD'],
  ['en-GB', 41, 'USD'],
  ['ja', 2, 'JPY'],
  ['ru', 6, 'RUB'],
  ['es', 7, 'EUR'],
  ['it', 9, 'EUR'],
  ['fr', 10, 'EUR'],
  ['de', 11, 'EUR'],
  ['zh-CN', 1, 'CNY'],
  ['zh-TC', 5, 'TWD'],
  ['pt', 12, 'EUR'],
  ['id', 13, 'IDR'],
  ['pl', 20, 'USD'],
  ['vi', 4, 'VND'],
  ['uk', 21, 'UAH'],
  ['pt-PT', 24, 'EUR'],
  ['es-ES', 23, 'EUR'],
  ['uz', 25, 'UZS'],
  ['ar', 39, 'AED'],
  ['ph', 40, 'PHP'],
  ['es-AR', 42, 'EUR'],
  ['en-CA', 43, 'CAD'],
];

// Our choices: request key, own-script name, antd locale file, dayjs locale file.
const chosen: Record<string, readonly [string, string, string, string]> = {
  en: ['en_US', 'English', 'en_US', 'en'],
  asia: ['en_SG', 'English (Asia)', 'en_US', 'en'],
  'en-GB': ['en_GB', 'English (UK)', 'en_GB', 'en-gb'],
  ja: ['ja_JP', '日本語', 'ja_JP', 'ja'],
  ru: ['ru_RU', 'Русский', 'ru_RU', 'ru'],
  es: ['es_419', 'Español', 'es_ES', 'es'],
  it: ['it_IT', 'Italiano', 'it_IT', 'it'],
  fr: ['fr_FR', 'Français', 'fr_FR', 'fr'],
  de: ['de_DE', 'Deutsch', 'de_DE', 'de'],
  'zh-CN': ['zh_CN', '简体中文', 'zh_CN', 'zh-cn'],
  'zh-TC': ['zh_TW', '繁體中文', 'zh_TW', 'zh-tw'],
  pt: ['pt_BR', 'Português (Brasil)', 'pt_BR', 'pt-br'],
  id: ['in_ID', 'Bahasa Indonesia', 'id_ID', 'id'],
  pl: ['pl_PL', 'Polski', 'pl_PL', 'pl'],
  vi: ['vi_VN', 'Tiếng Việt', 'vi_VN', 'vi'],
  uk: ['uk_UA', 'Українська', 'uk_UA', 'uk'],
  'pt-PT': ['pt_PT', 'Português (Portugal)', 'pt_PT', 'pt'],
  'es-ES': ['es_ES', 'Español (España)', 'es_ES', 'es'],
  uz: ['uz_UZ', 'Oʻzbekcha', 'uz_UZ', 'uz-latn'],
  ar: ['ar_US', 'العربية', 'ar_EG', 'ar'],
  ph: ['fil_PH', 'Filipino', 'en_US', 'tl-ph'],
  'es-AR': ['es_AR', 'Español (Argentina)', 'es_ES', 'es'],
  'en-CA': ['en_CA', 'English (Canada)', 'en_US', 'en-ca'],
};

describe('languages', () => {
  it('holds the 23 rows of the spec table, in its order, with type and default currency', () => {
    expect(
      languages.map((entry) => [entry.locale, entry.languageType, entry.defaultCurrency]),
    ).toEqual(specTable);
    expect(LOCALE_CODES).toEqual(specTable.map(([locale]) => locale));
  });

  it.each(specTable)('%s has its language key, name and date/component locales', (locale) => {
    const entry = findLanguage(locale);
    const [languageKey, languageName, antdLang, dayjsLang] = chosen[locale] ?? [];
    expect(entry).toEqual({
      locale,
      languageKey,
      languageName,
      languageType: expect.any(Number),
      defaultCurrency: expect.any(String),
      antdLang,
      dayjsLang,
    });
  });

  it('has unique locales, language types and language keys', () => {
    expect(new Set(languages.map((entry) => entry.locale)).size).toBe(23);
    expect(new Set(languages.map((entry) => entry.languageType)).size).toBe(23);
    expect(new Set(languages.map((entry) => entry.languageKey)).size).toBe(23);
  });

  it('agrees with the request-locale catalogue on every language key', () => {
    for (const entry of languages) {
      const row = requestLocaleCatalogue.find((candidate) => candidate.locale === entry.locale);
      expect(row?.languageKey, entry.locale).toBe(entry.languageKey);
      expect(row?.displayName, entry.locale).toBe(entry.languageName);
    }
  });

  it('falls back to English', () => {
    expect(firstSupportedLanguage.locale).toBe('en');
    expect(firstSupportedLanguage).toBe(languages[0]);
  });
});

describe('path prefixes', () => {
  it('are the 23 codes plus the hidden bg', () => {
    expect(HIDDEN_PATH_PREFIX).toBe('bg');
    expect(pathPrefixes).toEqual([...specTable.map(([locale]) => locale), 'bg']);
    expect(isPathPrefix('bg')).toBe(true);
    expect(isPathPrefix('ja')).toBe(true);
    expect(isPathPrefix('xx')).toBe(false);
  });

  it('bg has no language entry', () => {
    expect(findLanguage('bg')).toBeUndefined();
    expect(isLocaleCode('bg')).toBe(false);
  });

  it.each([
    ['/ja/spot/BTCUSDT', ['ja'], '/spot/BTCUSDT'],
    ['/zh-CN/fee', ['zh-CN'], '/fee'],
    ['/bg/fee', ['bg'], '/fee'],
    ['/bg/ru/fee', ['bg', 'ru'], '/fee'],
    ['/ja/ru/fee', ['ja'], '/ru/fee'],
    ['/ja', ['ja'], '/'],
    ['/', [], '/'],
    ['', [], '/'],
    ['/spot/BTCUSDT?x=1#top', [], '/spot/BTCUSDT'],
    ['/en/fee?lang=ja', ['en'], '/fee'],
    ['/zh-cn/fee', [], '/zh-cn/fee'],
    ['/japan/fee', [], '/japan/fee'],
  ])('splitPathPrefix(%j)', (pathname, prefix, rest) => {
    expect(splitPathPrefix(pathname)).toEqual({ prefix, rest });
    expect(stripPathPrefix(pathname)).toBe(rest);
  });

  it.each([
    ['/ja/spot', 'ja'],
    ['/bg/ru/spot', 'ru'],
    ['/x/de/spot', 'de'],
    ['/spot', undefined],
    ['/bg/spot', undefined],
    ['/', undefined],
  ])('localeFromPath(%j) is %j (first or second segment)', (pathname, locale) => {
    expect(localeFromPath(pathname)).toBe(locale);
  });
});

describe('locale helpers', () => {
  it('recognises only exact locale codes', () => {
    for (const [locale] of specTable) expect(isLocaleCode(locale)).toBe(true);
    for (const value of ['zh-cn', 'EN', 'zh-TW', 'ko', '', ' en', 7, null, undefined, {}]) {
      expect(isLocaleCode(value)).toBe(false);
    }
  });

  it('finds entries by locale', () => {
    expect(findLanguage('ja')?.defaultCurrency).toBe('JPY');
    expect(findLanguage('xx')).toBeUndefined();
  });

  it('treats only Arabic as right to left', () => {
    for (const [locale] of specTable) {
      expect(isRtl(locale)).toBe(locale === 'ar');
      expect(textDirection(locale)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    }
    expect(isRtl('he')).toBe(false);
    expect(textDirection('unknown')).toBe('ltr');
  });
});

describe('hreflang values', () => {
  it('gives every locale a distinct, canonical BCP 47 tag', () => {
    const tags = LOCALE_CODES.map(hreflangOf);
    expect(new Set(tags).size).toBe(LOCALE_CODES.length);
    for (const tag of tags) expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
  });

  it('maps the site codes that are not language tags', () => {
    expect(hreflangOf('zh-TC')).toBe('zh-Hant');
    expect(hreflangOf('ph')).toBe('fil');
    expect(hreflangOf('asia')).toBe('en-SG');
    expect(hreflangOf('es-AR')).toBe('es-AR');
    expect(hreflangOf('en')).toBe('en');
  });
});
