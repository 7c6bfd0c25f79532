import Bowser from 'bowser';
import { describe, expect, it } from 'vitest';
import { installPlatformOf } from './install-platform';

const parse = (agent: string) => Bowser.parse(agent);

describe('installPlatformOf', () => {
  it('reads iPhones, Android phones and computers from their user agents', () => {
    expect(
      installPlatformOf(
        parse(
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        ),
      ),
    ).toBe('ios');
    expect(
      installPlatformOf(
        parse(
          'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
        ),
      ),
    ).toBe('android');
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
    expect(installPlatformOf(parse(mac))).toBe('desktop');
    // The same agent from an iPad asking for the desktop site: only touch tells it apart.
    expect(installPlatformOf(parse(mac), true)).toBe('ios');
    expect(
      installPlatformOf(
        parse(
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        ),
      ),
    ).toBe('desktop');
  });
});
