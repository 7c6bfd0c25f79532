import { describe, expect, it } from 'vitest';
import {
  maskedLoginName,
  mobileLoginName,
  parseLoginName,
  starredRealName,
  subAccountLoginName,
} from './login-names';

describe('login names', () => {
  it('reads a mobile login name with or without + into its canonical form', () => {
    for (const typed of ['+81 9012345678', '81 9012345678', ' +81  9012345678 ']) {
      expect(parseLoginName(typed)).toEqual({
        kind: 'mobile',
        areaCode: '81',
        mobile: '9012345678',
        key: '+81 9012345678',
      });
    }
    expect(mobileLoginName('+44', '7700900123')).toBe('+44 7700900123');
  });

  it('reads anything else as a name, lower-cased', () => {
    expect(parseLoginName(' Demo@Exchange-Web.TEST ')).toEqual({
      kind: 'name',
      loginName: 'demo@exchange-web.test',
      key: 'demo@exchange-web.test',
    });
    expect(parseLoginName('+819012345678').kind).toBe('name');
    expect(subAccountLoginName('Alpha', '1000001000')).toBe('alpha@sub.1000001000');
  });

  it('masks login names and real names', () => {
    expect(maskedLoginName('demo@exchange-web.test')).toBe('de****@exchange-web.test');
    expect(maskedLoginName('ab@example.test')).toBe('a***@example.test');
    expect(maskedLoginName('+81 9012345678')).toBe('+81 901****678');
    expect(starredRealName('Erika')).toBe('E****');
    expect(starredRealName('')).toBe('');
  });
});
