import { describe, expect, it } from 'vitest';
import { SeededRandom } from './random';

const draw = (seed: string, count: number) => {
  const random = new SeededRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('SeededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(draw('a seed', 50)).toEqual(draw('a seed', 50));
    expect(draw('a seed', 50)).not.toEqual(draw('another seed', 50));
  });

  it('keeps every draw in its range', () => {
    const random = new SeededRandom('ranges');
    for (let i = 0; i < 2000; i += 1) {
      const unit = random.next();
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
      const whole = random.int(3, 6);
      expect(Number.isInteger(whole) && whole >= 3 && whole <= 6).toBe(true);
      const log = random.logBetween(10, 1000);
      expect(log).toBeGreaterThanOrEqual(10);
      expect(log).toBeLessThan(1000);
    }
  });

  it('reaches both ends of an integer range and spreads draws evenly', () => {
    const random = new SeededRandom('spread');
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i += 1) counts[random.int(0, 3)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(850);
  });

  it('samples different items', () => {
    const random = new SeededRandom('sample');
    const items = ['a', 'b', 'c', 'd', 'e'];
    const picked = random.sample(items, 4);
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
    expect(random.sample(items, 9)).toHaveLength(5);
    expect(() => random.pick([])).toThrow();
  });
});
