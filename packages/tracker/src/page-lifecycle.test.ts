import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Timing } from '@exchange-web/protocol/registry';
import { watchPageLifecycle, type PageLifecycleHandlers } from './page-lifecycle';
import type { Unlisten } from './platform';
import { fakePlatform, type FakePlatform } from './testing';

let platform: FakePlatform;
let calls: string[];
let unwatch: Unlisten;

/** Watches the fake page, recording every handler call by name (and argument). */
function watch(extra: Partial<PageLifecycleHandlers> = {}) {
  unwatch = watchPageLifecycle(platform, {
    onTick: () => calls.push('tick'),
    onHide: () => calls.push('hide'),
    onLeave: (unloading) => calls.push(unloading ? 'leave:unloading' : 'leave'),
    onShow: () => calls.push('show'),
    onRestore: () => calls.push('restore'),
    onUrlChange: (previous, next) => calls.push(`url:${previous.pathname}>${next.pathname}`),
    ...extra,
  });
}

const ticks = () => calls.filter((call) => call === 'tick').length;
const loop = (steps = 1) => vi.advanceTimersByTime(Timing.trackingLoopMs * steps);

beforeEach(() => {
  vi.useFakeTimers();
  platform = fakePlatform();
  calls = [];
});
afterEach(() => {
  unwatch();
  vi.useRealTimers();
});

describe('the loop', () => {
  it('steps every trackingLoopMs while visible, stops while hidden and restarts when visible', () => {
    watch();
    loop(3);
    expect(ticks()).toBe(3);
    platform.setHidden(true);
    loop(4);
    expect(ticks()).toBe(3);
    platform.setHidden(false);
    loop(2);
    expect(ticks()).toBe(5);
  });

  it('waits for the page to be visible when it starts hidden', () => {
    platform.pageState.hidden = true;
    watch();
    loop(3);
    expect(calls).toEqual([]);
    platform.setHidden(false);
    loop();
    expect(calls).toEqual(['show', 'tick']);
  });

  it('keeps stepping after a step throws', () => {
    let fail = true;
    watch({
      onTick: () => {
        calls.push('tick');
        if (fail) {
          fail = false;
          throw new Error('step failed');
        }
      },
    });
    expect(() => loop()).toThrow('step failed');
    loop(2);
    expect(ticks()).toBe(3);
  });
});

describe('hide and show', () => {
  it('hides once per hide and leaves on every signal, pagehide as unloading', () => {
    watch();
    platform.setHidden(true);
    platform.emit('window', 'pagehide');
    expect(calls).toEqual(['hide', 'leave', 'leave:unloading']);
  });

  it('shows after a hide only, and restores on a back/forward cache return', () => {
    watch();
    platform.setHidden(false);
    expect(calls).toEqual([]);
    platform.setHidden(true);
    platform.emit('window', 'pagehide', { persisted: true });
    platform.emit('window', 'pageshow', { persisted: true });
    expect(calls).toEqual(['hide', 'leave', 'leave:unloading', 'show', 'restore']);
    // A first load's pageshow is no return.
    platform.emit('window', 'pageshow', { persisted: false });
    expect(calls.filter((call) => call === 'restore')).toHaveLength(1);
    loop();
    expect(calls.at(-1)).toBe('tick');
  });

  it('forwards URL changes, not a change to the same URL', () => {
    watch();
    platform.navigate('/en/futures');
    platform.navigate('/en/futures');
    expect(calls).toEqual(['url:/en/markets>/en/futures']);
  });
});

describe('unwatch', () => {
  it('removes every listener and the loop timer, and nothing fires after', () => {
    watch();
    unwatch();
    expect(platform.listenerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    platform.setHidden(true);
    loop(2);
    expect(calls).toEqual([]);
  });

  it('stops the loop when unwatched from its own step', () => {
    watch({
      onTick: () => {
        calls.push('tick');
        unwatch();
      },
    });
    loop(3);
    expect(ticks()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
