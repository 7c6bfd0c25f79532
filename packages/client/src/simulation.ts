import { SIMULATION_LANDING, isSimulationAllowedPath } from '@exchange-web/protocol/paths';
import { splitPathPrefix } from '@exchange-web/protocol/languages';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { browserLocalStorage, hasDocumentCookies, isBrowser } from './browser-globals';
import { browserCookieJar, memoryCookieJar, type CookieJar } from './cookie-jar';
import { memoryStorage, type KeyValueStorage } from './key-value-storage';
import { buildPath } from './language';

/**
 * Simulation (paper) trading, SPEC 2, 4, 9: a flag in local storage, mirrored in a cookie so the
 * server can redirect a disallowed page before it paints.
 *
 * NOTE: local storage is the source of truth (SPEC 4 "the flag simulation-trade in browser
 * storage"; its presence means on). The cookie only mirrors it for the server (apps/web/proxy.ts),
 * and is rewritten to agree with storage whenever the page starts or another tab changes the flag.
 */

/** The value written under the flag; any stored value counts as on (registry: presence). */
export const SIMULATION_FLAG_VALUE = '1';

// Ours: SPEC 9 keeps the cookie preferences 365 days; the mirror lives as long as the flag it mirrors
// (local storage does not expire), so a new browser session's first request is redirected on the
// server too. A session cookie would let the first page after a restart paint before the client
// redirects it.
/** How long the mirror cookie lives, in days. */
export const SIMULATION_COOKIE_DAYS = 365;

/** Whether the simulation flag is in this storage. */
export function isSimulationFlagSet(storage: KeyValueStorage): boolean {
  return storage.getItem(LocalStorageKey.simulationTrade) !== null;
}

/** Whether the mirror cookie says simulation is on (the server's view, from a cookie value). */
export function isSimulationCookieSet(value: string | undefined): boolean {
  return value !== undefined;
}

const prefixOf = (pathname: string) => splitPathPrefix(pathname).prefix.join('/');

/**
 * The page entering simulation leads to (SPEC 2): the futures landing from a futures page, else
 * the spot landing, with the current language prefix kept.
 * @example
 * simulationEntryTarget('/ja/futures/usdt/ETHUSDT'); // '/ja/futures/usdt/BTCUSDT'
 * simulationEntryTarget('/bg/account'); // '/bg/spot/BTCUSDT'
 */
export function simulationEntryTarget(pathname: string): string {
  const { rest } = splitPathPrefix(pathname);
  const futures = rest === '/futures' || rest.startsWith('/futures/');
  return buildPath(
    futures ? SIMULATION_LANDING.futures : SIMULATION_LANDING.spot,
    prefixOf(pathname),
  );
}

/**
 * Where a page must go while simulation is on (SPEC 4): undefined when it is allowed, else the spot
 * landing with the current language prefix kept.
 * @example
 * simulationRedirectTarget('/ja/'); // '/ja/spot/BTCUSDT'
 * simulationRedirectTarget('/fee'); // undefined
 */
export function simulationRedirectTarget(pathname: string): string | undefined {
  if (isSimulationAllowedPath(pathname)) return undefined;
  return buildPath(SIMULATION_LANDING.spot, prefixOf(pathname));
}

/** A change of local storage made by another tab (the `storage` event); key null: cleared. */
export interface StorageChange {
  readonly key: string | null;
}

/** What the simulation core needs of its page; tests pass fakes. */
export interface SimulationPlatform {
  /** Local storage, where the flag lives. */
  storage: KeyValueStorage;
  /** Where the mirror cookie is written (path /, SameSite Lax in the browser jar). */
  cookies: CookieJar;
  /** The page's current location; read at each use. */
  location(): { readonly pathname: string };
  /** Loads another page: `replace` drops the current one from history (a redirect). */
  navigate(url: string, options: { replace: boolean }): void;
  /** Reloads the page. */
  reload(): void;
  /** Listens to storage changes made by other tabs; returns the cleanup. */
  onStorageChange(listener: (change: StorageChange) => void): () => void;
}

/**
 * The browser platform: the page's local storage and cookies, `location`, and `storage` events.
 * NOTE: nothing runs until called; off the browser every piece is an inert stand-in (SSR).
 */
export function browserSimulationPlatform(): SimulationPlatform {
  return {
    storage: browserLocalStorage() ?? memoryStorage(),
    cookies: hasDocumentCookies() ? browserCookieJar() : memoryCookieJar(),
    location: () => (isBrowser() ? window.location : { pathname: '/' }),
    navigate: (url, { replace }) => {
      if (!isBrowser()) return;
      if (replace) window.location.replace(url);
      else window.location.assign(url);
    },
    reload: () => {
      if (isBrowser()) window.location.reload();
    },
    onStorageChange: (listener) => {
      if (!isBrowser()) return () => undefined;
      const handle = (event: StorageEvent) => listener({ key: event.key });
      window.addEventListener('storage', handle);
      return () => window.removeEventListener('storage', handle);
    },
  };
}

/**
 * Simulation trade on and off (SPEC 4): enter, exit, the redirect rule, the cookie mirror and the
 * reaction to another tab. Subscribe to follow `isOn()` (React's `useSyncExternalStore`).
 * @example
 * const simulation = new Simulation(browserSimulationPlatform());
 * const stop = simulation.start(); // agrees the cookie, redirects a disallowed page, follows tabs
 * simulation.enter(); // flag + cookie, then /spot/BTCUSDT (or the futures landing)
 */
export class Simulation {
  readonly #platform: SimulationPlatform;
  readonly #listeners = new Set<() => void>();
  #on: boolean;
  /** Set once the core sent the page away: a page being unloaded is not sent twice. */
  #leaving = false;

  constructor(platform: SimulationPlatform) {
    this.#platform = platform;
    this.#on = isSimulationFlagSet(platform.storage);
  }

  /** Whether simulation is on, as this page last read the flag. */
  isOn(): boolean {
    return this.#on;
  }

  /** Calls `listener` whenever `isOn()` changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reads the flag again, makes the cookie agree with it (storage wins: a cookie without the flag
   * is removed, a flag without the cookie gets it back), then redirects a disallowed page.
   * @returns whether the page is being sent elsewhere
   */
  sync(): boolean {
    this.#set(isSimulationFlagSet(this.#platform.storage));
    this.#mirrorCookie();
    return this.enforce();
  }

  /**
   * While on, sends a page that simulation does not allow to the spot landing (SPEC 4), replacing
   * it in history; the language prefix is kept.
   * @default pathname the current location's
   * @returns whether the page is being sent elsewhere
   */
  enforce(pathname: string = this.#platform.location().pathname): boolean {
    if (!this.#on) return false;
    if (this.#leaving) return true;
    const target = simulationRedirectTarget(pathname);
    if (target === undefined) return false;
    this.#leave(() => this.#platform.navigate(target, { replace: true }));
    return true;
  }

  /** Whether a page may show while simulation is as it is now (always, when off). */
  allows(pathname: string): boolean {
    return !this.#on || isSimulationAllowedPath(pathname);
  }

  /** Turns simulation on (flag and cookie) and goes to the landing page of where it was entered. */
  enter(): void {
    this.#platform.storage.setItem(LocalStorageKey.simulationTrade, SIMULATION_FLAG_VALUE);
    this.#set(true);
    this.#mirrorCookie();
    const target = simulationEntryTarget(this.#platform.location().pathname);
    this.#leave(() => this.#platform.navigate(target, { replace: false }));
  }

  /** Turns simulation off (flag and cookie) and reloads the page. */
  exit(): void {
    this.#platform.storage.removeItem(LocalStorageKey.simulationTrade);
    this.#set(false);
    this.#mirrorCookie();
    this.#leave(() => this.#platform.reload());
  }

  /**
   * Starts following the page: {@link sync} now, then reacts to another tab changing the flag
   * (SPEC 4): removed, reload; set, reload an allowed page or redirect a disallowed one.
   * @returns the cleanup, which stops listening
   */
  start(): () => void {
    const stop = this.#platform.onStorageChange((change) => this.#onStorageChange(change));
    this.sync();
    return stop;
  }

  #onStorageChange(change: StorageChange): void {
    // key null: the other tab cleared all of local storage, the flag with it.
    if (change.key !== null && change.key !== LocalStorageKey.simulationTrade) return;
    const on = isSimulationFlagSet(this.#platform.storage);
    // A rewrite of the same state (a second enter elsewhere, a clear while off) changes nothing.
    if (on === this.#on) return;
    this.#set(on);
    // The other tab wrote the shared cookie too; agreeing it again costs nothing and covers a flag
    // changed by hand, so the reload below is rendered in the right mode.
    this.#mirrorCookie();
    if (!on || !this.enforce()) this.#leave(() => this.#platform.reload());
  }

  #leave(go: () => void): void {
    this.#leaving = true;
    go();
  }

  #set(on: boolean): void {
    if (on === this.#on) return;
    this.#on = on;
    for (const listener of [...this.#listeners]) listener();
  }

  #mirrorCookie(): void {
    const { cookies } = this.#platform;
    const mirrored = isSimulationCookieSet(cookies.get(CookieName.simulationTrade));
    if (this.#on && !mirrored)
      cookies.set(CookieName.simulationTrade, SIMULATION_FLAG_VALUE, {
        expires: SIMULATION_COOKIE_DAYS,
        path: '/',
      });
    else if (!this.#on && mirrored) cookies.remove(CookieName.simulationTrade, { path: '/' });
  }
}
