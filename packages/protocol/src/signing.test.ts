import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../vectors/signing.json';
import {
  isSignTimeFresh,
  joinBodyCiphertext,
  signData,
  signTimeBucket,
  splitBodyCiphertext,
} from './signing';

const parts = { path: '/v1/a?b=1', tm: '1795381532650', uhti: 'wabc', body: '{"x":1}' };

describe('sign data', () => {
  it('holds the path and the first 8 characters of tm in mode 0, adds uhti in 1, the body in 2', () => {
    expect(signData(0, parts)).toBe('/v1/a?b=1\n17953815');
    expect(signData(1, parts)).toBe('/v1/a?b=1\n17953815\nwabc');
    expect(signData(2, parts)).toBe('/v1/a?b=1\n17953815\nwabc\n{"x":1}');
  });

  it('matches every shared vector, whose MD5 and signature check out', () => {
    expect(vectors.signing).toHaveLength(6);
    for (const vector of vectors.signing) {
      const data = signData(vector.mode as 0 | 1 | 2, vector.parts);
      expect(data).toBe(vector.signData);
      expect(createHash('md5').update(data, 'utf8').digest('hex')).toBe(vector.md5);
      const key =
        vector.algorithm === 'rsa1024' ? vectors.keys.clientRsa1024 : vectors.keys.clientRsa2048;
      const publicKey = createPublicKey({
        key: Buffer.from(key.publicKey, 'base64'),
        format: 'der',
        type: 'spki',
      });
      expect(
        verify('sha256', Buffer.from(data), publicKey, Buffer.from(vector.signature, 'base64')),
      ).toBe(true);
    }
  });
});

describe('sign time window', () => {
  it('buckets a 13-digit time by its first 8 characters (100 s)', () => {
    expect(signTimeBucket('1795381532650')).toBe(17953815);
    expect(signTimeBucket('179538153265')).toBeUndefined();
    expect(signTimeBucket('17953815326a0')).toBeUndefined();
  });

  it.each([
    [1795381532650, true],
    [1795381632650, true],
    [1795381432650, true],
    [1795381732650, false],
    [1795381332650, false],
  ])('judges tm 1795381532650 at server time %s fresh: %s', (now, fresh) => {
    expect(isSignTimeFresh('1795381532650', now)).toBe(fresh);
  });

  it('judges a malformed tm stale', () => {
    expect(isSignTimeFresh('', Date.now())).toBe(false);
    expect(isSignTimeFresh('not-a-time!!!', Date.now())).toBe(false);
  });
});

describe('bodyCiphertext', () => {
  it('joins and splits the wrapped key and the ciphertext', () => {
    expect(splitBodyCiphertext(joinBodyCiphertext('AAEC', 'AwQF'))).toEqual({
      wrappedKey: 'AAEC',
      ciphertext: 'AwQF',
    });
    expect(splitBodyCiphertext(vectors.loginEncryption.bodyCiphertext)).toBeDefined();
  });

  it.each([['AAEC'], ['AAEC.'], ['.AwQF'], ['AA.EC.AwQF'], ['AA$C.AwQF']])(
    'refuses %s',
    (value) => {
      expect(splitBodyCiphertext(value)).toBeUndefined();
    },
  );
});
