import { afterEach, describe, expect, it, vi } from 'vitest';
import { importInTurns } from './import-in-turns';

afterEach(() => vi.useRealTimers());

describe('importInTurns', () => {
  it('imports each module in a task of its own and answers the last one', async () => {
    vi.useFakeTimers();
    const imported: string[] = [];
    const load = (name: string) => () => {
      imported.push(name);
      return Promise.resolve({ name });
    };
    const loading = importInTurns([load('axios'), load('schemas')], load('client'));

    await vi.advanceTimersByTimeAsync(0);
    expect(imported).toEqual(['axios', 'schemas']);
    // Before the next task runs, only what the current one imported has started.
    const settled = vi.fn();
    void loading.then(settled);
    expect(settled).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(imported).toEqual(['axios', 'schemas', 'client']);
    await expect(loading).resolves.toEqual({ name: 'client' });
  });

  it('waits for a task between two imports', async () => {
    vi.useFakeTimers();
    const imported: string[] = [];
    const loading = importInTurns([() => Promise.resolve(imported.push('first'))], () =>
      Promise.resolve(imported.push('last')),
    );
    // Microtasks alone do not reach the last import: it waits for the timer's task.
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    expect(imported).toEqual(['first']);
    vi.advanceTimersByTime(0);
    await loading;
    expect(imported).toEqual(['first', 'last']);
  });

  it('rejects with a failed import and imports nothing after it', async () => {
    const last = vi.fn(() => Promise.resolve('never'));
    const failure = new Error('chunk did not load');
    await expect(importInTurns([() => Promise.reject(failure)], last)).rejects.toBe(failure);
    expect(last).not.toHaveBeenCalled();
  });
});
