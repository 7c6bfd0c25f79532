import { describe, expect, it } from 'vitest';
import {
  imagePathOn,
  isDefaultHostImage,
  normaliseImageDomain,
  originOf,
  rewriteImageUrl,
  rewriteImageUrlsDeep,
} from './image-url';

const site = 'https://exchange-web.test';
const to = { siteOrigin: site, domain: 'https://img1.test' };

describe('rewriteImageUrl', () => {
  it('moves image paths and absolute image URLs of the site to the chosen domain', () => {
    expect(rewriteImageUrl('/images/coins/btc.svg', to)).toBe(
      'https://img1.test/images/coins/btc.svg',
    );
    expect(rewriteImageUrl(`${site}/images/coins/btc.svg?v=2#x`, to)).toBe(
      'https://img1.test/images/coins/btc.svg?v=2#x',
    );
  });

  it('leaves other hosts, other paths, data: and blob: URLs alone', () => {
    for (const url of [
      'https://other.test/images/a.png',
      '/imagesx/a.png',
      '/spot/BTCUSDT',
      `${site}/fees`,
      'images/a.png',
      '//images/a.png',
      'data:image/png;base64,AAAA',
      'DATA:image/svg+xml,<svg/>',
      'blob:https://exchange-web.test/1234',
      '',
    ])
      expect(rewriteImageUrl(url, to)).toBe(url);
  });

  it('changes nothing while the domain is the site itself', () => {
    expect(rewriteImageUrl('/images/a.png', { siteOrigin: site, domain: site })).toBe(
      '/images/a.png',
    );
  });

  it('tells which URLs are default-host images', () => {
    expect(isDefaultHostImage('/images/a.png', site)).toBe(true);
    expect(isDefaultHostImage(`${site}/images/a.png`, site)).toBe(true);
    expect(isDefaultHostImage('https://img1.test/images/a.png', site)).toBe(false);
  });
});

describe('rewriteImageUrlsDeep', () => {
  it('rewrites string values deep in arrays and objects and keeps everything else', () => {
    const value = {
      icons: [{ coin: 'BTC', url: '/images/coins/btc.svg' }],
      nested: { deeper: [[`${site}/images/x.png`]], count: 2, flag: true, none: null },
      text: 'not /images/ at the start',
    };
    expect(rewriteImageUrlsDeep(value, to)).toEqual({
      icons: [{ coin: 'BTC', url: 'https://img1.test/images/coins/btc.svg' }],
      nested: { deeper: [['https://img1.test/images/x.png']], count: 2, flag: true, none: null },
      text: 'not /images/ at the start',
    });
  });

  it('returns the same reference when nothing changed', () => {
    const value = { a: ['x', { b: 1 }] };
    expect(rewriteImageUrlsDeep(value, to)).toBe(value);
    expect(rewriteImageUrlsDeep({ a: '/images/x' }, { siteOrigin: site, domain: site })).toEqual({
      a: '/images/x',
    });
  });
});

describe('normaliseImageDomain and originOf', () => {
  it('accepts origins, gives bare hosts the site scheme, refuses anything else', () => {
    expect(normaliseImageDomain('https://IMG1.test/', 'https:')).toBe('https://img1.test');
    expect(normaliseImageDomain('http://127.0.0.1:4301', 'https:')).toBe('http://127.0.0.1:4301');
    expect(normaliseImageDomain('img.a.test', 'http:')).toBe('http://img.a.test');
    expect(normaliseImageDomain('https://img.test/path', 'https:')).toBeUndefined();
    expect(normaliseImageDomain('javascript:alert(1)', 'https:')).toBeUndefined();
    expect(normaliseImageDomain('', 'https:')).toBeUndefined();
  });

  it('reads the origin of relative and absolute URLs', () => {
    expect(originOf('/images/a.png', site)).toBe(site);
    expect(originOf('https://img1.test/images/a.png', site)).toBe('https://img1.test');
    expect(originOf('::', '')).toBeUndefined();
  });
});

describe('imagePathOn', () => {
  it('reads the image path of a path or of a URL on one of the origins', () => {
    expect(imagePathOn('/images/a.png?x', [])).toBe('/images/a.png?x');
    expect(imagePathOn('https://img1.test/images/a.png', ['https://img1.test'])).toBe(
      '/images/a.png',
    );
    expect(imagePathOn('https://img2.test/images/a.png', ['https://img1.test'])).toBeUndefined();
    expect(imagePathOn('https://img1.test/a.png', ['https://img1.test'])).toBeUndefined();
    expect(imagePathOn('data:image/png;base64,AA', [''])).toBeUndefined();
  });
});
