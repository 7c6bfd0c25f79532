import { isApiError } from '@exchange-web/client/errors';
import { CopyCode } from '@exchange-web/protocol/copy-trading';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { refusalKey } from '../trading/trade-errors';

type CopyRefusalName = keyof typeof CopyCode;

const copyRefusalByCode = new Map<string, CopyRefusalName>(
  (Object.entries(CopyCode) as [CopyRefusalName, string][]).map(([name, code]) => [code, name]),
);

/**
 * The sentence of a copy-trading or trading refusal code (a skipped copy's reason, a refused
 * call), or null for any other code.
 */
export function copyRefusalKey(code: string): MessageKey | null {
  const name = copyRefusalByCode.get(code);
  return name ? `copy.refusals.${name}` : refusalKey(code);
}

/** A failed copy-trading call, worded: a refusal by its meaning, else the shell's sentence. */
export function copyFailureKey(failure: unknown): { key: MessageKey; refusal: boolean } {
  if (isApiError(failure)) {
    const key = copyRefusalKey(failure.code);
    if (key) return { key, refusal: true };
  }
  return { key: errorMessageKey(failure), refusal: false };
}
