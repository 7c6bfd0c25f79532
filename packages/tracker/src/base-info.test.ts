import { describe, expect, it } from 'vitest';
import type { UserAgentHints } from './platform';
import { deviceInfo, loadBrowserInfo, platformCode } from './base-info';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const mac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const linux = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

describe('base info', () => {
  it('parses browser, versions, manufacturer, model and sys with bowser', async () => {
    expect(await loadBrowserInfo(iphone, false)).toEqual({
      browser: 'Safari',
      browser_version: '17.0',
      os_version: '17.0',
      manufacturer: 'Apple',
      model: 'iPhone',
      sys: 'Mobile',
    });
    expect((await loadBrowserInfo(mac, false)).sys).toBe('MacOs');
    expect((await loadBrowserInfo(linux, false)).sys).toBe('Web');
    expect((await loadBrowserInfo(iphone, true)).sys).toBe('AppH5');
  });

  /** Client hints as a Chromium browser gives them, its made-up brand included. */
  const hintsOf = (
    brands: { brand: string; version: string }[],
    platform: string,
    high: { platformVersion?: string; model?: string } = {},
    mobile = false,
  ): UserAgentHints => ({
    brands: brands.map(({ brand, version }) => ({ brand, version: version.split('.')[0] ?? '' })),
    mobile,
    platform,
    getHighEntropyValues: async () => ({ fullVersionList: brands, ...high }),
  });
  const grease = { brand: 'Not;A=Brand', version: '8.0.0.0' };
  const chromium = { brand: 'Chromium', version: '150.0.7000.12' };

  it('reads Chromium browsers from their client hints, with what the frozen agent hides', async () => {
    // The agent string says Windows 10 whatever the system; the hints say which one it is.
    const chrome = hintsOf(
      [grease, chromium, { brand: 'Google Chrome', version: '150.0.7000.12' }],
      'Windows',
      { platformVersion: '15.0.0' },
    );
    expect(await loadBrowserInfo(mac, false, chrome)).toEqual({
      browser: 'Chrome',
      browser_version: '150.0.7000.12',
      os_version: '15.0.0',
      manufacturer: '',
      model: '',
      sys: 'Windows',
    });
    const pixel = hintsOf(
      [chromium, grease],
      'Android',
      { platformVersion: '14.0.0', model: 'Pixel 7' },
      true,
    );
    expect(await loadBrowserInfo(iphone, false, pixel)).toMatchObject({
      browser: 'Chromium',
      model: 'Pixel 7',
      sys: 'Mobile',
    });
    // A tablet is not "mobile" to the hints, but is a Mobile device to the tracker, as with bowser.
    const tablet = hintsOf([chromium], 'Android');
    expect((await loadBrowserInfo(iphone, false, tablet)).sys).toBe('Mobile');
    expect((await loadBrowserInfo(iphone, true, tablet)).sys).toBe('AppH5');
    expect((await loadBrowserInfo(iphone, false, hintsOf([chromium], 'macOS'))).sys).toBe('MacOs');
    expect((await loadBrowserInfo(iphone, false, hintsOf([chromium], 'Linux'))).sys).toBe('Web');
  });

  it('falls back to the low-entropy brands when the full ones are refused', async () => {
    const refusing: UserAgentHints = {
      ...hintsOf([chromium, { brand: 'Microsoft Edge', version: '150.0.3000.1' }], 'Windows'),
      getHighEntropyValues: () => Promise.reject(new Error('NotAllowedError')),
    };
    expect(await loadBrowserInfo(mac, false, refusing)).toMatchObject({
      browser: 'Microsoft Edge',
      browser_version: '150',
      os_version: '',
    });
  });

  it('parses the agent when the hints name no brand', async () => {
    expect(await loadBrowserInfo(iphone, false, hintsOf([grease], 'iOS'))).toMatchObject({
      browser: 'Safari',
      manufacturer: 'Apple',
    });
  });

  it('maps sys to the base-info platform codes', () => {
    expect(
      ['Web', 'Mobile', 'AppH5', 'Windows', 'MacOs'].map((sys) => platformCode(sys as 'Web')),
    ).toEqual([3, 4, 5, 6, 7]);
  });

  it('reads the device fields, unknown network without a device', () => {
    expect(deviceInfo(undefined)).toEqual({
      screen_width: 0,
      screen_height: 0,
      network_type: 'unknown',
      timezone_offset: 0,
    });
  });
});
