import {
  DEFAULT_CURRENCY,
  currencyForLanguage,
  toCurrencyEntry,
  type CurrencyEntry,
} from '@exchange-web/protocol/currencies';
import { findLanguage } from '@exchange-web/protocol/languages';
import { Timing } from '@exchange-web/protocol/registry';
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import { defaultTimers, type Timers } from './timers';

export interface CurrencyState {
  /** The fiat amounts are shown in; USD at rate 1 until rates load (SPEC 3, 9). */
  selected: CurrencyEntry;
  /** The currencies the rate call lists, with their USDT rates. */
  entries: readonly CurrencyEntry[];
  /**
   * 'idle' until the first answer, then 'ready' or 'error'. A load in progress is not a state:
   * announced, it re-rendered every reader of the store as the page hydrated, for nothing shown.
   */
  status: 'idle' | 'ready' | 'error';
}

export interface CurrencyStoreOptions {
  /** Fetches `v1/mix/public/usdtRate` for a locale. */
  loadRates(locale: string): Promise<UsdtRateReply>;
  /** The locale the rates are requested for. */
  locale: string;
  /**
   * The rates the page's server render loaded for `locale` (SPEC 7 "on load"): the first start
   * uses them instead of a request, so a visitor's page asks nothing before its first input; the
   * 30-minute timer loads the next ones. @default none: the first start loads them
   */
  loadedRates?: UsdtRateReply;
  /** The fiat name chosen earlier (local cache `fiatName`). @default 'USD' */
  initialName?: string;
  /** Called when the visitor's choice changes, to persist it. */
  onSelect?: (name: string) => void;
  timers?: Timers;
}

/** The quoted currencies of a rate reply, as menu entries (a currency without a rate is left out). */
const entriesOf = (reply: UsdtRateReply): CurrencyEntry[] =>
  reply.supported.flatMap((currency) => {
    const rate = reply.rates[currency.value.toLowerCase()];
    return rate === undefined ? [] : [toCurrencyEntry(currency.name, currency.symbol, rate)];
  });

/**
 * Currencies with live USDT rates (SPEC 7, 9): loads on start and every 1,800,000 ms; the menu
 * lists `supported`; a language change selects that language's default currency when quoted.
 */
export function createCurrencyStore(options: CurrencyStoreOptions) {
  const timers = options.timers ?? defaultTimers;
  const listeners = new Set<() => void>();
  let locale = options.locale;
  let wantedName = (options.initialName ?? DEFAULT_CURRENCY.value).toUpperCase();
  let interval: unknown;
  let loadedRates = options.loadedRates;
  // The server render's rates list the currencies from the first HTML (the menu, and the width
  // its button keeps); the selection stays the server's 1 USD until start, so hydration matches.
  let state: CurrencyState = {
    selected: DEFAULT_CURRENCY,
    entries: loadedRates ? entriesOf(loadedRates) : [],
    status: 'idle',
  };

  const emit = (next: CurrencyState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const pick = (entries: readonly CurrencyEntry[], name: string) =>
    entries.find((entry) => entry.value === name) ??
    entries.find((entry) => entry.value === 'USD') ??
    DEFAULT_CURRENCY;

  const apply = (reply: UsdtRateReply) => {
    const entries = entriesOf(reply);
    emit({ entries, selected: pick(entries, wantedName), status: 'ready' });
  };

  async function refresh(): Promise<void> {
    try {
      apply(await options.loadRates(locale));
    } catch {
      // Keep the last good rates; the next tick tries again.
      emit({ ...state, status: state.entries.length > 0 ? 'ready' : 'error' });
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Loads now (or takes the rates the server render loaded, once) and then on the spec's
     * 30-minute timer; returns a stop function.
     */
    start(): () => void {
      if (loadedRates) apply(loadedRates);
      else void refresh();
      loadedRates = undefined;
      if (interval === undefined)
        interval = timers.setInterval(() => void refresh(), Timing.rateRefreshMs);
      return () => {
        timers.clearInterval(interval);
        interval = undefined;
      };
    },
    refresh,
    select(name: string) {
      wantedName = name.toUpperCase();
      const selected = pick(state.entries, wantedName);
      options.onSelect?.(wantedName);
      emit({ ...state, selected });
    },
    /** SPEC 4: a language change sets the currency to the language's default. */
    selectForLanguage(nextLocale: string) {
      locale = nextLocale;
      const language = findLanguage(nextLocale);
      if (!language) return;
      // Before rates load the default is kept as wanted; once they load, an unquoted one falls back to USD.
      this.select(
        state.entries.length > 0
          ? currencyForLanguage(language.defaultCurrency, state.entries)
          : language.defaultCurrency,
      );
    },
    /** An amount quoted in USDT, in the selected fiat. */
    convert(usdt: number): number {
      return usdt * state.selected.rate;
    },
  };
}

export type CurrencyStore = ReturnType<typeof createCurrencyStore>;
