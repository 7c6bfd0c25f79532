import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../packages/protocol/vectors/signing.json';
import { decryptBodyCiphertext } from './login-ciphertext';
import { parseClientPublicKey, verifyRsaSignature } from './rsa';

const vector = vectors.loginEncryption;
const serverKey = createPrivateKey(vectors.keys.server.privateKeyPem);

describe('decryptBodyCiphertext', () => {
  it('decrypts the shared login vector with its server key', () => {
    expect(decryptBodyCiphertext(vector.bodyCiphertext, [serverKey])).toEqual({
      ok: true,
      fields: vector.fields,
    });
  });

  it('tries each server key in turn: a previous key still decrypts', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(decryptBodyCiphertext(vector.bodyCiphertext, [other, serverKey]).ok).toBe(true);
    expect(decryptBodyCiphertext(vector.bodyCiphertext, [other])).toMatchObject({
      ok: false,
      reason: 'unknown-key',
    });
  });

  it.each([
    ['no dot', 'AAAA'],
    ['bad base64', '@@@@.AAAA'],
    ['a wrapped key of the wrong size', `AAAA.${vector.ciphertext}`],
    [
      'a ciphertext that is not whole blocks',
      `${vector.bodyCiphertext.split('.')[0]}.${Buffer.alloc(15).toString('base64')}`,
    ],
  ])('calls %s malformed', (_case, value) => {
    expect(decryptBodyCiphertext(value, [serverKey])).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('initSign', () => {
  it('verifies the shared vector over bodyCiphertext with its publicKey', () => {
    const key = parseClientPublicKey(vector.publicKey, 'rsa1024');
    expect(key).toBeDefined();
    if (!key) return;
    expect(verifyRsaSignature(vector.bodyCiphertext, vector.initSign, key)).toBe(true);
    expect(verifyRsaSignature(`${vector.bodyCiphertext}x`, vector.initSign, key)).toBe(false);
    expect(verifyRsaSignature(vector.bodyCiphertext, 'not base64!', key)).toBe(false);
  });

  it('takes a public key only of the algorithm named', () => {
    expect(parseClientPublicKey(vectors.keys.clientRsa1024.publicKey, 'rsa2048')).toBeUndefined();
    expect(parseClientPublicKey(vectors.keys.clientRsa2048.publicKey, 'rsa2048')).toBeDefined();
    expect(parseClientPublicKey('AAAA', 'rsa1024')).toBeUndefined();
    expect(parseClientPublicKey('', 'rsa1024')).toBeUndefined();
  });
});
