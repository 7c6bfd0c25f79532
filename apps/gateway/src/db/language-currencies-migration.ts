import {
  LANGUAGE_RATE_CURRENCIES,
  languageCurrencySymbols,
  type LanguageRateCurrency,
} from '@exchange-web/protocol/currencies';
import type { Migration } from './migrations';

/** Reference USDT rates (units of fiat per 1 USDT) of the languages' own currencies. */
const referenceRates: Record<LanguageRateCurrency, string> = {
  aed: '3.6725',
  uah: '41.5000',
  uzs: '12650.0000',
  cad: '1.3650',
};

/**
 * The rate table quotes the default currency of every language (protocol currencies.ts,
 * LANGUAGE_RATE_CURRENCIES): Arabic, Ukrainian, Uzbek and Canadian English get AED, UAH, UZS and
 * CAD instead of USD. Listed after SPEC's thirteen, in that order.
 */
export const languageCurrenciesMigration: Migration = {
  id: '034_language_currencies',
  sql: `
    INSERT INTO fiat_currencies (name, symbol, usdt_rate, sort_order) VALUES
    ${LANGUAGE_RATE_CURRENCIES.map(
      (name, index) =>
        `('${name}', '${languageCurrencySymbols[name]}', ${referenceRates[name]}, ${100 + index})`,
    ).join(',\n    ')};
  `,
};
