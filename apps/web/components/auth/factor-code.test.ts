import { describe, expect, it } from 'vitest';
import { factorCodeError, takesEitherCode } from './factor-code';

describe('factorCodeError', () => {
  it('takes six digits from the app, spaces forgiven', () => {
    expect(factorCodeError('123456', 'app')).toBeNull();
    expect(factorCodeError(' 123 456 ', 'app')).toBeNull();
  });

  it('takes a recovery code in any case, with or without its dash', () => {
    for (const code of ['7KQ2M-XC4PA', '7kq2mxc4pa', ' 7KQ2M XC4PA '])
      expect(factorCodeError(code, 'recovery'), code).toBeNull();
  });

  it('takes either kind where both are taken, and neither a wrong shape nor nothing', () => {
    for (const code of ['123 456', '7kq2m-xc4pa']) expect(takesEitherCode(code), code).toBe(true);
    for (const code of ['', '12345', '7KQ2M-XC4P1'])
      expect(takesEitherCode(code), code).toBe(false);
  });

  it('names what is wrong: nothing typed, or the wrong shape for the chosen kind', () => {
    expect(factorCodeError('  ', 'app')).toBe('auth.required');
    expect(factorCodeError('12345', 'app')).toBe('auth.invalidAppCode');
    expect(factorCodeError('7KQ2M-XC4PA', 'app')).toBe('auth.invalidAppCode');
    expect(factorCodeError('123456', 'recovery')).toBe('auth.invalidRecoveryCode');
    expect(factorCodeError('7KQ2M-XC4P1', 'recovery')).toBe('auth.invalidRecoveryCode');
  });
});
