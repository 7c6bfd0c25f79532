import { SIGNATURE_ALGORITHM } from '@exchange-web/protocol/signing';
import { fromBase64, utf8 } from './encoding';

/**
 * The trust root's public key (base64 of its DER SubjectPublicKeyInfo), ready to verify
 * RSASSA-PKCS1-v1_5 / SHA-256. Rejects when it is not such a key.
 */
// SPEC 5's built-in certificate is read at build time (apps/web/next.config.ts, Node's
// X509Certificate), so the browser carries its key and no X.509 parser (issue 18: the parser was
// 38 KB gzip and 150 ms of a phone's main thread on every sign-in page). Trusted by being built
// in: no dates or self-signature are checked, so an expired development root still works.
export async function trustRootKey(subtle: SubtleCrypto, publicKey: string): Promise<CryptoKey> {
  return subtle.importKey('spki', fromBase64(publicKey), SIGNATURE_ALGORITHM, false, ['verify']);
}

/**
 * Whether `serverPublicKeySign` (base64) is the trust root's signature over the UTF-8 bytes of the
 * `serverPublicKey` base64 text (SPEC 5; DESIGN.md "Server key trust").
 */
export async function isServerKeySigned(
  subtle: SubtleCrypto,
  rootKey: CryptoKey,
  serverPublicKey: string,
  serverPublicKeySign: string,
): Promise<boolean> {
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64(serverPublicKeySign);
  } catch {
    return false;
  }
  return subtle.verify(SIGNATURE_ALGORITHM, rootKey, signature, utf8(serverPublicKey));
}
