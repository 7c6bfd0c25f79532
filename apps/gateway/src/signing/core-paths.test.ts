import { ApiPath } from '@exchange-web/protocol/paths';
import { describe, expect, it } from 'vitest';
import { CORE_SIGN_PATHS, requiredSignMode } from './core-paths';

describe('requiredSignMode', () => {
  it('asks mode 2 of every core call, which all take a body', () => {
    for (const path of [
      ApiPath.assetOverview,
      ApiPath.apiKeyList,
      ApiPath.apiKeyCreate,
      ApiPath.apiKeyDelete,
    ]) {
      expect(requiredSignMode(path)).toBe(2);
    }
    expect(requiredSignMode('/v1/user/apiKey/rename')).toBe(2);
  });

  it('signs nothing else', () => {
    expect(requiredSignMode(ApiPath.login)).toBeUndefined();
    expect(requiredSignMode('/v1/user/apiKey')).toBeUndefined();
    expect(requiredSignMode('/v1/asset/overview/x')).toBeUndefined();
  });

  it('takes an exact entry first, then the longest prefix, and mode 0 when none is given', () => {
    const paths = {
      exactUrls: ['/a'],
      prefixUrls: ['/p/', '/p/q/'],
      signModes: { '/p/': 1 as const, '/p/q/': 2 as const },
      userCheckDeviceUrl: [],
    };
    expect(requiredSignMode('/a', paths)).toBe(0);
    expect(requiredSignMode('/p/x', paths)).toBe(1);
    expect(requiredSignMode('/p/q/x', paths)).toBe(2);
  });

  it('lists the login call for the device check', () => {
    expect(CORE_SIGN_PATHS.userCheckDeviceUrl).toEqual([ApiPath.login]);
  });
});
