// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  NEW_KEY_FIELDS,
  firstInvalid,
  focusField,
  newKeyDefaults,
  newKeyErrors,
  parseIpWhitelist,
  subAccountNameError,
} from './account-forms';

describe('sub-account name', () => {
  it('is required, then held to 3 to 32 letters, digits, _ or -, spaces around allowed', () => {
    expect(subAccountNameError('')).toBe('auth.required');
    expect(subAccountNameError('   ')).toBe('account.subAccountRule');
    expect(subAccountNameError('ab')).toBe('account.subAccountRule');
    expect(subAccountNameError('desk one')).toBe('account.subAccountRule');
    expect(subAccountNameError('a'.repeat(33))).toBe('account.subAccountRule');
    expect(subAccountNameError('desk_one')).toBeNull();
    expect(subAccountNameError('  desk-1  ')).toBeNull();
    expect(subAccountNameError('a'.repeat(32))).toBeNull();
  });
});

describe('new API key form', () => {
  it('opens valid but for its name, with read access only', () => {
    expect(newKeyDefaults()).toEqual({ label: '', permissions: ['read'], ipWhitelist: '' });
    expect(newKeyErrors(newKeyDefaults())).toEqual({ label: 'auth.required' });
  });

  it('wants a name that is not only spaces, at least one permission and valid addresses', () => {
    expect(newKeyErrors({ label: '  ', permissions: [], ipWhitelist: '203.0.113.256' })).toEqual({
      label: 'auth.required',
      permissions: 'auth.required',
      ipWhitelist: 'apiKeys.invalidIp',
    });
    expect(
      newKeyErrors({
        label: 'bot',
        permissions: ['read', 'trade'],
        ipWhitelist: '203.0.113.7, 2001:db8::1 10.0.0.1',
      }),
    ).toEqual({});
  });

  it('reads the whitelist as addresses split by commas or spaces, empty for any address', () => {
    expect(parseIpWhitelist(' 203.0.113.7,,2001:db8::1\n10.0.0.1 ')).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      '10.0.0.1',
    ]);
    expect(parseIpWhitelist('  ')).toEqual([]);
  });

  it('names the first invalid field in the order the form shows them', () => {
    expect(
      firstInvalid(NEW_KEY_FIELDS, {
        ipWhitelist: 'apiKeys.invalidIp',
        permissions: 'auth.required',
      }),
    ).toBe('permissions');
    expect(firstInvalid(NEW_KEY_FIELDS, {})).toBeUndefined();
  });
});

describe('focusField', () => {
  it('focuses a field by name, and the first box of a group of checkboxes', () => {
    const form = document.createElement('form');
    form.innerHTML =
      '<input id="label" name="label">' +
      '<input type="checkbox" name="permissions" value="read">' +
      '<input type="checkbox" name="permissions" value="trade">';
    document.body.append(form);
    focusField(form, 'permissions');
    expect((document.activeElement as HTMLInputElement | null)?.value).toBe('read');
    focusField(form, 'label');
    expect(document.activeElement?.id).toBe('label');
    focusField(form, 'nowhere');
    expect(document.activeElement?.id).toBe('label');
    form.remove();
  });
});
