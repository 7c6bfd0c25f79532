import type { KeyAlgorithm } from '@exchange-web/protocol/registry';
import {
  BODY_CIPHER,
  KEY_WRAP_ALGORITHM,
  MODULUS_BITS,
  PUBLIC_EXPONENT,
  SIGNATURE_ALGORITHM,
  joinBodyCiphertext,
} from '@exchange-web/protocol/signing';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fromBase64, toBase64, utf8 } from './encoding';

// The wire formats of packages/protocol/src/signing.ts done with WebCrypto (DESIGN.md: no
// hand-written crypto); MD5, which WebCrypto lacks, from @noble/hashes.

/** The parts of WebCrypto the client uses; tests and other platforms pass their own. */
export type WebCrypto = Pick<Crypto, 'subtle' | 'getRandomValues'>;

/** `device-sign-data-md5`: the MD5 of the sign data's UTF-8 bytes, lower-case hex (SPEC 7). */
export const md5Hex = (text: string): string => bytesToHex(md5(utf8(text)));

/** An RSASSA-PKCS1-v1_5 / SHA-256 signature of a text's UTF-8 bytes, base64. */
export async function signText(
  subtle: SubtleCrypto,
  privateKey: CryptoKey,
  text: string,
): Promise<string> {
  return toBase64(await subtle.sign(SIGNATURE_ALGORITHM, privateKey, utf8(text)));
}

/**
 * A new client key pair (SPEC 3 "Key pair"): RSASSA-PKCS1-v1_5 / SHA-256 with the algorithm's
 * modulus. The private key is NOT extractable: it can sign and be stored, never be read out.
 */
export function generateSigningKeyPair(
  subtle: SubtleCrypto,
  algorithm: KeyAlgorithm,
): Promise<CryptoKeyPair> {
  return subtle.generateKey(
    {
      ...SIGNATURE_ALGORITHM,
      modulusLength: MODULUS_BITS[algorithm],
      publicExponent: PUBLIC_EXPONENT,
    },
    false,
    ['sign', 'verify'],
  );
}

/** A public key as the wire carries it: base64 SPKI (SPEC 3 "base64 without PEM header"). */
export async function exportPublicKey(subtle: SubtleCrypto, publicKey: CryptoKey): Promise<string> {
  return toBase64(await subtle.exportKey('spki', publicKey));
}

/**
 * The gateway's key (base64 SPKI) for wrapping the login body key with RSA-OAEP / SHA-256.
 * WARNING: a key imported for OAEP cannot verify, nor a signing key encrypt (WebCrypto binds a
 * key to one algorithm): the server key is imported here on its own.
 */
export function importKeyWrapKey(subtle: SubtleCrypto, spkiBase64: string): Promise<CryptoKey> {
  return subtle.importKey('spki', fromBase64(spkiBase64), KEY_WRAP_ALGORITHM, false, ['encrypt']);
}

/**
 * `bodyCiphertext` (SPEC 7, protocol `joinBodyCiphertext`): AES-256-CBC of the plaintext under
 * `aesKey` (32 bytes) and `iv` (16 bytes), with key and IV wrapped together by RSA-OAEP under the
 * server key. Callers pass fresh random bytes per request; tests pass the vectors'.
 */
export async function encryptBody(
  subtle: SubtleCrypto,
  serverKey: CryptoKey,
  plaintext: string,
  aesKey: Uint8Array<ArrayBuffer>,
  iv: Uint8Array<ArrayBuffer>,
): Promise<string> {
  if (aesKey.length !== BODY_CIPHER.keyBytes || iv.length !== BODY_CIPHER.ivBytes)
    throw new RangeError('the body key is 32 bytes and its IV 16');
  const key = await subtle.importKey('raw', aesKey, BODY_CIPHER.name, false, ['encrypt']);
  const ciphertext = await subtle.encrypt({ name: BODY_CIPHER.name, iv }, key, utf8(plaintext));
  const keyAndIv = new Uint8Array(aesKey.length + iv.length);
  keyAndIv.set(aesKey);
  keyAndIv.set(iv, aesKey.length);
  const wrapped = await subtle.encrypt(KEY_WRAP_ALGORITHM, serverKey, keyAndIv);
  return joinBodyCiphertext(toBase64(wrapped), toBase64(ciphertext));
}
