import { describe, expect, it } from 'vitest';
import { deviceName } from './user-agent';

describe('deviceName', () => {
  it('names the browser with its major version and the system with its version', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'Windows 10' });
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', os: 'iOS 17.5' });
  });

  it('says nothing it cannot read', () => {
    expect(deviceName('')).toEqual({ browser: '', os: '' });
    expect(deviceName('Laptop/1.0')).toEqual({ browser: '', os: '' });
  });
});
