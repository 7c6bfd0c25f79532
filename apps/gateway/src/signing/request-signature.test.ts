import type { SignMode } from '@exchange-web/protocol/registry';
import type { SignParts } from '@exchange-web/protocol/signing';
import { describe, expect, it } from 'vitest';
import vectors from '@exchange-web/protocol/vectors/signing.json';
import { checkRequestSignature } from './request-signature';
import { parseClientPublicKey } from './rsa';

const keyOf = (algorithm: 'rsa1024' | 'rsa2048') => {
  const stored = algorithm === 'rsa1024' ? vectors.keys.clientRsa1024 : vectors.keys.clientRsa2048;
  const key = parseClientPublicKey(stored.publicKey, algorithm);
  if (!key) throw new Error('the vector key does not parse');
  return key;
};

const cases = vectors.signing.map((vector) => ({
  name: `${vector.algorithm} mode ${vector.mode}`,
  vector,
  request: {
    mode: vector.mode as SignMode,
    parts: vector.parts,
    md5: vector.md5,
    signature: vector.signature,
  },
  key: keyOf(vector.algorithm as 'rsa1024' | 'rsa2048'),
}));

describe('checkRequestSignature', () => {
  it.each(cases)('verifies the shared vector $name', ({ request, key }) => {
    expect(checkRequestSignature(request, key)).toBe('ok');
    expect(checkRequestSignature({ ...request, md5: request.md5.toUpperCase() }, key)).toBe('ok');
  });

  it.each(cases)('refuses the vector $name with any signed part changed', ({ request, key }) => {
    const { mode, parts } = request;
    expect(checkRequestSignature({ ...request, parts: { ...parts, path: '/v1/x' } }, key)).toBe(
      'md5',
    );
    expect(
      checkRequestSignature({ ...request, parts: { ...parts, tm: '1795381632650' } }, key),
    ).toBe('md5');
    // The parts a mode leaves out do not count; the ones it signs do.
    const uhti = checkRequestSignature({ ...request, parts: { ...parts, uhti: 'w0' } }, key);
    expect(uhti).toBe(mode >= 1 ? 'md5' : 'ok');
    const body = checkRequestSignature({ ...request, parts: { ...parts, body: '{}' } }, key);
    expect(body).toBe(mode >= 2 ? 'md5' : 'ok');
    expect(checkRequestSignature({ ...request, md5: '0'.repeat(32) }, key)).toBe('md5');
  });

  it.each(cases)(
    'refuses the vector $name with its paptrading header flipped, in every mode',
    ({ request, key }) => {
      const { paptrading: signed = '', ...rest } = request.parts as SignParts;
      // Paper signed, sent as real (header dropped or emptied) or with another value; and back.
      expect(checkRequestSignature({ ...request, parts: rest }, key)).toBe(
        signed === '' ? 'ok' : 'md5',
      );
      for (const paptrading of signed === '1' ? ['', '0'] : ['1', '0']) {
        expect(checkRequestSignature({ ...request, parts: { ...rest, paptrading } }, key)).toBe(
          'md5',
        );
      }
    },
  );

  it('refuses a signature that is not the key’s, even with the right MD5', () => {
    const [first, second] = cases;
    if (!first || !second) throw new Error('missing vectors');
    expect(
      checkRequestSignature({ ...first.request, signature: second.request.signature }, first.key),
    ).toBe('signature');
    const other = cases.find((entry) => entry.vector.algorithm !== first.vector.algorithm);
    if (!other) throw new Error('missing vectors');
    expect(checkRequestSignature(first.request, other.key)).toBe('signature');
  });
});
