import { describe, expect, it } from 'vitest';
import { decodeAltchaPayload, encodeAltchaPayload, type AltchaPayload } from './altcha-payload';

const payload: AltchaPayload = {
  algorithm: 'SHA-256',
  challenge: 'a'.repeat(64),
  number: 1234,
  salt: '0123456789abcdef?expires=1700000000&',
  signature: 'b'.repeat(64),
  took: 42,
};
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('decodeAltchaPayload', () => {
  it('reads the Base64 of the widget’s JSON, and round-trips', () => {
    expect(decodeAltchaPayload(encodeAltchaPayload(payload))).toEqual(payload);
    const { took: _took, ...withoutTook } = payload;
    expect(decodeAltchaPayload(base64(JSON.stringify(withoutTook)))).toEqual(withoutTook);
  });

  it.each([
    ['Base64 of text that is not JSON', base64('{"number":')],
    ['Base64 of a JSON array', base64('[]')],
    ['Base64 of JSON null', base64('null')],
    ['another algorithm', base64(JSON.stringify({ ...payload, algorithm: 'SHA-1' }))],
    ['a number that is not an integer', base64(JSON.stringify({ ...payload, number: 1.5 }))],
    ['a negative number', base64(JSON.stringify({ ...payload, number: -1 }))],
    ['a number as text', base64(JSON.stringify({ ...payload, number: '1234' }))],
    [
      'a challenge that is not hex',
      base64(JSON.stringify({ ...payload, challenge: 'z'.repeat(64) })),
    ],
    ['a missing signature', base64(JSON.stringify({ ...payload, signature: undefined }))],
    ['an empty salt', base64(JSON.stringify({ ...payload, salt: '' }))],
  ])('refuses %s', (_name, text) => {
    expect(decodeAltchaPayload(text)).toBeUndefined();
  });
});
