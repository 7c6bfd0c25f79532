import type { SignMode } from '@exchange-web/protocol/registry';
import { signData, type SignParts } from '@exchange-web/protocol/signing';
import { createHash, type KeyObject } from 'node:crypto';
import { verifyRsaSignature } from './rsa';

/** What a signed request claims: its sign data's parts, mode, MD5 and signature. */
export interface SignedRequest {
  mode: SignMode;
  parts: SignParts;
  /** The `device-sign-data-md5` header: MD5 hex of the sign data. */
  md5: string;
  /** The `device-sign` header: base64 RSASSA-PKCS1-v1_5 / SHA-256 signature of the sign data. */
  signature: string;
}

/** The verdict on a request signature: which check failed first, if any. */
export type SignatureVerdict = 'ok' | 'md5' | 'signature';

/** MD5 hex of the UTF-8 sign data (SPEC 7 `device-sign-data-md5`). */
export const signDataMd5 = (data: string): string =>
  createHash('md5').update(data, 'utf8').digest('hex');

/**
 * Checks a request signature (SPEC 3, 7; DESIGN "Wire formats"): rebuilds the sign data of the
 * mode from the parts (with the `paptrading` line when the request carries that header),
 * compares its MD5 (hex, any letter case) and verifies the signature with the client key.
 */
export function checkRequestSignature(request: SignedRequest, key: KeyObject): SignatureVerdict {
  const data = signData(request.mode, request.parts);
  if (request.md5.toLowerCase() !== signDataMd5(data)) return 'md5';
  return verifyRsaSignature(data, request.signature, key) ? 'ok' : 'signature';
}
