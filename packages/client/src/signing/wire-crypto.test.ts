import { KeyAlgorithm } from '@exchange-web/protocol/registry';
import {
  KEY_WRAP_ALGORITHM,
  SIGNATURE_ALGORITHM,
  loginPlaintext,
  signData,
  splitBodyCiphertext,
} from '@exchange-web/protocol/signing';
import { describe, expect, it } from 'vitest';
import { serverKeys, unwrapKey, vectors, verifiesWith } from '../testing/signing-fixture';
import { fromBase64, pemBody, toBase64 } from './encoding';
import {
  encryptBody,
  exportPublicKey,
  generateSigningKeyPair,
  importKeyWrapKey,
  md5Hex,
  signText,
} from './wire-crypto';

// The shared vectors of packages/protocol (TEST keys): the client's WebCrypto output must be the
// very bytes the gateway's node:crypto produced.
const { subtle } = globalThis.crypto;
const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const importPrivate = (pem: string) =>
  subtle.importKey('pkcs8', pemBody(pem), SIGNATURE_ALGORITHM, false, ['sign']);

describe('shared signing vectors', () => {
  it.each(
    vectors.signing.map(
      (vector) =>
        [
          vector.algorithm,
          vector.mode,
          'paptrading' in vector.parts ? ' with paptrading' : '',
          vector,
        ] as const,
    ),
  )(
    '%s mode %i%s: same sign data, MD5 and signature bytes',
    async (algorithm, mode, _paper, vector) => {
      const data = signData(mode as 0 | 1 | 2, vector.parts);
      expect(data).toBe(vector.signData);
      expect(md5Hex(data)).toBe(vector.md5);
      const key =
        algorithm === KeyAlgorithm.rsa1024
          ? vectors.keys.clientRsa1024
          : vectors.keys.clientRsa2048;
      // PKCS#1 v1.5 is deterministic: the same key and data give the same bytes.
      expect(await signText(subtle, await importPrivate(key.privateKeyPem), data)).toBe(
        vector.signature,
      );
    },
  );

  it('reproduces the login vector: AES ciphertext, initSign, and a key wrap the server unwraps', async () => {
    const login = vectors.loginEncryption;
    expect(
      loginPlaintext(login.fields, {
        time: login.freshness.bodyTime,
        nonce: login.freshness.bodyNonce,
      }),
    ).toBe(login.plaintext);
    const serverKey = await importKeyWrapKey(subtle, serverKeys.publicKey);
    const aesKey = hexBytes(login.aesKeyHex);
    const iv = hexBytes(login.ivHex);
    const bodyCiphertext = await encryptBody(subtle, serverKey, login.plaintext, aesKey, iv);
    const parts = splitBodyCiphertext(bodyCiphertext);
    expect(parts?.ciphertext).toBe(login.ciphertext);
    // RSA-OAEP is randomised: the wrap differs from the vector's, and node:crypto unwraps both.
    expect(unwrapKey(parts?.wrappedKey ?? '').toString('hex')).toBe(login.aesKeyHex + login.ivHex);
    const vectorParts = splitBodyCiphertext(login.bodyCiphertext);
    expect(unwrapKey(vectorParts?.wrappedKey ?? '').toString('hex')).toBe(
      login.aesKeyHex + login.ivHex,
    );
    const clientKey = await importPrivate(vectors.keys.clientRsa1024.privateKeyPem);
    expect(await signText(subtle, clientKey, login.bodyCiphertext)).toBe(login.initSign);
    expect(login.publicKey).toBe(vectors.keys.clientRsa1024.publicKey);
  });

  it('refuses a body key or IV of the wrong size', async () => {
    const serverKey = await importKeyWrapKey(subtle, serverKeys.publicKey);
    await expect(
      encryptBody(subtle, serverKey, '{}', new Uint8Array(16), new Uint8Array(16)),
    ).rejects.toThrow(RangeError);
  });

  it('imports the server key for wrapping only, under the protocol algorithm', async () => {
    const key = await importKeyWrapKey(subtle, serverKeys.publicKey);
    expect(key.algorithm).toMatchObject({ name: KEY_WRAP_ALGORITHM.name });
    expect(key.usages).toEqual(['encrypt']);
  });
});

describe('client key pairs', () => {
  it.each([
    [KeyAlgorithm.rsa1024, 1024],
    [KeyAlgorithm.rsa2048, 2048],
  ])('makes %s keys whose private half cannot be exported', async (algorithm, bits) => {
    const pair = await generateSigningKeyPair(subtle, algorithm);
    expect(pair.privateKey.algorithm).toMatchObject({ modulusLength: bits });
    expect(pair.privateKey.extractable).toBe(false);
    await expect(subtle.exportKey('pkcs8', pair.privateKey)).rejects.toThrow();
    const publicKey = await exportPublicKey(subtle, pair.publicKey);
    const signature = await signText(subtle, pair.privateKey, 'sign data ü €');
    expect(verifiesWith(publicKey, 'sign data ü €', signature)).toBe(true);
  });
});

describe('encoding', () => {
  it('round-trips base64 of every byte value and long inputs', () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, index) => index % 256);
    const text = toBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(fromBase64(text)).toEqual(bytes);
  });

  it('reads the DER body of a PEM block and refuses other text', () => {
    expect(pemBody('-----BEGIN X-----\nAAEC\n-----END X-----')).toEqual(Uint8Array.of(0, 1, 2));
    expect(() => pemBody('no pem here')).toThrow();
  });
});
