import {
  constants,
  createDecipheriv,
  createPublicKey,
  privateDecrypt,
  sign,
  verify,
} from 'node:crypto';
import { splitBodyCiphertext } from '@exchange-web/protocol/signing';
import type { GatewaySignConfig } from '@exchange-web/protocol/schemas';
import vectors from '../../../protocol/vectors/signing.json';
import type { SigningOptions } from '../http-client';
import { memoryStorage } from '../key-value-storage';
import type { KeyRecordStore } from '../signing/key-pairs';
import { TEST_TRUST_ROOT_KEY_PEM, TEST_TRUST_ROOT_PUBLIC_KEY } from './test-trust-root';

// The gateway's half of the wire formats, done with node:crypto in tests: what the client's
// WebCrypto output must satisfy. The keys are the shared vectors' TEST keys.

export { vectors };

/** The vectors' server key pair (TEST ONLY). */
export const serverKeys = vectors.keys.server;

/** The trust root's signature over a server key's base64 text, as the gateway serves it. */
export const signServerKey = (
  serverPublicKey: string = serverKeys.publicKey,
  rootKeyPem: string = TEST_TRUST_ROOT_KEY_PEM,
): string => sign('sha256', Buffer.from(serverPublicKey, 'utf8'), rootKeyPem).toString('base64');

/** A sign config for tests: the server key signed by the test root, core paths listed. */
export function testSignConfig(overrides: Partial<GatewaySignConfig> = {}): GatewaySignConfig {
  return {
    clientOpen: true,
    serverPublicKey: serverKeys.publicKey,
    serverPublicKeySign: signServerKey(),
    defaultAlgorithm: 'rsa1024',
    exactUrls: ['/v1/asset/overview', '/v1/user/apiKey/list'],
    prefixUrls: ['/v1/user/apiKey/'],
    signModes: { '/v1/asset/overview': 0, '/v1/user/apiKey/list': 1 },
    userCheckDeviceUrl: ['/v1/user/login'],
    ...overrides,
  };
}

/**
 * Signing options of a secure page that trusts the test root, caches the sign config in a fresh
 * memory storage and keeps its private keys in `openKeyRecords`; `options` adds what a test is
 * about.
 * @example signing: testSigning(() => indexedDbKeyRecords(freshDatabaseName()), { reportFailure })
 */
export const testSigning = (
  openKeyRecords: () => Promise<KeyRecordStore>,
  options: SigningOptions = {},
): SigningOptions => ({
  trustRootPublicKey: TEST_TRUST_ROOT_PUBLIC_KEY,
  sessionStorage: memoryStorage(),
  openKeyRecords,
  isSecureContext: () => true,
  ...options,
});

/** Whether a base64 RSASSA-PKCS1-v1_5 / SHA-256 signature over a text verifies (base64 SPKI key). */
export function verifiesWith(publicKey: string, text: string, signature: string): boolean {
  const key = createPublicKey({
    key: Buffer.from(publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return verify('sha256', Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'));
}

/** Unwraps a wrapped key with the server's private key: RSA-OAEP / SHA-256, as the gateway does. */
export const unwrapKey = (wrappedBase64: string, privateKeyPem = serverKeys.privateKeyPem) =>
  privateDecrypt(
    { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(wrappedBase64, 'base64'),
  );

/** Decrypts a `bodyCiphertext` as the gateway does, to the JSON of the encrypted fields. */
export function decryptBodyCiphertext(bodyCiphertext: string): unknown {
  const parts = splitBodyCiphertext(bodyCiphertext);
  if (!parts) throw new Error('not a bodyCiphertext');
  const keyAndIv = unwrapKey(parts.wrappedKey);
  const decipher = createDecipheriv(
    'aes-256-cbc',
    keyAndIv.subarray(0, 32),
    keyAndIv.subarray(32, 48),
  );
  const plaintext = Buffer.concat([
    decipher.update(Buffer.from(parts.ciphertext, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(plaintext);
}

let databases = 0;
/** A fresh IndexedDB database name per call (fake-indexeddb keeps them for the process). */
export const freshDatabaseName = (): string => `signing-test-${process.pid}-${(databases += 1)}`;
