import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_TRUST_ROOT_CERT_PEM, TEST_TRUST_ROOT_PUBLIC_KEY } from './test-trust-root';

describe('the test trust root', () => {
  it("gives the client the certificate's own public key, as the site's build does", () => {
    const key = new X509Certificate(TEST_TRUST_ROOT_CERT_PEM).publicKey;
    expect(TEST_TRUST_ROOT_PUBLIC_KEY).toBe(
      key.export({ type: 'spki', format: 'der' }).toString('base64'),
    );
  });
});
