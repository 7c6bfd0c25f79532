import { htmlLang } from '@exchange-web/client/language';
import { textDirection } from '@exchange-web/protocol/languages';

/** The visitor's currency as the shell holds it: its code and its units per 1 USDT (SPEC 3). */
export interface Fiat {
  value: string;
  rate: number;
}

/** How the inscription pages write prices, amounts, ratios and times in the page's language. */
export interface InscriptionFormats {
  /** The page's BCP 47 language. */
  locale: string;
  rtl: boolean;
  /** `usdt` × the currency's rate. */
  toFiat(usdt: string, fiat: Fiat): number;
  /** A token price: the currency's usual places from 1 up, 4 significant digits below. */
  price(usdt: string, fiat: Fiat): string;
  /** A volume or market cap, short: "$1.23M". */
  money(usdt: string, fiat: Fiat): string;
  /** A signed ratio as a signed percentage: "-0.0123" → "−1.23 %". */
  change(ratio: string): string;
  /** A ratio from 0 to 1 as a percentage: "0.4567" → "45.67 %". */
  share(ratio: string): string;
  /** A whole count with the language's grouping. */
  count(value: number): string;
  /** A token amount with up to 8 places. */
  amount(value: string): string;
  /** A date, in UTC. */
  date(at: number): string;
  /** A date and time to the minute, in UTC. */
  dateTime(at: number): string;
}

// NOTE: a displayed conversion is a float product, as the shell's own formatFiat: the rate is a
// float already, and a few significant digits are shown. The wire values stay decimal strings, and
// amounts shown as they are (supply, balances, ratios) are formatted from the strings exactly.
// (Not big.js or trade-math's helpers: they would add to the pages' first load, DESIGN "Budgets".)
/** A USDT amount in a currency at its USDT rate (SPEC 3). */
export const usdtToFiat = (usdt: string, fiatPerUsdt: number): number => Number(usdt) * fiatPerUsdt;

/** Whether a signed ratio went up, down or nowhere: the colour of a 24 h change. */
export function trendOf(ratio: string): 'up' | 'down' | 'flat' {
  const value = Number(ratio);
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/**
 * A mint progress ratio ("0.4567") as a percentage with two places (45.67), within 0 to 100; only
 * a finished mint reads 100 (0.99999 is 99.99, not rounded up to done).
 */
export function progressPercent(ratio: string): number {
  const value = Number(ratio);
  if (!(value > 0)) return 0;
  if (value >= 1) return 100;
  return Math.min(99.99, Math.round(value * 10_000) / 100);
}

/**
 * A long address or transaction id shortened in the middle ("bc1qxy…0wlh"), which people
 * compare by its ends; short values stay whole.
 */
export function shortenId(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

// ICU versions differ in the spaces they put in dates (Node's zh-TW has a thin space where
// Chromium's has a plain one): plain spaces keep the server's and the browser's text the same.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

// NOTE: Intl formats decimal strings exactly (ES2023), so no amount passes through a float.
type Numeric = Intl.StringNumericLiteral;

/**
 * The formats of one language. Times are written in UTC: the server and the browser then render
 * the same text (no hydration mismatch), as blockchain explorers show chain times.
 */
export function inscriptionFormats(language: string): InscriptionFormats {
  const locale = htmlLang(language);
  const cache = new Map<string, Intl.NumberFormat>();
  const numberFormat = (key: string, options: Intl.NumberFormatOptions) => {
    let format = cache.get(key);
    if (!format) cache.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  const currency = (code: string) =>
    ({ style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }) as const;
  const toFiat = (usdt: string, fiat: Fiat) => usdtToFiat(usdt, fiat.rate);
  // Made on first use: a date formatter loads the time-zone data, a long task on a phone, and
  // most views show one kind of date or none (issue 18).
  let dateFormat: Intl.DateTimeFormat | undefined;
  let dateTimeFormat: Intl.DateTimeFormat | undefined;
  const dates = () =>
    (dateFormat ??= new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }));
  const dateTimes = () =>
    (dateTimeFormat ??= new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // 24-hour, as explorers write chain times; it also avoids day-period words ICU versions spell apart.
      hourCycle: 'h23',
      timeZone: 'UTC',
      timeZoneName: 'short',
    }));
  return {
    locale,
    rtl: textDirection(language) === 'rtl',
    toFiat,
    price: (usdt, fiat) => {
      const value = toFiat(usdt, fiat);
      const small = Math.abs(value) < 1 && value !== 0;
      return numberFormat(
        `price:${fiat.value}:${small}`,
        small ? { ...currency(fiat.value), maximumSignificantDigits: 4 } : currency(fiat.value),
      ).format(value);
    },
    money: (usdt, fiat) =>
      numberFormat(`money:${fiat.value}`, {
        ...currency(fiat.value),
        notation: 'compact',
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }).format(toFiat(usdt, fiat)),
    change: (ratio) =>
      numberFormat('change', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      }).format(ratio as Numeric),
    share: (ratio) =>
      numberFormat('share', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(ratio as Numeric),
    count: (value) => numberFormat('count', {}).format(value),
    amount: (value) =>
      numberFormat('amount', { maximumFractionDigits: 8 }).format(value as Numeric),
    date: (at) => plainSpaces(dates().format(at)),
    dateTime: (at) => plainSpaces(dateTimes().format(at)),
  };
}
