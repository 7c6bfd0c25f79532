import { describe, expect, it } from 'vitest';
import { contactOf, factorOfChannel, maskRecipient } from './new-device';

const noNumber = { area_code: null, mobile: null };

describe('contactOf', () => {
  it('reaches an account by its e-mail first, else by its number, else not at all', () => {
    expect(contactOf({ email: 'dana@example.com', area_code: '81', mobile: '9012345678' })).toEqual(
      { channel: 'email', recipient: 'dana@example.com' },
    );
    expect(contactOf({ email: null, area_code: '81', mobile: '9012345678' })).toEqual({
      channel: 'mobile',
      recipient: '+81 9012345678',
    });
    expect(contactOf({ email: null, ...noNumber })).toBeUndefined();
  });

  it('names the factor of each channel', () => {
    expect(factorOfChannel('email')).toBe('email');
    expect(factorOfChannel('mobile')).toBe('mobile');
  });
});

describe('maskRecipient', () => {
  it('keeps the first letter and the domain of an address', () => {
    expect(maskRecipient({ channel: 'email', recipient: 'dana@example.com' })).toBe(
      'd***@example.com',
    );
    expect(maskRecipient({ channel: 'email', recipient: 'x@example.com' })).toBe(
      'x***@example.com',
    );
  });

  it('keeps the country code and the last four digits of a number', () => {
    expect(maskRecipient({ channel: 'mobile', recipient: '+81 9012345678' })).toBe(
      '+81 ******5678',
    );
    expect(maskRecipient({ channel: 'mobile', recipient: '+1 2025550123' })).toBe('+1 ******0123');
  });
});
