import type { ApiKeyPermission } from '@exchange-web/protocol/api-key-permissions';
import type { MessageKey } from '@exchange-web/react/i18n/messages';

/** The message key of each invalid field of a form; a valid field has none. */
export type FieldErrors<Field extends string> = Partial<Record<Field, MessageKey>>;

/** A sub-account name: 3 to 32 letters, digits, `_` or `-`; spaces around it are trimmed off. */
export const SUB_ACCOUNT_NAME = /^\s*[A-Za-z0-9_-]{3,32}\s*$/;

/**
 * What is wrong with a sub-account name, or null. An empty field is missing; anything else that
 * fails the rule (spaces only included) gets the rule's sentence.
 */
export function subAccountNameError(name: string): MessageKey | null {
  if (name === '') return 'auth.required';
  return SUB_ACCOUNT_NAME.test(name) ? null : 'account.subAccountRule';
}

/** The fields of the new-API-key form, in the order they appear. */
export interface NewKeyValues {
  label: string;
  permissions: ApiKeyPermission[];
  /** Addresses separated by commas or spaces; empty for any address. */
  ipWhitelist: string;
}

export const NEW_KEY_FIELDS = ['label', 'permissions', 'ipWhitelist'] as const;

/** The form as it opens, and as it is again once a key is created: read-only access. */
export const newKeyDefaults = (): NewKeyValues => ({
  label: '',
  permissions: ['read'],
  ipWhitelist: '',
});

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
// Loose on purpose: the gateway checks IPv6 strictly; this catches typos before sending.
const IPV6 = /^[0-9a-f:]+$/i;

/** The addresses of the whitelist field: comma- or space-separated, empty for any address. */
export function parseIpWhitelist(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** Every problem of the new-API-key form: a name, at least one permission, valid addresses. */
export function newKeyErrors(values: NewKeyValues): FieldErrors<keyof NewKeyValues> {
  const errors: FieldErrors<keyof NewKeyValues> = {};
  if (values.label.trim() === '') errors.label = 'auth.required';
  if (values.permissions.length === 0) errors.permissions = 'auth.required';
  const addresses = parseIpWhitelist(values.ipWhitelist);
  if (!addresses.every((address) => IPV4.test(address) || IPV6.test(address)))
    errors.ipWhitelist = 'apiKeys.invalidIp';
  return errors;
}

/** The first field of `order` that has an error, if any. */
export function firstInvalid<Field extends string>(
  order: readonly Field[],
  errors: FieldErrors<Field>,
): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}

/**
 * Focuses a form's control by name or id; of a group (checkboxes sharing a name), its first box.
 */
export function focusField(form: HTMLFormElement, name: string): void {
  const found = form.elements.namedItem(name);
  const control = found instanceof RadioNodeList ? found[0] : found;
  if (control instanceof HTMLElement) control.focus();
}
