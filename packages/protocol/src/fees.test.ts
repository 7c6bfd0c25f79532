import { describe, expect, it } from 'vitest';
import { levelFor, nextLevelProgress, ratePercent, type VipLevel } from './fees';

const rates = (taker: string) => ({
  spot: { maker: taker, taker },
  margin: { maker: taker, taker },
  futures: { maker: taker, taker },
});
// Given out of order on purpose: the level number orders them, not the list.
const SCHEDULE: VipLevel[] = [
  { level: 2, minVolumeUsdt: '5000000', minAssetsUsdt: '1000000', rates: rates('0.0009') },
  { level: 0, minVolumeUsdt: '0', minAssetsUsdt: '0', rates: rates('0.001') },
  { level: 1, minVolumeUsdt: '1000000', minAssetsUsdt: '500000', rates: rates('0.001') },
];

describe('levelFor', () => {
  it('takes the highest level whose volume or assets threshold is met', () => {
    expect(levelFor(SCHEDULE, '0', '0').level).toBe(0);
    expect(levelFor(SCHEDULE, '999999.99', '499999').level).toBe(0);
    expect(levelFor(SCHEDULE, '1000000', '0').level).toBe(1);
    expect(levelFor(SCHEDULE, '0', '500000').level).toBe(1);
    expect(levelFor(SCHEDULE, '1200000', '1000000').level).toBe(2);
    expect(levelFor(SCHEDULE, '9000000000', '0').level).toBe(2);
  });

  it('answers the lowest level of a schedule without a level 0, and refuses an empty one', () => {
    expect(levelFor(SCHEDULE.slice(0, 1), '0', '0').level).toBe(2);
    expect(() => levelFor([], '0', '0')).toThrow(/at least one level/);
  });
});

describe('nextLevelProgress', () => {
  it('says what each way still needs and the nearer share, rounded down', () => {
    expect(nextLevelProgress(SCHEDULE, 0, '250000', '100000')).toEqual({
      level: 1,
      minVolumeUsdt: '1000000',
      minAssetsUsdt: '500000',
      volumeNeeded: '750000',
      assetsNeeded: '400000',
      progress: '0.25',
    });
    expect(nextLevelProgress(SCHEDULE, 1, '1', '333333')?.progress).toBe('0.3333');
  });

  it('caps the share at 1 and is null at the top', () => {
    expect(nextLevelProgress(SCHEDULE, 1, '0', '2000000')).toMatchObject({
      level: 2,
      assetsNeeded: '0',
      progress: '1',
    });
    expect(nextLevelProgress(SCHEDULE, 2, '0', '0')).toBeNull();
  });
});

describe('ratePercent', () => {
  it('writes a rate as a percentage without float error', () => {
    expect(ratePercent('0.001')).toBe('0.1');
    expect(ratePercent('0.00025')).toBe('0.025');
    expect(ratePercent('0')).toBe('0');
  });
});
