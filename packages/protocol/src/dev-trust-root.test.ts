import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_TRUST_ROOT_CERT_PEM, DEV_TRUST_ROOT_PUBLIC_KEY } from './dev-trust-root';

describe('the development trust root', () => {
  it("builds in the certificate's own public key", () => {
    const key = new X509Certificate(DEV_TRUST_ROOT_CERT_PEM).publicKey;
    expect(DEV_TRUST_ROOT_PUBLIC_KEY).toBe(
      key.export({ type: 'spki', format: 'der' }).toString('base64'),
    );
  });
});
