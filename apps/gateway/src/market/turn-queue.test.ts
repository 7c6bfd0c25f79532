import { describe, expect, it } from 'vitest';
import { TurnQueue } from './turn-queue';

/** Holds the thread, as a slice of market work does. */
const work = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
};

describe('TurnQueue', () => {
  it('gives each caller a turn of the event loop of its own, in order, so timers run between', async () => {
    const queue = new TurnQueue();
    const order: string[] = [];
    // Due after 1 ms, so at the latest while the first turn works: it runs before the last turn.
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 1),
    );
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await queue.next();
        order.push(name);
        work(5);
      }),
    );
    await timer;
    expect(order.filter((entry) => entry !== 'timer')).toEqual(['a', 'b', 'c']);
    expect(order.at(-1)).toBe('c');
  });
});
