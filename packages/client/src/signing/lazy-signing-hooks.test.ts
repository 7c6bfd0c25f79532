import { describe, expect, it } from 'vitest';
import type { RequestHook, RequestState } from '../request/hooks';
import { lazySigningHooks } from './lazy-signing-hooks';

const request = (path: string, userId = ''): RequestState =>
  ({
    method: 'POST',
    path,
    headers: {},
    body: {},
    query: undefined,
    attempt: 0,
    userId,
  }) as unknown as RequestState;

function realHooks(seen: string[]) {
  const hook = (name: string): RequestHook => ({
    name,
    beforeRequest: (state) => void seen.push(`${name} ${state.path}`),
  });
  return {
    loginEncryption: hook('login-encryption'),
    signError: hook('sign-error'),
    deviceCheck: hook('device-check'),
    requestSigning: hook('request-signing'),
    place: (hooks: readonly RequestHook[]) => [...hooks],
    prepare: async () => undefined,
  };
}

describe('lazy signing hooks', () => {
  it('load nothing for a visitor’s calls off the login paths', async () => {
    let loads = 0;
    const seen: string[] = [];
    const hooks = lazySigningHooks(async () => {
      loads += 1;
      return realHooks(seen);
    }).place([]);
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/mix/public/usdtRate'));
    expect(loads).toBe(0);
    expect(seen).toEqual([]);
  });

  it('load once, on a login path or a signed-in user’s call, and run the real hooks', async () => {
    let loads = 0;
    const seen: string[] = [];
    const hooks = lazySigningHooks(async () => {
      loads += 1;
      return realHooks(seen);
    }).place([]);
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/user/login'));
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/asset/overview', '1001'));
    expect(loads).toBe(1);
    expect(seen).toContain('login-encryption /v1/user/login');
    expect(seen).toContain('request-signing /v1/asset/overview');
  });

  it('keep the places and names of the real hooks', () => {
    const names = lazySigningHooks(async () => realHooks([]))
      .place([{ name: 'common-headers' }, { name: 'session-expiry' }, { name: 'error-notice' }])
      .map((hook) => hook.name);
    expect(names).toEqual([
      'common-headers',
      'login-encryption',
      'sign-error',
      'session-expiry',
      'error-notice',
      'device-check',
      'request-signing',
    ]);
  });
});
