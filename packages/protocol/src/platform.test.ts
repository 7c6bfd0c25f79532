import { describe, expect, it } from 'vitest';
import { ClientPlatform } from './platform';

describe('ClientPlatform', () => {
  it('is the enumeration of SPEC.md section 3', () => {
    expect(ClientPlatform).toEqual({
      WEB: 1,
      ANDROID: 2,
      IOS: 3,
      API: 4,
      H5: 5,
      SYSTEM: 6,
      INNER: 7,
      APP_BROWSER: 8,
      TG_PC: 9,
      TG_WEB: 10,
      TG_IOS: 11,
      TG_ANDROID: 12,
      WINDOWS: 13,
      MACOS: 14,
    });
  });
});
