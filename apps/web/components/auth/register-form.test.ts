import { describe, expect, it } from 'vitest';
import {
  addressFields,
  firstInvalid,
  initialRegisterForm,
  registerFieldError,
  registerFields,
  registerFormReducer,
  type RegisterFormAction,
  type RegisterFormState,
  type RegisterInput,
} from './register-form';

const filled: RegisterInput = {
  email: 'new@example.com',
  emailCode: '123456',
  areaCode: '+81',
  mobile: '9012345678',
  mobileCode: '654321',
  pwd: 'Trader-2026',
  rePwd: 'Trader-2026',
};
const typed = (values: Partial<RegisterInput>): RegisterInput => ({ ...filled, ...values });
const run = (...actions: RegisterFormAction[]): RegisterFormState =>
  actions.reduce(registerFormReducer, initialRegisterForm);

describe('registerFieldError', () => {
  it('accepts a filled form', () => {
    for (const field of registerFields('both'))
      expect([field, registerFieldError(field, filled)]).toEqual([field, null]);
  });

  it('asks for every field, and an address or code of spaces is none', () => {
    for (const field of registerFields('both'))
      expect(registerFieldError(field, typed({ [field]: '' }))).toBe('auth.required');
    expect(registerFieldError('email', typed({ email: '  ' }))).toBe('auth.required');
    expect(registerFieldError('emailCode', typed({ emailCode: ' ' }))).toBe('auth.required');
  });

  it('checks an address as the form always has', () => {
    const check = (email: string) => registerFieldError('email', typed({ email }));
    expect(check('a.b@example.co.jp')).toBeNull();
    expect(check('名前@例え.テスト')).toBeNull();
    expect(check('new@example')).toBe('auth.invalidEmail');
    expect(check(' new@example.com')).toBe('auth.invalidEmail');
    expect(check('new@@example.com')).toBe('auth.invalidEmail');
    expect(check(`${'a'.repeat(310)}@example.com`)).toBe('auth.invalidEmail');
  });

  it('checks the country code, the number and the codes by their shapes', () => {
    expect(registerFieldError('areaCode', typed({ areaCode: '44' }))).toBeNull();
    expect(registerFieldError('areaCode', typed({ areaCode: '+12345' }))).toBe(
      'auth.invalidAreaCode',
    );
    expect(registerFieldError('mobile', typed({ mobile: '123' }))).toBe('auth.invalidMobile');
    expect(registerFieldError('mobile', typed({ mobile: '090-1234' }))).toBe('auth.invalidMobile');
    expect(registerFieldError('mobileCode', typed({ mobileCode: '12345' }))).toBe(
      'auth.invalidCode',
    );
  });

  it('applies the password rule, and asks for the same password twice', () => {
    expect(registerFieldError('pwd', typed({ pwd: 'password' }))).toBe('auth.passwordRule');
    expect(registerFieldError('pwd', typed({ pwd: '        ' }))).toBe('auth.passwordRule');
    expect(registerFieldError('rePwd', typed({ rePwd: 'different1' }))).toBe(
      'auth.passwordsDiffer',
    );
  });
});

describe('the fields of a registration kind', () => {
  it('shows each kind its own fields, in the page order', () => {
    expect(registerFields('email')).toEqual(['email', 'emailCode', 'pwd', 'rePwd']);
    expect(registerFields('mobile')).toEqual(['areaCode', 'mobile', 'mobileCode', 'pwd', 'rePwd']);
    expect(registerFields('both')).toEqual([
      'email',
      'emailCode',
      'areaCode',
      'mobile',
      'mobileCode',
      'pwd',
      'rePwd',
    ]);
  });

  it('names the first wrong field, which the page focuses', () => {
    const values = typed({ emailCode: '', pwd: 'short' });
    expect(firstInvalid(registerFields('email'), values)).toBe('emailCode');
    expect(firstInvalid(registerFields('mobile'), values)).toBe('pwd');
    expect(firstInvalid(addressFields.mobile, values)).toBeUndefined();
  });
});

describe('registerFormReducer', () => {
  it('starts with the email kind, empty and unchecked', () => {
    expect(initialRegisterForm.kind).toBe('email');
    expect(Object.values(initialRegisterForm.values).every((value) => value === '')).toBe(true);
    expect(initialRegisterForm.errors).toEqual({});
  });

  it('checks a field as it is typed in', () => {
    const state = run({ type: 'change', field: 'email', value: 'new@' });
    expect(state.values.email).toBe('new@');
    expect(state.errors).toEqual({ email: 'auth.invalidEmail' });
    expect(
      registerFormReducer(state, { type: 'change', field: 'email', value: 'new@example.com' })
        .errors,
    ).toEqual({ email: null });
  });

  it('checks the confirmation again when the password changes, once it was checked', () => {
    const before = run({ type: 'change', field: 'pwd', value: 'Trader-2026' });
    expect(before.errors).not.toHaveProperty('rePwd');
    const confirmed = registerFormReducer(before, {
      type: 'change',
      field: 'rePwd',
      value: 'Trader-2026',
    });
    expect(confirmed.errors.rePwd).toBeNull();
    const changed = registerFormReducer(confirmed, {
      type: 'change',
      field: 'pwd',
      value: 'Trader-2027',
    });
    expect(changed.errors.rePwd).toBe('auth.passwordsDiffer');
  });

  it('checks the fields it is asked to, and only those', () => {
    const state = run({ type: 'check', fields: addressFields.email });
    expect(state.errors).toEqual({ email: 'auth.required' });
    expect(run({ type: 'check', fields: registerFields('email') }).errors).toEqual({
      email: 'auth.required',
      emailCode: 'auth.required',
      pwd: 'auth.required',
      rePwd: 'auth.required',
    });
  });

  it('keeps the values of another kind, but forgets what was said of the fields it hides', () => {
    const state = run(
      { type: 'change', field: 'email', value: 'new@' },
      { type: 'check', fields: registerFields('email') },
      { type: 'choose', kind: 'mobile' },
    );
    expect(state.kind).toBe('mobile');
    expect(state.values.email).toBe('new@');
    expect(state.errors).toEqual({ pwd: 'auth.required', rePwd: 'auth.required' });
    const back = registerFormReducer(state, { type: 'choose', kind: 'email' });
    expect(back.values.email).toBe('new@');
    expect(back.errors).not.toHaveProperty('email');
  });
});
