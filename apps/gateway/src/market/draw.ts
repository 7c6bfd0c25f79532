import { createHash } from 'node:crypto';

/**
 * The market's sources of variety. SHA-256 runs once per pair (its seed and phase); the draws of
 * every second (noise knots, trade sides and sizes, book sizes) come from a 32-bit integer mix of
 * that seed, which costs nanoseconds where a SHA-256 costs a microsecond or more: a 500-candle
 * answer draws some 100 000 numbers. Both are pure integer functions, so every process agrees.
 */

/** A number in [0, 1) from SHA-256 of the parts. */
export function hashUnit(...parts: readonly (string | number)[]): number {
  const digest = createHash('sha256').update(parts.join('|')).digest();
  // 48 bits: exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** A pair's 32-bit seed, from SHA-256 of its symbol. */
export function seedOf(symbol: string): number {
  return createHash('sha256').update(`seed|${symbol}`).digest().readUInt32BE(0);
}

/** What a draw is for: each kind is its own independent sequence. */
export const DrawKind = {
  knot: 1,
  side: 2,
  trade: 3,
  bid: 4,
  ask: 5,
} as const;
export type DrawKind = (typeof DrawKind)[keyof typeof DrawKind];

const GOLDEN_RATIO_32 = 0x9e3779b9;

/**
 * A 32-bit finaliser (Chris Wellons' "lowbias32", from his hash prospector): each input bit
 * flips about half of the output bits.
 */
export function mix32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The start of one kind's sequence for one pair: computed once per pair and kind. */
export function kindSeed(seed: number, kind: DrawKind): number {
  return mix32(seed ^ Math.imul(kind, GOLDEN_RATIO_32));
}

/**
 * The state of `n` (a whole second or knot number, any safe integer: both of its 32-bit halves
 * enter) in a kind's sequence: every draw of that second derives from it with one more mix.
 */
export function stateOf(kindStart: number, n: number): number {
  return mix32(mix32(kindStart ^ (n >>> 0)) ^ Math.floor(n / 2 ** 32));
}

/** A number in [0, 1): the `index`-th draw (trade, level) of a state. */
export function unitOf(state: number, index: number): number {
  return mix32(state ^ index) / 2 ** 32;
}

/** A number in [0, 1) drawn from (pair seed, kind, n, index): the three steps above at once. */
export function drawUnit(seed: number, kind: DrawKind, n: number, index: number): number {
  return unitOf(stateOf(kindSeed(seed, kind), n), index);
}
