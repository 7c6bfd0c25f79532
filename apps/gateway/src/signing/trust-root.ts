import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The trust root's private key: it signs each server public key, and the client checks that
 * signature against the certificate built into it (SPEC 5; DESIGN "Wire formats").
 */
export class TrustRoot {
  readonly #key: KeyObject;
  // Pure cache: a signature is a deterministic function of the trust key and the server key.
  readonly #signatures = new Map<string, string>();

  constructor(key: KeyObject) {
    if (key.asymmetricKeyType !== 'rsa') {
      throw new Error(`the trust-root key must be an RSA key, got ${key.asymmetricKeyType}`);
    }
    this.#key = key;
  }

  /**
   * `serverPublicKeySign`: RSASSA-PKCS1-v1_5 / SHA-256 over the UTF-8 bytes of the base64
   * `serverPublicKey` string. Deterministic, so every process gives the same value; kept per key.
   */
  signServerKey(serverPublicKey: string): string {
    let signature = this.#signatures.get(serverPublicKey);
    if (signature === undefined) {
      signature = sign('sha256', Buffer.from(serverPublicKey, 'utf8'), this.#key).toString(
        'base64',
      );
      // Only the current and the previous keys are ever asked for: a small map suffices.
      if (this.#signatures.size >= 8) this.#signatures.clear();
      this.#signatures.set(serverPublicKey, signature);
    }
    return signature;
  }
}

/**
 * Reads the trust-root private key (PEM) named by GATEWAY_SIGN_TRUST_KEY_FILE; throws an error
 * that says what to fix when the file is missing or holds no usable key.
 */
export function loadTrustRoot(file: string): TrustRoot {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `GATEWAY_SIGN_TRUST_KEY_FILE: cannot read the trust-root private key at ${file} (${reason}); ` +
        'set it to the PEM file of the key whose certificate the site is built with',
      { cause: error },
    );
  }
  try {
    return new TrustRoot(createPrivateKey(pem));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `GATEWAY_SIGN_TRUST_KEY_FILE: ${file} holds no usable RSA private key (${reason})`,
      { cause: error },
    );
  }
}
