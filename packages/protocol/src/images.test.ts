import { describe, expect, it } from 'vitest';
import { ApiPath } from './paths';
import {
  IMAGE_DOMAIN_PATTERN,
  IMAGE_PATH_PREFIX,
  IMAGE_PROBE_PATH,
  ImagePath,
  imageRegionOf,
} from './images';

describe('image domains', () => {
  it('serves the probe image under the image prefix', () => {
    expect(IMAGE_PROBE_PATH.startsWith(IMAGE_PATH_PREFIX)).toBe(true);
  });

  it.each([
    ['Asia/Shanghai', 'internal'],
    ['Asia/Urumqi', 'internal'],
    ['Asia/Tokyo', 'foreign'],
    ['Asia/Hong_Kong', 'foreign'],
    ['Europe/Berlin', 'foreign'],
    [undefined, 'foreign'],
    ['', 'foreign'],
  ])('puts a visitor in %s on the %s list', (timeZone, region) => {
    expect(imageRegionOf(timeZone)).toBe(region);
  });

  it.each(['https://img.example.test', 'http://127.0.0.1:4301', 'https://cdn-2.example.test:8443'])(
    'takes the origin %s as an image domain',
    (domain) => {
      expect(IMAGE_DOMAIN_PATTERN.test(domain)).toBe(true);
    },
  );

  it.each([
    'img.example.test',
    'https://img.example.test/',
    'https://a.test/images',
    'javascript:x',
  ])('refuses %s as an image domain', (domain) => {
    expect(IMAGE_DOMAIN_PATTERN.test(domain)).toBe(false);
  });

  it('keeps its call apart from the spec paths', () => {
    expect(Object.values(ApiPath)).not.toContain(ImagePath.coinIcons);
    expect(ImagePath.coinIcons.startsWith('/v1/')).toBe(true);
  });
});
