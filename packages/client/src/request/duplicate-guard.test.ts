import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicateGuardHook } from './duplicate-guard';
import type { RequestHook } from './hooks';
import { createPipeline, type TransportReply } from './pipeline';

// A counting transport: answers each send with its number, so a caller can tell which send it got.
function setup(extraHooks: RequestHook[] = []) {
  let sends = 0;
  const send = createPipeline({
    transport: async (): Promise<TransportReply> => {
      sends += 1;
      return { status: 200, headers: {}, body: { code: '00000', data: sends, msg: '' } };
    },
    hooks: [duplicateGuardHook({ now: () => Date.now() }), ...extraHooks],
  });
  return { send, sends: () => sends };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('duplicate guard', () => {
  it('lets 2 identical calls within 1000 ms on the wire; the third shares the latest', async () => {
    const { send, sends } = setup();
    const results = await Promise.all([
      send('POST', '/v1/a', { x: 1 }),
      send('POST', '/v1/a', { x: 1 }),
      send('POST', '/v1/a', { x: 1 }),
    ]);
    expect(sends()).toBe(2);
    expect(results).toEqual([1, 2, 2]);
  });

  it('keeps sharing within the gap, settled or not, and sends again once it has passed', async () => {
    const { send, sends } = setup();
    await send('GET', '/v1/a', { q: 1 });
    vi.advanceTimersByTime(400);
    await send('GET', '/v1/a', { q: 1 });
    vi.advanceTimersByTime(500);
    await expect(send('GET', '/v1/a', { q: 1 })).resolves.toBe(2);
    expect(sends()).toBe(2);
    // 1000 ms after the first send, only the second is within the gap: one more may go.
    vi.advanceTimersByTime(100);
    await expect(send('GET', '/v1/a', { q: 1 })).resolves.toBe(3);
    await expect(send('GET', '/v1/a', { q: 1 })).resolves.toBe(3);
    expect(sends()).toBe(3);
    vi.advanceTimersByTime(1000);
    await expect(send('GET', '/v1/a', { q: 1 })).resolves.toBe(4);
  });

  it('tells calls apart by method, path and payload, object keys in any order alike', async () => {
    const { send, sends } = setup();
    await Promise.all([
      send('POST', '/v1/a', { x: 1, y: 2 }),
      send('POST', '/v1/a', { y: 2, x: 1 }),
      send('POST', '/v1/a', { x: 1, y: 2 }),
    ]);
    expect(sends()).toBe(2);
    await Promise.all([
      send('POST', '/v1/a', { x: 2 }),
      send('POST', '/v1/b', { x: 1, y: 2 }),
      send('GET', '/v1/a', { x: 1, y: 2 }),
    ]);
    expect(sends()).toBe(5);
  });

  it('shares a failure too', async () => {
    let sends = 0;
    const send = createPipeline({
      transport: async () => {
        sends += 1;
        return {
          status: 200,
          headers: {},
          body: { code: '30001', data: null, msg: `no ${sends}` },
        };
      },
      hooks: [duplicateGuardHook({ now: () => Date.now() })],
    });
    const outcomes = await Promise.allSettled([
      send('GET', '/v1/a', undefined),
      send('GET', '/v1/a', undefined),
      send('GET', '/v1/a', undefined),
    ]);
    expect(
      outcomes.map((outcome) => outcome.status === 'rejected' && String(outcome.reason)),
    ).toEqual(['ApiError: no 1', 'ApiError: no 2', 'ApiError: no 2']);
  });

  it('does not count the retries a hook asks for', async () => {
    let asked = 0;
    const { send, sends } = setup([
      {
        slot: 'challenge',
        afterResponse: () => (asked++ === 0 ? { action: 'retry', headers: {} } : undefined),
      },
    ]);
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe(2);
    await expect(send('GET', '/v1/a', undefined)).resolves.toBe(3);
    expect(sends()).toBe(3);
  });

  it('takes a gap and a limit', async () => {
    let sends = 0;
    const send = createPipeline({
      transport: async () => {
        sends += 1;
        return { status: 200, headers: {}, body: { code: '00000', data: sends, msg: '' } };
      },
      hooks: [duplicateGuardHook({ now: () => Date.now(), gapMs: 50, limit: 1 })],
    });
    await Promise.all([send('GET', '/v1/a', undefined), send('GET', '/v1/a', undefined)]);
    expect(sends).toBe(1);
    vi.advanceTimersByTime(50);
    await send('GET', '/v1/a', undefined);
    expect(sends).toBe(2);
  });
});
