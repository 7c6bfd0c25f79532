import type { KeyAlgorithm } from '@exchange-web/protocol/registry';
import { MODULUS_BITS } from '@exchange-web/protocol/signing';
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The bytes of a standard, padded base64 string (what `btoa` makes); undefined for anything else,
 * since `Buffer.from(value, 'base64')` would silently skip the characters it does not know.
 */
export function decodeBase64(value: string): Buffer | undefined {
  if (value === '' || !CANONICAL_BASE64.test(value)) return undefined;
  return Buffer.from(value, 'base64');
}

/**
 * A client public key from its base64 SPKI DER: an RSA key of the algorithm's size (SPEC 3
 * "Key pair"), or undefined when it is anything else.
 */
export function parseClientPublicKey(
  publicKey: string,
  algorithm: KeyAlgorithm,
): KeyObject | undefined {
  const der = decodeBase64(publicKey);
  if (!der) return undefined;
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
  if (key.asymmetricKeyType !== 'rsa') return undefined;
  return key.asymmetricKeyDetails?.modulusLength === MODULUS_BITS[algorithm] ? key : undefined;
}

/** Whether a base64 RSASSA-PKCS1-v1_5 / SHA-256 signature over the UTF-8 of `data` verifies. */
export function verifyRsaSignature(data: string, signature: string, key: KeyObject): boolean {
  const bytes = decodeBase64(signature);
  if (!bytes) return false;
  try {
    return verify('sha256', Buffer.from(data, 'utf8'), key, bytes);
  } catch {
    return false;
  }
}
