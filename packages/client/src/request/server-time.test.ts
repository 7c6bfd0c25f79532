import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';
import { createServerClock, serverTimeHook } from './server-time';

describe('server time', () => {
  it('corrects the clock by server time minus local time at the response', () => {
    let local = 1000;
    const clock = createServerClock(() => local);
    expect(clock.now()).toBe(1000);
    clock.observe(6000);
    expect(clock.now()).toBe(6000);
    local = 1500;
    expect(clock.now()).toBe(6500);
    clock.observe(1200);
    expect(clock.now()).toBe(1200);
  });

  it('reads requesttime from every response, error replies too, and ignores nonsense', async () => {
    const local = 1_000_000;
    const clock = createServerClock(() => local);
    const replies = [
      {
        status: 200,
        headers: { requesttime: '1005000' },
        body: { code: '00000', data: 1, msg: '' },
      },
      { status: 200, headers: { requesttime: 'soon' }, body: { code: '00000', data: 1, msg: '' } },
      { status: 200, headers: { requesttime: '' }, body: { code: '00000', data: 1, msg: '' } },
      { status: 200, headers: {}, body: { code: '00000', data: 1, msg: '' } },
      {
        status: 400,
        headers: { requesttime: '990000' },
        body: { code: '40001', data: null, msg: 'x' },
      },
    ];
    const send = createPipeline({
      transport: async () => replies.shift() ?? { status: 200, headers: {}, body: null },
      hooks: [serverTimeHook(clock)],
    });
    await send('GET', '/v1/a', undefined);
    expect(clock.now()).toBe(1_005_000);
    await send('GET', '/v1/a', undefined);
    await send('GET', '/v1/a', undefined);
    await send('GET', '/v1/a', undefined);
    expect(clock.now()).toBe(1_005_000);
    await send('GET', '/v1/a', undefined).catch(() => undefined);
    expect(clock.now()).toBe(990_000);
  });
});
