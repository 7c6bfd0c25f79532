import { describe, expect, it } from 'vitest';
import type { RequestHook } from '../request/hooks';
import type { RequestSlot } from '../request/slots';
import { requestState } from '../testing/request-state';
import { SIGNING_SLOTS, lazySigningHooks } from './lazy-signing-hooks';

const request = (path: string, userId = '') =>
  requestState({ method: 'POST', path, body: {}, userId });

// Stand-ins for the real hooks, listed in another order than the slots.
function realHooks(seen: string[]) {
  const hook = (slot: RequestSlot): RequestHook => ({
    slot,
    beforeRequest: (state) => void seen.push(`${slot} ${state.path}`),
  });
  return {
    hooks: (['sign-error', 'request-signing', 'device-check', 'login-encryption'] as const).map(
      hook,
    ),
    prepare: async () => undefined,
  };
}

describe('lazy signing hooks', () => {
  it('load nothing for a visitor’s calls off the login paths', async () => {
    let loads = 0;
    const seen: string[] = [];
    const { hooks } = lazySigningHooks(async () => {
      loads += 1;
      return realHooks(seen);
    });
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/mix/public/usdtRate'));
    expect(loads).toBe(0);
    expect(seen).toEqual([]);
  });

  it('load once, on a login path or a signed-in user’s call, and run the real hook of each slot', async () => {
    let loads = 0;
    const seen: string[] = [];
    const { hooks } = lazySigningHooks(async () => {
      loads += 1;
      return realHooks(seen);
    });
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/user/login'));
    for (const hook of hooks) await hook.beforeRequest?.(request('/v1/asset/overview', '1001'));
    expect(loads).toBe(1);
    expect(seen).toEqual([
      ...hooks.map((hook) => `${hook.slot} /v1/user/login`),
      ...hooks.map((hook) => `${hook.slot} /v1/asset/overview`),
    ]);
  });

  it('fill the four signing slots before anything is loaded', () => {
    let loads = 0;
    const { hooks } = lazySigningHooks(async () => {
      loads += 1;
      return realHooks([]);
    });
    expect(hooks.map((hook) => hook.slot)).toEqual([...SIGNING_SLOTS]);
    expect(loads).toBe(0);
  });
});
