import { describe, expect, it } from 'vitest';
import {
  loginReplySchema,
  needsSecondFactor,
  normaliseFactorCode,
  verifyLoginRequestSchema,
} from './authenticator';

const token = 'a'.repeat(43);

describe('normaliseFactorCode', () => {
  it('drops spaces and dashes of app codes, upper-cases recovery codes and puts their dash back', () => {
    expect(normaliseFactorCode(' 123 456 ')).toBe('123456');
    expect(normaliseFactorCode('7kq2mxc4pa')).toBe('7KQ2M-XC4PA');
    expect(normaliseFactorCode('7KQ2M - XC4PA')).toBe('7KQ2M-XC4PA');
    // Ten digits are no recovery code (its alphabet has no 0, 1, 8, 9 and is not all digits).
    expect(normaliseFactorCode('2345672345')).toBe('2345672345');
  });
});

describe('verifyLoginRequestSchema', () => {
  const codeOf = (input: unknown) => {
    const parsed = verifyLoginRequestSchema.parse(input);
    return 'googleCode' in parsed ? parsed.googleCode : undefined;
  };

  it('takes the ticket with an app code or a recovery code, as typed', () => {
    expect(codeOf({ token, googleCode: ' 123 456' })).toBe('123456');
    expect(codeOf({ token, googleCode: '7kq2m xc4pa' })).toBe('7KQ2M-XC4PA');
  });

  it('takes the ticket with a passkey answer instead, never both', () => {
    const fidoVerifyCode = '{"id":"abc"}';
    expect(verifyLoginRequestSchema.parse({ token, fidoVerifyCode })).toEqual({
      token,
      fidoVerifyCode,
    });
    expect(
      verifyLoginRequestSchema.safeParse({ token, fidoVerifyCode, googleCode: '123456' }).success,
    ).toBe(false);
    expect(verifyLoginRequestSchema.safeParse({ token, fidoVerifyCode: '' }).success).toBe(false);
  });

  it('refuses other shapes, a short ticket and extra fields', () => {
    for (const googleCode of ['12345', '1234567', 'ABCDE-FGHI1', '', 123456])
      expect(verifyLoginRequestSchema.safeParse({ token, googleCode }).success).toBe(false);
    expect(verifyLoginRequestSchema.safeParse({ token: 'x', googleCode: '123456' }).success).toBe(
      false,
    );
    expect(
      verifyLoginRequestSchema.safeParse({ token, googleCode: '123456', pwd: 'x' }).success,
    ).toBe(false);
  });
});

describe('loginReplySchema', () => {
  it('reads a session or a second factor, and tells them apart', () => {
    const session = loginReplySchema.parse({
      userId: 'u1',
      loginName: 'a@example.test',
      userName: 'a',
      subAccount: false,
    });
    expect(needsSecondFactor(session)).toBe(false);
    const step = loginReplySchema.parse({
      secondFactor: { token, factors: ['google'], expiresInSeconds: 300 },
    });
    expect(needsSecondFactor(step)).toBe(true);
    expect(
      loginReplySchema.safeParse({
        secondFactor: { token, factors: [], expiresInSeconds: 300 },
      }).success,
    ).toBe(false);
  });
});
