import { SIGNATURE_ALGORITHM } from '@exchange-web/protocol/signing';
import { fromBase64, pemBody, utf8 } from './encoding';

/**
 * The public key of a trust-root certificate (PEM), ready to verify RSASSA-PKCS1-v1_5 / SHA-256.
 * The X.509 parser is imported on first use, so pages that never log in do not download it.
 */
// The certificate is trusted by being built in (SPEC 5 "built-in certificate"): we read its key
// and check no dates or self-signature, so an expired development root still works in tests.
export async function trustRootKey(subtle: SubtleCrypto, certPem: string): Promise<CryptoKey> {
  const [{ AsnConvert }, { Certificate }] = await Promise.all([
    import('@peculiar/asn1-schema'),
    import('@peculiar/asn1-x509'),
  ]);
  const certificate = AsnConvert.parse(pemBody(certPem), Certificate);
  const spki = AsnConvert.serialize(certificate.tbsCertificate.subjectPublicKeyInfo);
  return subtle.importKey('spki', spki, SIGNATURE_ALGORITHM, false, ['verify']);
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
