import { describe, expect, it } from 'vitest';
import { Dec, text } from './decimal';
import { floorDivide, scaledOf, scaledText } from './scaled';

describe('scaled decimals', () => {
  it('reads a decimal as whole units', () => {
    expect(scaledOf('0.1')).toEqual({ units: 1, places: 1 });
    expect(scaledOf('0.00001')).toEqual({ units: 1, places: 5 });
    expect(scaledOf('0.025')).toEqual({ units: 25, places: 3 });
    expect(scaledOf('25')).toEqual({ units: 25, places: 0 });
    expect(() => scaledOf('0')).toThrow(/positive/);
  });

  it('prints units as the decimals print themselves', () => {
    for (const [units, places] of [
      [0, 0],
      [650_001, 1],
      [650_000, 1],
      [5, 5],
      [15_000, 5],
      [-123_450, 3],
      [9_007_199_254_740_991, 8],
    ] as const) {
      expect(scaledText(units, places)).toBe(text(new Dec(units).div(new Dec(10).pow(places))));
    }
  });

  it('floors a quotient exactly where the float quotient rounds up to a whole number', () => {
    // 2^53 - 1 over 3 is 3002399751580330.33..., and (2^53 - 2) / (2^53 - 1) rounds to 1 in float.
    expect(floorDivide(9_007_199_254_740_990, 9_007_199_254_740_991)).toBe(0);
    expect(floorDivide(9_007_199_254_740_991, 3)).toBe(3_002_399_751_580_330);
    expect(floorDivide(10, 5)).toBe(2);
    expect(floorDivide(9, 5)).toBe(1);
    expect(floorDivide(0, 7)).toBe(0);
  });
});
