import { isStrongPassword } from '@exchange-web/protocol/password-rule';
import { VerifyChannel } from '@exchange-web/protocol/verify-code-rule';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import {
  channelsOf,
  verifyCodePattern,
  type RegisterKind,
  type RegisterValues,
} from './verify-code';

export type RegisterField = keyof RegisterValues;

/** The form's values as typed: every field, empty until typed in (a hidden one keeps its value). */
export type RegisterInput = Required<RegisterValues>;

/** One check of a field's value: the sentence of what is wrong, or null. */
type Rule = (value: string, values: RegisterInput) => MessageKey | null;

const required =
  ({ whitespace }: { whitespace: boolean }): Rule =>
  (value) =>
    (whitespace ? value.trim() : value) === '' ? 'auth.required' : null;

// A rule other than `required` passes an empty value: only "required" is said of an empty field.
const pattern =
  (shape: RegExp, message: MessageKey): Rule =>
  (value) =>
    value === '' || shape.test(value) ? null : message;

// The address check the form has always made (async-validator's `email` type: at most 320
// characters of this shape); the gateway's schema has the last word.
const EMAIL_SHAPE =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;
const email: Rule = (value) =>
  value === '' || (value.length <= 320 && EMAIL_SHAPE.test(value)) ? null : 'auth.invalidEmail';

const code = [
  required({ whitespace: true }),
  pattern(verifyCodePattern, 'auth.invalidCode'),
] as const;

/** Each field's checks, in the order they are made; the first that fails is the one shown. */
const rules: Record<RegisterField, readonly Rule[]> = {
  email: [required({ whitespace: true }), email],
  emailCode: code,
  areaCode: [required({ whitespace: false }), pattern(/^\+?\d{1,4}$/, 'auth.invalidAreaCode')],
  mobile: [required({ whitespace: false }), pattern(/^\d{4,15}$/, 'auth.invalidMobile')],
  mobileCode: code,
  pwd: [
    required({ whitespace: false }),
    (value) => (value === '' || isStrongPassword(value) ? null : 'auth.passwordRule'),
  ],
  rePwd: [
    required({ whitespace: false }),
    (value, values) => (value === '' || value === values.pwd ? null : 'auth.passwordsDiffer'),
  ],
};

/** What is wrong with one field of the form, or null when nothing is. */
export function registerFieldError(field: RegisterField, values: RegisterInput): MessageKey | null {
  for (const rule of rules[field]) {
    const message = rule(values[field], values);
    if (message) return message;
  }
  return null;
}

/** The fields a channel's code is sent to, checked before the code is asked for. */
export const addressFields: Record<VerifyChannel, readonly RegisterField[]> = {
  email: ['email'],
  mobile: ['areaCode', 'mobile'],
};

/** The fields a registration kind shows, in the page's order (the first invalid one is focused). */
export function registerFields(kind: RegisterKind): readonly RegisterField[] {
  const channels = channelsOf(kind);
  return [
    ...(channels.includes(VerifyChannel.email) ? (['email', 'emailCode'] as const) : []),
    ...(channels.includes(VerifyChannel.mobile)
      ? (['areaCode', 'mobile', 'mobileCode'] as const)
      : []),
    'pwd',
    'rePwd',
  ];
}

/** The first of `fields` whose value is wrong, or undefined when all are fine. */
export const firstInvalid = (
  fields: readonly RegisterField[],
  values: RegisterInput,
): RegisterField | undefined => fields.find((field) => registerFieldError(field, values) !== null);

/** What the form holds: the kind chosen, the values typed, and what each checked field says. */
export interface RegisterFormState {
  kind: RegisterKind;
  values: RegisterInput;
  /**
   * Each field checked so far (typed in, or checked by a send or the submit) with what is wrong
   * with it, null when nothing; a field never checked is absent.
   */
  errors: Partial<Record<RegisterField, MessageKey | null>>;
}

export type RegisterFormAction =
  | { type: 'change'; field: RegisterField; value: string }
  | { type: 'check'; fields: readonly RegisterField[] }
  | { type: 'choose'; kind: RegisterKind };

export const initialRegisterForm: RegisterFormState = {
  kind: 'email',
  values: {
    email: '',
    emailCode: '',
    areaCode: '',
    mobile: '',
    mobileCode: '',
    pwd: '',
    rePwd: '',
  },
  errors: {},
};

/**
 * The form's changes. A field is checked as it is typed in; a changed password checks its
 * confirmation again once that was checked. Choosing another kind keeps every value typed but
 * forgets what was said of the fields it hides, so they come back unchecked.
 */
export function registerFormReducer(
  state: RegisterFormState,
  action: RegisterFormAction,
): RegisterFormState {
  if (action.type === 'choose') {
    const errors: RegisterFormState['errors'] = {};
    for (const field of registerFields(action.kind)) {
      const said = state.errors[field];
      if (said !== undefined) errors[field] = said;
    }
    return { ...state, kind: action.kind, errors };
  }
  if (action.type === 'check') {
    const errors = { ...state.errors };
    for (const field of action.fields) errors[field] = registerFieldError(field, state.values);
    return { ...state, errors };
  }
  const values = { ...state.values, [action.field]: action.value };
  const errors = { ...state.errors, [action.field]: registerFieldError(action.field, values) };
  if (action.field === 'pwd' && 'rePwd' in state.errors)
    errors.rePwd = registerFieldError('rePwd', values);
  return { ...state, values, errors };
}
