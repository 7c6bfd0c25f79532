import { describe, expect, it } from 'vitest';
import { readSiteSettings, shellRequestOf } from './shell-request';

describe('readSiteSettings', () => {
  it('turns image rewriting on and uses the default affiliated domains when unset', () => {
    expect(readSiteSettings({})).toEqual({
      replaceImageDomain: true,
      affiliatedDomains: ['exchange-web.test', 'www.exchange-web.test'],
      testEnvironment: {},
    });
  });

  it('reads the test environment routing headers, sending no value a header could break on', () => {
    expect(readSiteSettings({ SITE_PFB: ' test3 ', SITE_BETA: 'b-2.x' }).testEnvironment).toEqual({
      pfb: 'test3',
      beta: 'b-2.x',
    });
    expect(readSiteSettings({ SITE_PFB: 'a\r\nx: y' }).testEnvironment).toEqual({});
    expect(readSiteSettings({ SITE_PFB: '', SITE_BETA: 'x'.repeat(65) }).testEnvironment).toEqual(
      {},
    );
  });

  it('reads REPLACE_IMAGE_DOMAIN and AFFILIATED_DOMAINS', () => {
    for (const off of ['0', 'false', 'OFF', ' no '])
      expect(readSiteSettings({ REPLACE_IMAGE_DOMAIN: off }).replaceImageDomain).toBe(false);
    expect(readSiteSettings({ REPLACE_IMAGE_DOMAIN: '1' }).replaceImageDomain).toBe(true);
    expect(readSiteSettings({ AFFILIATED_DOMAINS: 'a.test, B.test' }).affiliatedDomains).toEqual([
      'a.test',
      'b.test',
    ]);
    expect(readSiteSettings({ AFFILIATED_DOMAINS: '' }).affiliatedDomains).toEqual([]);
  });
});

describe('the shell request under /bg/{locale}', () => {
  const request = (routerLocale: string, url: string | undefined) =>
    shellRequestOf({ req: { headers: {}, url }, query: {}, locale: routerLocale });

  it('reads the language and the two-segment prefix from the address as visited', () => {
    expect(request('bg', '/ja/spot/BTCUSDT')).toMatchObject({ language: 'ja', prefix: 'bg/ja' });
    expect(request('bg', '/ar')).toMatchObject({ language: 'ar', prefix: 'bg/ar' });
    expect(request('bg', '/spot/BTCUSDT')).toMatchObject({ language: 'en', prefix: 'bg' });
    expect(request('de', '/fee')).toMatchObject({ language: 'de', prefix: 'de' });
    expect(request('default', '/fee')).toMatchObject({ language: 'en', prefix: '' });
  });

  it('reads the router locale alone for a client navigation’s data request', () => {
    expect(request('bg', '/_next/data/build/bg/ja/fee.json')).toMatchObject({ prefix: 'bg' });
    expect(request('bg', undefined)).toMatchObject({ prefix: 'bg' });
  });
});
