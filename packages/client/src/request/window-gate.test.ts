import { describe, expect, it } from 'vitest';
import { createWindowGate } from './window-gate';

describe('window gate', () => {
  it('passes a key once per window measured from its pass, keys apart', () => {
    let now = 0;
    const pass = createWindowGate(() => now, 2000);
    expect([pass('a'), pass('a'), pass('b')]).toEqual([true, false, true]);
    now = 1999;
    expect(pass('a')).toBe(false);
    now = 2000;
    expect([pass('a'), pass('a')]).toEqual([true, false]);
  });
});
