import { isApiError } from '@exchange-web/client/errors';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { InscriptionCode } from '@exchange-web/protocol/inscription';

// NOTE: imports the contract's values (and zod): pages load this module only when a call failed.

type RefusalName = keyof typeof InscriptionCode;

const refusalByCode = new Map<string, RefusalName>(
  (Object.entries(InscriptionCode) as [RefusalName, string][]).map(([name, code]) => [code, name]),
);

/** The sentence key of an inscription refusal code, or null for a code that is not one. */
export function inscriptionRefusalKey(code: string): MessageKey | null {
  const name = refusalByCode.get(code);
  return name ? `inscription.refusals.${name}` : null;
}

/** A failed inscription call worded for the visitor: a refusal by its meaning, else the shell's. */
export function inscriptionFailureKey(failure: unknown): MessageKey {
  if (isApiError(failure)) return inscriptionRefusalKey(failure.code) ?? errorMessageKey(failure);
  return errorMessageKey(failure);
}
