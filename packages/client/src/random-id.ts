import { RANDOM_ID_BYTES, RANDOM_ID_LENGTH } from '@exchange-web/protocol/registry';

/** Fills `length` bytes with cryptographically strong random values. */
export type RandomBytes = (length: number) => Uint8Array;

/** WebCrypto's getRandomValues, reached lazily (browsers and Node 20 both have `crypto`). */
export const defaultRandomBytes: RandomBytes = (length) =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

/**
 * A random id of SPEC 9: 16 random bytes, of whose hex the first 11 characters are kept.
 * @example
 * randomId(); // 'f3a9c07b1e2'
 */
export function randomId(randomBytes: RandomBytes = defaultRandomBytes): string {
  const hex = Array.from(randomBytes(RANDOM_ID_BYTES), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return hex.slice(0, RANDOM_ID_LENGTH);
}
