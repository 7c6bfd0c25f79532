import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { KeyValueStorage } from './key-value-storage';

/** Raise when a locale's notice text changes materially: everyone is asked again. */
export const LEGAL_NOTICE_VERSION = 1;

/** Remembers, per locale, which version of the legal notice the visitor accepted. */
export function createLegalAcceptance(storage: KeyValueStorage) {
  const read = (): Record<string, number> => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(LocalStorageKey.legalAcceptance) ?? '{}');
      return parsed !== null && typeof parsed === 'object'
        ? (parsed as Record<string, number>)
        : {};
    } catch {
      return {};
    }
  };
  return {
    isAccepted: (locale: string) => read()[locale] === LEGAL_NOTICE_VERSION,
    accept(locale: string) {
      try {
        storage.setItem(
          LocalStorageKey.legalAcceptance,
          JSON.stringify({ ...read(), [locale]: LEGAL_NOTICE_VERSION }),
        );
      } catch {
        // Storage refused: the dialog asks again next time, which is the safe side.
      }
    },
  };
}
