import { describe, expect, it } from 'vitest';
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
