import { describe, expect, it } from 'vitest';
import { requestState } from '../testing/request-state';
import { simulationHeaderHook } from './simulation-header';

const request = (headers: Record<string, string> = {}) =>
  requestState({ method: 'POST', path: '/v1/mix/public/usdtRate', headers, body: {} });

describe('simulation header hook', () => {
  it('adds paptrading: 1 while simulation is on', async () => {
    const state = request({ website: 'mix' });
    await simulationHeaderHook({ isOn: () => true }).beforeRequest?.(state);
    expect(state.headers).toEqual({ website: 'mix', paptrading: '1' });
  });

  it('adds nothing while simulation is off', async () => {
    const state = request({ website: 'mix' });
    await simulationHeaderHook({ isOn: () => false }).beforeRequest?.(state);
    expect(state.headers).toEqual({ website: 'mix' });
  });

  it('reads the flag at each request, not when it was made', async () => {
    let on = false;
    const hook = simulationHeaderHook({ isOn: () => on });
    const before = request();
    await hook.beforeRequest?.(before);
    on = true;
    const after = request();
    await hook.beforeRequest?.(after);
    expect([before.headers.paptrading, after.headers.paptrading]).toEqual([undefined, '1']);
  });

  it('keeps a paptrading header the call set itself', async () => {
    const state = request({ paptrading: '0' });
    await simulationHeaderHook({ isOn: () => true }).beforeRequest?.(state);
    expect(state.headers.paptrading).toBe('0');
  });

  it('fills the simulation-header slot', () => {
    expect(simulationHeaderHook({ isOn: () => true }).slot).toBe('simulation-header');
  });
});
