/** Fiat currencies and the USDT rate table (SPEC.md section 3, "Currency entry"). */

/** A fiat currency the user can value assets in. */
export interface CurrencyEntry {
  /** The currency name as the rate reply's `supported` list gives it, e.g. `USD`. */
  name: string;
  /** The display symbol, e.g. `$`. */
  symbol: string;
  /** Units of this currency per 1 USDT. */
  rate: number;
  /** `NAME-symbol`, e.g. `USD-$`. */
  label: string;
  /** The upper-case name, e.g. `USD`. */
  value: string;
}

/** The currencies of the USDT rate table, lower case as they key the rates (SPEC.md section 3). */
export const USDT_RATE_CURRENCIES = [
  'usd',
  'idr',
  'cny',
  'eur',
  'hkd',
  'jpy',
  'php',
  'rub',
  'thb',
  'try',
  'twd',
  'vnd',
  'krw',
] as const;

/** A currency of the USDT rate table. */
export type UsdtRateCurrency = (typeof USDT_RATE_CURRENCIES)[number];

/**
 * The languages' default currencies SPEC 3 names that its USDT table does not quote (ar, uk, uz
 * and en-CA). Our reading: the rate table grows to quote them, so those languages get their own
 * currency rather than USD; the client still falls back to USD for any the reply leaves out.
 */
export const LANGUAGE_RATE_CURRENCIES = ['aed', 'uah', 'uzs', 'cad'] as const;

/** A currency the gateway's rate table quotes beyond SPEC's list. */
export type LanguageRateCurrency = (typeof LANGUAGE_RATE_CURRENCIES)[number];

/** The display symbol of each of {@link LANGUAGE_RATE_CURRENCIES}. */
export const languageCurrencySymbols: Record<LanguageRateCurrency, string> = {
  aed: 'د.إ',
  uah: '₴',
  uzs: 'soʻm',
  cad: 'CA$',
};

/** The display symbol of each USDT-table currency. */
export const currencySymbols: Record<UsdtRateCurrency, string> = {
  usd: '$',
  idr: 'Rp',
  cny: '¥',
  eur: '€',
  hkd: 'HK$',
  jpy: '¥',
  php: '₱',
  rub: '₽',
  thb: '฿',
  try: '₺',
  twd: 'NT$',
  vnd: '₫',
  krw: '₩',
};

/**
 * Builds a currency entry: label `NAME-symbol` and value `NAME`, upper case (SPEC.md section 3).
 *
 * @example
 * toCurrencyEntry('eur', '€', 0.92); // { name: 'eur', symbol: '€', rate: 0.92, label: 'EUR-€', value: 'EUR' }
 */
export function toCurrencyEntry(name: string, symbol: string, rate: number): CurrencyEntry {
  const value = name.toUpperCase();
  return { name, symbol, rate, label: `${value}-${symbol}`, value };
}

/** The currency before any rate has loaded: 1 USD per USDT (SPEC.md sections 3 and 9). */
export const DEFAULT_CURRENCY: CurrencyEntry = toCurrencyEntry('USD', '$', 1);

/**
 * The currency to switch to on a language change: the language's default when the rate reply
 * supports it, else USD.
 *
 * @example
 * currencyForLanguage('JPY', [{ value: 'JPY' }]); // 'JPY'
 * currencyForLanguage('AED', [{ value: 'USD' }]); // 'USD'
 */
export function currencyForLanguage(
  defaultCurrency: string,
  supported: readonly { value: string }[],
): string {
  // A default the reply does not quote (a gateway with an older table) falls back to USD.
  const wanted = defaultCurrency.toUpperCase();
  return supported.some((entry) => entry.value.toUpperCase() === wanted)
    ? wanted
    : DEFAULT_CURRENCY.value;
}
