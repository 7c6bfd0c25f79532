import { describe, expect, it } from 'vitest';
import {
  buildPath,
  detectLanguage,
  directionChanges,
  htmlLang,
  pathPrefixOf,
  prefixAfterLanguageChange,
} from './language';

describe('detectLanguage', () => {
  it.each([
    [{ cookie: 'ja', pathname: '/' }, 'ja'],
    [{ cookie: 'ja', pathname: '/de/spot' }, 'ja'],
    [{ cookie: undefined, pathname: '/de/spot' }, 'de'],
    [{ cookie: 'xx', pathname: '/zh-CN/fee' }, 'zh-CN'],
    [{ cookie: undefined, pathname: '/bg/ru/spot' }, 'ru'],
    [{ cookie: undefined, pathname: '/bg/' }, 'en'],
    [{ cookie: undefined, pathname: '/spot/BTCUSDT' }, 'en'],
    [{ cookie: '', pathname: '/ar' }, 'ar'],
  ])('%o reads %s', (input, expected) => {
    expect(detectLanguage(input)).toBe(expected);
  });
});

describe('path prefixes', () => {
  it.each([
    ['/ja/spot', 'ja'],
    ['/bg/spot', 'bg'],
    ['/bg/ru/spot', 'bg/ru'],
    ['/spot', ''],
    ['/', ''],
    ['/en-CA', 'en-CA'],
  ])('%s has prefix "%s"', (pathname, prefix) => {
    expect(pathPrefixOf(pathname)).toBe(prefix);
  });

  it.each([
    ['/spot/BTCUSDT', 'ja', '/ja/spot/BTCUSDT'],
    ['spot', 'ja', '/ja/spot'],
    ['/', 'ja', '/ja'],
    ['/', '', '/'],
    ['/fee', '', '/fee'],
    ['/fee', 'bg', '/bg/fee'],
    ['/fee', 'bg/ru', '/bg/ru/fee'],
  ])('buildPath(%s, %s) is %s', (path, prefix, expected) => {
    expect(buildPath(path, prefix)).toBe(expected);
  });

  it('moves a locale prefix to the new language but keeps the hidden bg prefix', () => {
    expect(prefixAfterLanguageChange('ja', 'de')).toBe('de');
    expect(prefixAfterLanguageChange('', 'de')).toBe('de');
    expect(prefixAfterLanguageChange('bg', 'de')).toBe('bg');
    expect(prefixAfterLanguageChange('bg/ru', 'de')).toBe('bg');
  });

  it('knows when the text direction flips', () => {
    expect(directionChanges('en', 'ar')).toBe(true);
    expect(directionChanges('ar', 'ja')).toBe(true);
    expect(directionChanges('en', 'ja')).toBe(false);
  });
});

describe('htmlLang', () => {
  it.each([
    ['ja', 'ja'],
    ['zh-CN', 'zh-CN'],
    ['zh-TC', 'zh-TW'],
    ['asia', 'en'],
    ['ph', 'fil'],
    ['ar', 'ar'],
  ])('%s is lang="%s"', (locale, expected) => {
    expect(htmlLang(locale)).toBe(expected);
  });
});
