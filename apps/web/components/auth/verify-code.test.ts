import {
  registerEmailRequestSchema,
  registerMobileAndEmailRequestSchema,
  registerMobileRequestSchema,
} from '@exchange-web/protocol/schemas';
import {
  VerifyCodeRule,
  sendVerifyCodeReplySchema,
  sendVerifyCodeRequestSchema,
} from '@exchange-web/protocol/verification';
import { describe, expect, it } from 'vitest';
import {
  channelsOf,
  codeTarget,
  readSendReply,
  registerBody,
  secondsUntil,
  sendCodeRequest,
  verifyCodePattern,
  type RegisterValues,
} from './verify-code';

const values: RegisterValues = {
  email: ' new@example.com ',
  emailCode: ' 123456 ',
  areaCode: '+81',
  mobile: ' 9012345678 ',
  mobileCode: '654321',
  pwd: 'Trader-2026',
  rePwd: 'Trader-2026',
};

describe('registerBody', () => {
  it('sends each kind its own fields with the code of each address it proves', () => {
    expect(registerBody('email', values)).toEqual({
      email: 'new@example.com',
      emailCode: '123456',
      pwd: 'Trader-2026',
      rePwd: 'Trader-2026',
    });
    expect(registerBody('mobile', values)).toEqual({
      areaCode: '+81',
      mobile: '9012345678',
      mobileCode: '654321',
      pwd: 'Trader-2026',
      rePwd: 'Trader-2026',
    });
    expect(registerBody('both', values)).toEqual({
      email: 'new@example.com',
      emailCode: '123456',
      areaCode: '+81',
      mobile: '9012345678',
      mobileCode: '654321',
      pwd: 'Trader-2026',
      rePwd: 'Trader-2026',
    });
  });

  it('builds bodies the protocol accepts', () => {
    expect(registerEmailRequestSchema.safeParse(registerBody('email', values)).success).toBe(true);
    expect(registerMobileRequestSchema.safeParse(registerBody('mobile', values)).success).toBe(
      true,
    );
    expect(
      registerMobileAndEmailRequestSchema.safeParse(registerBody('both', values)).success,
    ).toBe(true);
  });

  it('leaves an empty code out, so the gateway answers it as a missing code, not a bad body', () => {
    const body = registerBody('both', { ...values, emailCode: '  ', mobileCode: '' });
    expect(body).not.toHaveProperty('emailCode');
    expect(body).not.toHaveProperty('mobileCode');
    expect(registerMobileAndEmailRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('sendCodeRequest', () => {
  it('asks a registration code for the typed address or number, as the protocol takes it', () => {
    const email = sendCodeRequest('email', values);
    expect(email).toEqual({ scene: 'register', channel: 'email', email: 'new@example.com' });
    const mobile = sendCodeRequest('mobile', values);
    expect(mobile).toEqual({
      scene: 'register',
      channel: 'mobile',
      areaCode: '+81',
      mobile: '9012345678',
    });
    expect(sendVerifyCodeRequestSchema.safeParse(email).success).toBe(true);
    expect(sendVerifyCodeRequestSchema.safeParse(mobile).success).toBe(true);
  });

  it('names where the code went as a person wrote it: the address, or +code number', () => {
    expect(codeTarget(sendCodeRequest('email', values))).toBe('new@example.com');
    expect(codeTarget(sendCodeRequest('mobile', values))).toBe('+81 9012345678');
    expect(codeTarget(sendCodeRequest('mobile', { ...values, areaCode: '44' }))).toBe(
      '+44 9012345678',
    );
  });
});

describe('the code and its timings', () => {
  it('takes exactly the digits the protocol asks for', () => {
    expect(verifyCodePattern.test('012345')).toBe(true);
    expect(verifyCodePattern.test('12345')).toBe(false);
    expect(verifyCodePattern.test('1234567')).toBe(false);
    expect(verifyCodePattern.test('12345a')).toBe(false);
  });

  it('reads the reply, or falls back to the protocol rule when it does not read', () => {
    expect(readSendReply({ expiresInSeconds: 300, resendAfterSeconds: 30 })).toEqual({
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
    });
    expect(readSendReply(null)).toEqual({
      expiresInSeconds: VerifyCodeRule.ttlSeconds,
      resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
    });
  });

  it.each([
    { expiresInSeconds: 300, resendAfterSeconds: 30 },
    { expiresInSeconds: 300, resendAfterSeconds: 30, extra: 1 },
    { expiresInSeconds: 300 },
    { expiresInSeconds: 0, resendAfterSeconds: 30 },
    { expiresInSeconds: 300.5, resendAfterSeconds: 30 },
    { expiresInSeconds: '300', resendAfterSeconds: 30 },
    { expiresInSeconds: Number.POSITIVE_INFINITY, resendAfterSeconds: 30 },
    [300, 30],
    'reply',
    undefined,
  ])('reads a reply as the reply schema does, without loading it: %j', (data) => {
    const parsed = sendVerifyCodeReplySchema.safeParse(data);
    expect(readSendReply(data)).toEqual(
      parsed.success
        ? parsed.data
        : {
            expiresInSeconds: VerifyCodeRule.ttlSeconds,
            resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
          },
    );
  });

  it('counts whole seconds down to zero and no further', () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 90_000)).toBe(0);
  });

  it('proves one address per channel of a registration kind', () => {
    expect(channelsOf('email')).toEqual(['email']);
    expect(channelsOf('mobile')).toEqual(['mobile']);
    expect(channelsOf('both')).toEqual(['email', 'mobile']);
  });
});
