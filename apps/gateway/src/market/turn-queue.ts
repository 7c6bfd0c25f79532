import { setImmediate } from 'node:timers/promises';

/**
 * Hands out turns of the event loop one at a time, in the order they were asked for: each
 * `next()` resolves in a later turn than every earlier one. The market's public calls wait for a
 * turn before each slice of their work, so however many arrive at once, one turn of the loop runs
 * at most one slice of market work, and timers, health checks and other requests run between.
 */
export class TurnQueue {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves at the caller's turn: after the previous caller's, in a later turn of the loop. */
  next(): Promise<void> {
    // An immediate set while immediates run fires in the next turn of the loop, so chaining
    // each one on the previous puts every caller in a turn of its own.
    const turn = this.#tail.then(() => setImmediate());
    this.#tail = turn;
    return turn;
  }
}
