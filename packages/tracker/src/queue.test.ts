import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timing } from '@exchange-web/protocol/registry';
import { createQueue, QUEUE_STORAGE_WARNING, queueKey } from './queue';
import { fakePlatform, trackingEventFixture, type FakePlatform } from './testing';

let platform: FakePlatform;
let warnings: string[];
const event = trackingEventFixture;
const make = (tab = 'me') => createQueue(platform, tab, (m) => warnings.push(m), 500);

beforeEach(() => {
  vi.useFakeTimers();
  platform = fakePlatform();
  warnings = [];
});
afterEach(() => vi.useRealTimers());

describe('queue', () => {
  it('mirrors to tracking_queue:{tab} as {updatedAt, events}, once per task', async () => {
    const queue = make();
    const writes = vi.spyOn(platform.local, 'setItem');
    queue.add(event('1'));
    expect(writes).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(writes).toHaveBeenCalledTimes(1);
    expect(JSON.parse(platform.local.getItem(queueKey('me')) ?? '')).toEqual({
      updatedAt: Date.now(),
      events: [event('1')],
    });
    expect(queueKey('me')).toBe('tracking_queue:me');
  });

  it('merges merge events of one id while unsent, not once sent or too big', () => {
    const queue = make();
    queue.add(event('1', { merge: true, event_tracking_ext: { n: 1 } }));
    queue.add(event('2', { merge: true, event_tracking_ext: { n: 2 } }));
    expect(queue.all().map((item) => item.event_tracking_ext)).toEqual([[{ n: 1 }, { n: 2 }]]);
    queue.markSending(queue.peek(1));
    queue.add(event('3', { merge: true, event_tracking_ext: { n: 3 } }));
    expect(queue.size).toBe(2);
    queue.add(event('4', { merge: true, event_tracking_ext: { n: 4 } }));
    queue.add(event('5', { merge: true, event_tracking_ext: { pad: 'x'.repeat(400) } }));
    expect(queue.size).toBe(3);
  });

  it('counts resends in retry_count and keeps the event_id', () => {
    const queue = make();
    queue.add(event('1'));
    expect(queue.markSending(queue.peek(1))[0]?.retry_count ?? 0).toBe(0);
    expect(queue.markSending(queue.peek(1))[0]?.retry_count).toBe(1);
    expect(queue.all()[0]).toMatchObject({ event_id: '1', retry_count: 1 });
  });

  it('adopts only mirrors older than the orphan time, deduped, and removes their keys', () => {
    const old = Date.now() - Timing.trackingOrphanMs - 1;
    platform.local.setItem(
      queueKey('a'),
      JSON.stringify({ updatedAt: old, events: [event('x'), event('y')] }),
    );
    platform.local.setItem(queueKey('b'), JSON.stringify({ updatedAt: old, events: [event('y')] }));
    platform.local.setItem(
      queueKey('c'),
      JSON.stringify({ updatedAt: Date.now(), events: [event('z')] }),
    );
    platform.local.setItem(queueKey('d'), 'not json');
    const queue = make();
    expect(queue.adoptOrphans()).toBe(2);
    expect(queue.all().map((item) => item.event_id)).toEqual(['x', 'y']);
    expect(platform.local.getItem(queueKey('a'))).toBeNull();
    expect(platform.local.getItem(queueKey('d'))).toBeNull();
    expect(platform.local.getItem(queueKey('c'))).not.toBeNull();
  });

  it('keeps the memory queue when storage throws on write, warning once', async () => {
    platform.local.failWrites = true;
    const queue = make();
    expect(() => {
      queue.add(event('1'));
      queue.add(event('2'));
    }).not.toThrow();
    await Promise.resolve();
    queue.persist();
    expect(queue.size).toBe(2);
    expect(warnings).toEqual([QUEUE_STORAGE_WARNING]);
    queue.remove(['1']);
    expect(queue.all().map((item) => item.event_id)).toEqual(['2']);
  });
});
