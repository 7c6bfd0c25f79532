import {
  constants,
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '@exchange-web/protocol/vectors/signing.json';
import { decryptBodyCiphertext } from './login-ciphertext';
import { parseClientPublicKey, verifyRsaSignature } from './rsa';

const vector = vectors.loginEncryption;
const serverKey = createPrivateKey(vectors.keys.server.privateKeyPem);

/** A bodyCiphertext of any plaintext for the vectors' server key, as a client makes one. */
function encrypt(plaintext: string): string {
  const aesKey = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const wrapped = publicEncrypt(
    {
      key: createPublicKey(serverKey),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.concat([aesKey, iv]),
  );
  return `${wrapped.toString('base64')}.${ciphertext.toString('base64')}`;
}

describe('decryptBodyCiphertext', () => {
  it('decrypts the shared login vector with its server key, its freshness taken out', () => {
    expect(decryptBodyCiphertext(vector.bodyCiphertext, [serverKey])).toEqual({
      ok: true,
      fields: vector.fields,
      freshness: { time: vector.freshness.bodyTime, nonce: vector.freshness.bodyNonce },
    });
  });

  it.each([
    ['without freshness fields', JSON.stringify(vector.fields), 'bodyTime'],
    [
      'without a nonce',
      JSON.stringify({ ...vector.fields, bodyTime: vector.freshness.bodyTime }),
      'bodyNonce',
    ],
    [
      'with a time in text',
      JSON.stringify({ ...vector.fields, ...vector.freshness, bodyTime: '1795381532650' }),
      'bodyTime',
    ],
  ])('calls a body %s malformed, naming the field', (_case, plaintext, field) => {
    const result = decryptBodyCiphertext(encrypt(plaintext), [serverKey]);
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    expect(!result.ok && result.message).toContain(field);
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
