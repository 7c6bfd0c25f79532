import { isApiError } from '@exchange-web/client/errors';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { TradeCode } from '@exchange-web/protocol/trading';

type RefusalName = keyof typeof TradeCode;

const refusalByCode = new Map<string, RefusalName>(
  (Object.entries(TradeCode) as [RefusalName, string][]).map(([name, code]) => [code, name]),
);

/** The sentence key of a trading refusal code, or null for a code that is not one. */
export function refusalKey(code: string): MessageKey | null {
  const name = refusalByCode.get(code);
  return name ? `trading.refusals.${name}` : null;
}

/** A failure worded for the trader: a trading refusal by its meaning, else the shell's sentence. */
export function tradeFailureKey(failure: unknown): { key: MessageKey; code: string | null } {
  if (isApiError(failure)) {
    const key = refusalKey(failure.code);
    if (key) return { key, code: failure.code };
  }
  return { key: errorMessageKey(failure), code: isApiError(failure) ? failure.code : null };
}
