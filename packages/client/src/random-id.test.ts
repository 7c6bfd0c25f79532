import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('random id', () => {
  it('keeps the first 11 hex characters of 16 random bytes', () => {
    const asked: number[] = [];
    const id = randomId((length) => {
      asked.push(length);
      return Uint8Array.from({ length }, (_, index) => index * 17);
    });
    expect(asked).toEqual([16]);
    // Bytes 00 11 22 33 44 55 ... in hex.
    expect(id).toBe('00112233445');
  });

  it('uses WebCrypto by default: 11 hex characters, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{11}$/);
  });
});
