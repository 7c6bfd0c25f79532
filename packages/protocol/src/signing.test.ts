import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../vectors/signing.json';
import { ApiPath, isLoginEncryptionPath } from './paths';
import {
  DEFAULT_LOGIN_FRESHNESS_MS,
  KEY_KEEPING_PATHS,
  LoginFreshnessField,
  isLoginTimeFresh,
  isSignTimeFresh,
  joinBodyCiphertext,
  loginPlaintext,
  readLoginFreshness,
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

  it('starts with the paptrading line in every mode when the request carries the header', () => {
    const paper = { ...parts, paptrading: '1' };
    expect(signData(0, paper)).toBe('paptrading:1\n/v1/a?b=1\n17953815');
    expect(signData(2, paper)).toBe('paptrading:1\n/v1/a?b=1\n17953815\nwabc\n{"x":1}');
    expect(signData(2, { ...parts, paptrading: '0' })).not.toBe(signData(2, paper));
    // Without the header (or with it empty) the sign data is what it was before the line existed.
    expect(signData(2, { ...parts, paptrading: '' })).toBe(signData(2, parts));
  });

  it('matches every shared vector, whose MD5 and signature check out', () => {
    expect(vectors.signing).toHaveLength(8);
    expect(vectors.signing.filter((vector) => 'paptrading' in vector.parts)).toHaveLength(2);
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

describe('login freshness', () => {
  const nonce = 'ab'.repeat(16);

  it('adds bodyTime and bodyNonce after the fields, as the shared vector has them', () => {
    const { fields, freshness, plaintext } = vectors.loginEncryption;
    expect(loginPlaintext(fields, { time: freshness.bodyTime, nonce: freshness.bodyNonce })).toBe(
      plaintext,
    );
    expect(LoginFreshnessField).toEqual({ time: 'bodyTime', nonce: 'bodyNonce' });
  });

  it('splits a decrypted body into its fields and its freshness', () => {
    const decrypted = JSON.parse(loginPlaintext({ pwd: 'x' }, { time: 1795381532650, nonce }));
    expect(readLoginFreshness(decrypted)).toEqual({
      ok: true,
      fields: { pwd: 'x' },
      freshness: { time: 1795381532650, nonce },
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no bodyTime', { pwd: 'x', bodyNonce: nonce }, 'bodyTime'],
    ['a bodyTime in text', { bodyTime: '1795381532650', bodyNonce: nonce }, 'bodyTime'],
    ['a fractional bodyTime', { bodyTime: 1.5, bodyNonce: nonce }, 'bodyTime'],
    ['no bodyNonce', { bodyTime: 1795381532650 }, 'bodyNonce'],
    ['a short bodyNonce', { bodyTime: 1795381532650, bodyNonce: 'ab'.repeat(15) }, 'bodyNonce'],
    [
      'an upper-case bodyNonce',
      { bodyTime: 1795381532650, bodyNonce: 'AB'.repeat(16) },
      'bodyNonce',
    ],
  ])('refuses %s', (_case, decrypted, field) => {
    const result = readLoginFreshness(decrypted);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(field);
  });

  it.each([
    [0, true],
    [DEFAULT_LOGIN_FRESHNESS_MS, true],
    [-DEFAULT_LOGIN_FRESHNESS_MS, true],
    [DEFAULT_LOGIN_FRESHNESS_MS + 1, false],
    [-DEFAULT_LOGIN_FRESHNESS_MS - 1, false],
  ])('judges a body %i ms off the server time fresh: %s', (offset, fresh) => {
    expect(
      isLoginTimeFresh(1795381532650 + offset, 1795381532650, DEFAULT_LOGIN_FRESHNESS_MS),
    ).toBe(fresh);
  });

  it('names the sub-account switches as the encrypted paths that bind no key', () => {
    expect(KEY_KEEPING_PATHS).toEqual([ApiPath.subAccountSwitch, ApiPath.subAccountSwitchBack]);
    expect(KEY_KEEPING_PATHS.every(isLoginEncryptionPath)).toBe(true);
  });
});
