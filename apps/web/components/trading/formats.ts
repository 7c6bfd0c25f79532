import { htmlLang } from '@exchange-web/client/language';
import { textDirection } from '@exchange-web/protocol/languages';
import { decimalsOf } from './trade-math';

/** How the trading pages write prices, sizes, amounts and times in the page's language. */
export interface TradingFormats {
  /** The page's BCP 47 language. */
  locale: string;
  rtl: boolean;
  /** A price with as many places as the pair's tick. */
  price(value: string, tick: string): string;
  /** A size with as many places as the pair's step. */
  size(value: string, step: string): string;
  /** An amount with up to `places` places (trailing zeros dropped). */
  amount(value: string, places?: number): string;
  /** A signed amount with exactly `places` places and an explicit + (PnL). */
  signed(value: string, places?: number): string;
  /** A signed ratio as a percentage: `"-0.0123"` → −1.23 %. */
  percent(ratio: string): string;
  /** A ratio from 0 to 1 as a percentage without a sign: `"0.125"` → 12.50 %. */
  share(ratio: string): string;
  /** An amount in a fiat currency by its code (USD, JPY, AED, ...). */
  fiat(value: string, currency: string): string;
  /** A time of day, to the second. */
  time(at: number): string;
  /** A date and time. */
  dateTime(at: number): string;
  /** A calendar day in words, as the UTC day it is (a document's effective date). */
  date(at: number): string;
}

// NOTE: Intl.NumberFormat formats decimal strings exactly (ES2023), so no value passes a float.
type Numeric = Intl.StringNumericLiteral;

/** The formats of one language, each made once, on first use. */
export function tradingFormats(language: string): TradingFormats {
  const locale = htmlLang(language);
  const formatCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
  const cached = <Format extends Intl.NumberFormat | Intl.DateTimeFormat>(
    key: string,
    make: () => Format,
  ): Format => {
    let format = formatCache.get(key) as Format | undefined;
    if (!format) formatCache.set(key, (format = make()));
    return format;
  };
  const fixed = (places: number) =>
    cached(`fixed:${places}`, () =>
      Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }),
    );
  const upTo = (places: number) =>
    cached(`upto:${places}`, () =>
      Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: places }),
    );
  const signedFormat = (places: number) =>
    cached(`signed:${places}`, () =>
      Intl.NumberFormat(locale, {
        minimumFractionDigits: places,
        maximumFractionDigits: places,
        signDisplay: 'exceptZero',
      }),
    );
  // Every formatter is built on first use: a date formatter loads the time-zone data, a long
  // task on a phone, and a page hydrating often shows no date yet (issue 18).
  const percentFormat = () =>
    cached('percent', () =>
      Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      }),
    );
  const shareFormat = () =>
    cached('share', () =>
      Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    );
  const fiatFormat = (currency: string) =>
    cached(`fiat:${currency}`, () =>
      Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }),
    );
  const timeFormat = () =>
    cached('time', () =>
      Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
  const dateTimeFormat = () =>
    cached('dateTime', () =>
      Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }),
    );
  const dateFormat = () =>
    cached('date', () => Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));
  return {
    locale,
    rtl: textDirection(language) === 'rtl',
    price: (value, tick) => fixed(decimalsOf(tick)).format(value as Numeric),
    size: (value, step) => fixed(decimalsOf(step)).format(value as Numeric),
    amount: (value, places = 8) => upTo(places).format(value as Numeric),
    signed: (value, places = 2) => signedFormat(places).format(value as Numeric),
    percent: (ratio) => percentFormat().format(ratio as Numeric),
    share: (ratio) => shareFormat().format(ratio as Numeric),
    fiat: (value, currency) => fiatFormat(currency).format(value as Numeric),
    time: (at) => timeFormat().format(at),
    dateTime: (at) => dateTimeFormat().format(at),
    date: (at) => dateFormat().format(at),
  };
}
