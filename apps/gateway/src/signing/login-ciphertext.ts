import {
  BODY_CIPHER,
  readLoginFreshness,
  splitBodyCiphertext,
  type LoginFreshness,
} from '@exchange-web/protocol/signing';
import { constants, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';
import { decodeBase64 } from './rsa';
import { SERVER_KEY_BITS } from './server-keys';

/** Why a `bodyCiphertext` did not decrypt. */
export type DecryptFailure =
  /**
   * Not of the wire format, its plaintext not a JSON object, or its freshness fields (`bodyTime`,
   * `bodyNonce`) missing or malformed.
   */
  | { ok: false; reason: 'malformed'; message: string }
  /** Its key was wrapped for none of the given server keys (rotated away, or never ours). */
  | { ok: false; reason: 'unknown-key'; message: string };

/** A decrypted body: the login fields, and the freshness fields taken out of them. */
export type DecryptResult =
  { ok: true; fields: Record<string, unknown>; freshness: LoginFreshness } | DecryptFailure;

const malformed = (message: string): DecryptFailure => ({
  ok: false,
  reason: 'malformed',
  message,
});

const KEY_AND_IV_BYTES = BODY_CIPHER.keyBytes + BODY_CIPHER.ivBytes;

function unwrapKey(wrapped: Buffer, serverKeys: readonly KeyObject[]): Buffer | undefined {
  for (const key of serverKeys) {
    try {
      // DESIGN "Wire formats": RSA-OAEP with SHA-256 (Node 20 refuses PKCS#1 v1.5 decryption).
      return privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        wrapped,
      );
    } catch {
      // Wrapped for another key: try the next.
    }
  }
  return undefined;
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Decrypts a login `bodyCiphertext` (SPEC 7; packages/protocol/src/signing.ts): unwraps the
 * AES-256 key and IV with the first server key that takes them, decrypts the AES-256-CBC part,
 * parses the JSON object of the encrypted fields and takes its freshness fields out. Whether the
 * freshness holds (time window, nonce unused) is the caller's to judge.
 */
export function decryptBodyCiphertext(
  bodyCiphertext: string,
  serverKeys: readonly KeyObject[],
): DecryptResult {
  const parts = splitBodyCiphertext(bodyCiphertext);
  const wrapped = parts && decodeBase64(parts.wrappedKey);
  const ciphertext = parts && decodeBase64(parts.ciphertext);
  if (!wrapped || !ciphertext) {
    return malformed('bodyCiphertext: expected base64(wrapped key) "." base64(ciphertext)');
  }
  if (wrapped.length !== SERVER_KEY_BITS / 8) {
    return malformed(`bodyCiphertext: the wrapped key must be ${SERVER_KEY_BITS / 8} bytes`);
  }
  const keyAndIv = unwrapKey(wrapped, serverKeys);
  if (!keyAndIv) {
    return {
      ok: false,
      reason: 'unknown-key',
      message:
        'bodyCiphertext: the key was not wrapped for a current server key; fetch the sign config again',
    };
  }
  if (keyAndIv.length !== KEY_AND_IV_BYTES) {
    return malformed(`bodyCiphertext: the wrapped key must be ${KEY_AND_IV_BYTES} bytes`);
  }
  let plaintext: string;
  try {
    const decipher = createDecipheriv(
      'aes-256-cbc',
      keyAndIv.subarray(0, BODY_CIPHER.keyBytes),
      keyAndIv.subarray(BODY_CIPHER.keyBytes),
    );
    const bytes = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    plaintext = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return malformed('bodyCiphertext: the ciphertext does not decrypt');
  }
  let fields: unknown;
  try {
    fields = JSON.parse(plaintext);
  } catch {
    return malformed('bodyCiphertext: the decrypted body is not JSON');
  }
  if (!isJsonObject(fields)) {
    return malformed('bodyCiphertext: the decrypted body is not a JSON object');
  }
  const fresh = readLoginFreshness(fields);
  if (!fresh.ok) return malformed(`bodyCiphertext: ${fresh.message}`);
  return { ok: true, fields: fresh.fields, freshness: fresh.freshness };
}
