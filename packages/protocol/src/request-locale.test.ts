import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from './languages';
import { FALLBACK_LANGUAGE_KEY, requestLocaleCatalogue, requestLocaleFor } from './request-locale';

describe('request-locale catalogue', () => {
  it('has 26 entries: the 23 site locales in order, then zh-TW, ko and tr', () => {
    expect(requestLocaleCatalogue).toHaveLength(26);
    expect(requestLocaleCatalogue.map((entry) => entry.locale)).toEqual([
      ...LOCALE_CODES,
      'zh-TW',
      'ko',
      'tr',
    ]);
    expect(new Set(requestLocaleCatalogue.map((entry) => entry.locale)).size).toBe(26);
  });

  it('gives every entry a key and a display name', () => {
    for (const entry of requestLocaleCatalogue) {
      expect(entry.languageKey).toMatch(/^[a-z]{2,3}_[A-Z0-9]{2,3}$/);
      expect(entry.displayName.length).toBeGreaterThan(0);
    }
  });

  // SPEC.md section 3 examples; en-GB is fixed from the source's ko_KR.
  it.each([
    ['en', 'en_US'],
    ['ja', 'ja_JP'],
    ['zh-CN', 'zh_CN'],
    ['zh-TW', 'zh_TW'],
    ['de', 'de_DE'],
    ['ar', 'ar_US'],
    ['id', 'in_ID'],
    ['en-GB', 'en_GB'],
    ['zh-TC', 'zh_TW'],
    ['ko', 'ko_KR'],
    ['tr', 'tr_TR'],
  ])('%s maps to %s', (locale, key) => {
    expect(requestLocaleFor(locale)).toBe(key);
  });

  it('does not map en-GB to ko_KR', () => {
    expect(requestLocaleFor('en-GB')).not.toBe('ko_KR');
  });

  it('falls back to en_US', () => {
    expect(FALLBACK_LANGUAGE_KEY).toBe('en_US');
    expect(requestLocaleFor('xx')).toBe('en_US');
    expect(requestLocaleFor('')).toBe('en_US');
    expect(requestLocaleFor('bg')).toBe('en_US');
    expect(requestLocaleFor('JA')).toBe('en_US');
  });
});
