import { describe, expect, it } from 'vitest';
import { ApiPath } from './paths';
import {
  IMAGE_DOMAIN_PATTERN,
  IMAGE_PATH_PREFIX,
  IMAGE_PROBE_PATH,
  ImagePath,
  INTERNAL_IMAGE_TIME_ZONES,
  INTERNAL_IMAGE_UTC_OFFSETS,
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

  it.each(INTERNAL_IMAGE_TIME_ZONES)('knows the offset %s keeps in winter and summer', (zone) => {
    // The client skips the zone name at any other offset, so a zone missing here would be lost.
    const minutesEast = (date: Date) => {
      const [hours = 0, minutes = 0] =
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
          .formatToParts(date)
          .find((part) => part.type === 'timeZoneName')
          ?.value.replace('GMT', '')
          .split(':')
          .map(Number) ?? [];
      return hours * 60 + Math.sign(hours) * minutes;
    };
    for (const date of [new Date('2026-01-15T12:00:00Z'), new Date('2026-07-15T12:00:00Z')])
      expect(INTERNAL_IMAGE_UTC_OFFSETS).toContain(minutesEast(date));
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
