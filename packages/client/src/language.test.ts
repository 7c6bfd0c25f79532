import { describe, expect, it } from 'vitest';
import {
  buildPath,
  detectLanguage,
  directionChanges,
  htmlLang,
  pathPrefixOf,
  pagePathOf,
  prefixAfterLanguageChange,
  routerPathFor,
  visitedPrefix,
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

describe('the router under bg/{locale}', () => {
  it('reads the prefix of the address from the router locale and path', () => {
    expect(visitedPrefix('bg', '/ja/spot/BTCUSDT')).toBe('bg/ja');
    expect(visitedPrefix('bg', '/ja')).toBe('bg/ja');
    expect(visitedPrefix('bg', '/spot/BTCUSDT')).toBe('bg');
    expect(visitedPrefix('bg', '/')).toBe('bg');
    expect(visitedPrefix('ja', '/ar/x')).toBe('ja');
    expect(visitedPrefix('', '/ja')).toBe('');
  });

  it('finds the page path behind the prefix, and the router path back from it', () => {
    expect(pagePathOf('/ja/spot/BTCUSDT', 'bg/ja')).toBe('/spot/BTCUSDT');
    expect(pagePathOf('/ja', 'bg/ja')).toBe('/');
    expect(pagePathOf('/ja?x=1', 'bg/ja')).toBe('/?x=1');
    expect(pagePathOf('/spot/BTCUSDT', 'ja')).toBe('/spot/BTCUSDT');
    expect(pagePathOf('/spot/BTCUSDT', 'bg')).toBe('/spot/BTCUSDT');
    expect(routerPathFor('/spot/BTCUSDT', 'bg/ja')).toEqual({
      locale: 'bg',
      asPath: '/ja/spot/BTCUSDT',
    });
    expect(routerPathFor('/', 'bg/ja')).toEqual({ locale: 'bg', asPath: '/ja' });
    expect(routerPathFor('/fee', 'de')).toEqual({ locale: 'de', asPath: '/fee' });
    expect(routerPathFor('/fee', '')).toEqual({ locale: '', asPath: '/fee' });
  });
});
