import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep } from './authenticator';

// RFC 6238's SHA-1 test secret ("12345678901234567890") and a time of its table.
const SECRET = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer })
  .base32;
const AT = 1_111_111_109_000;
const codeAt = (timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate({ timestamp });

describe('matchingStep', () => {
  it('reads the RFC 6238 vector: 07081804 at 1111111109 is 081804 in six digits', () => {
    expect(codeAt(AT)).toBe('081804');
    expect(matchingStep(SECRET, '081804', AT)).toBe(Math.floor(AT / 30_000));
  });

  it('allows one step of drift either way, and no more', () => {
    const step = Math.floor(AT / 30_000);
    expect(matchingStep(SECRET, codeAt(AT - 30_000), AT)).toBe(step - 1);
    expect(matchingStep(SECRET, codeAt(AT + 30_000), AT)).toBe(step + 1);
    expect(matchingStep(SECRET, codeAt(AT - 60_000), AT)).toBeUndefined();
    expect(matchingStep(SECRET, codeAt(AT + 60_000), AT)).toBeUndefined();
  });

  it('takes nothing but six digits', () => {
    for (const code of ['', '81804', '0818040', '08180a', ' 081804'])
      expect(matchingStep(SECRET, code, AT), code).toBeUndefined();
  });
});
