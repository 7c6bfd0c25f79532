import { describe, expect, it } from 'vitest';
import { readSiteSettings } from './shell-request';

describe('readSiteSettings', () => {
  it('turns image rewriting on and uses the default affiliated domains when unset', () => {
    expect(readSiteSettings({})).toEqual({
      replaceImageDomain: true,
      affiliatedDomains: ['exchange-web.test', 'www.exchange-web.test'],
    });
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
