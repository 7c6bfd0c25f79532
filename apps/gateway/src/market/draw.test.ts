import { describe, expect, it } from 'vitest';
import { drawUnit, DrawKind, kindSeed, mix32, seedOf, stateOf, unitOf } from './draw';

describe('market draws', () => {
  it('are fixed functions of their inputs, the same in every process and version', () => {
    // Pinned: a change here changes every quoted price and trade, and gateways of two versions
    // running side by side would quote different markets.
    expect(seedOf('BTCUSDT')).toBe(1_988_485_402);
    expect(mix32(1)).toBe(1_753_845_952);
    expect(mix32(0xdeadbeef)).toBe(3_861_431_939);
    expect(
      [0, 1, 1_750_000_000, 2 ** 40 + 3].map((n) => drawUnit(12_345, DrawKind.trade, n, 2)),
    ).toEqual([0.6470278089400381, 0.760107041336596, 0.6034985228907317, 0.42282641818746924]);
    expect(drawUnit(7, DrawKind.bid, 99, 3)).toBe(
      unitOf(stateOf(kindSeed(7, DrawKind.bid), 99), 3),
    );
  });

  it('spread evenly over [0, 1), each kind apart', () => {
    const seed = seedOf('ETHUSDT');
    const buckets = new Array<number>(10).fill(0);
    let below = 0;
    let sameAsOtherKind = 0;
    let outside = 0;
    const count = 50_000;
    for (let s = 1_750_000_000; s < 1_750_000_000 + count; s += 1) {
      const unit = drawUnit(seed, DrawKind.trade, s, 1);
      if (unit < 0 || unit >= 1) outside += 1;
      else buckets[Math.floor(unit * 10)]! += 1;
      if (drawUnit(seed, DrawKind.side, s, 1) < 0.5) below += 1;
      if (drawUnit(seed, DrawKind.ask, s, 1) === unit) sameAsOtherKind += 1;
    }
    expect(outside).toBe(0);
    for (const bucket of buckets) expect(Math.abs(bucket - count / 10)).toBeLessThan(count / 100);
    expect(Math.abs(below - count / 2)).toBeLessThan(count / 50);
    expect(sameAsOtherKind).toBe(0);
  });
});
