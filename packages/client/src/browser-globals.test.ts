import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './browser-globals';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, with the timeout as a deadline, and can be cancelled', () => {
    const requested: { callback: () => void; timeout: number | undefined }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      requested.push({ callback, timeout: options?.timeout });
      return requested.length;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const work = vi.fn();
    const cancel = whenIdle(work, 1500);
    expect(work).not.toHaveBeenCalled();
    expect(requested[0]?.timeout).toBe(1500);
    requested[0]?.callback();
    expect(work).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('falls back to the next task where idle callbacks do not exist', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    const cancelledWork = vi.fn();
    whenIdle(cancelledWork)();
    vi.advanceTimersByTime(10);
    expect(cancelledWork).not.toHaveBeenCalled();
  });
});
