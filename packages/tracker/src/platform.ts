// NOTE: the one place the tracker reaches for browser globals, and only when called: nothing here
// runs at module load, and every piece answers undefined off the browser (SSR, workers, tests).

/** The Web Storage methods the tracker uses; `key` and `length` let it find other tabs' queues. */
export interface TrackerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** What the tracker reads of a fetch Response. */
export interface ResponseLike {
  readonly status: number;
  json(): Promise<unknown>;
}

/** The fetch options the tracker sends. */
export interface TrackerFetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  credentials: 'same-origin';
  keepalive: boolean;
}

/** Removes a listener or restores what was patched. */
export type Unlisten = () => void;

/** The page as the tracker sees it now. */
export interface PageState {
  href: string;
  host: string;
  pathname: string;
  search: string;
  title: string;
  referrer: string;
  hidden: boolean;
}

/** A brand of the client hints: a browser or engine name and its version. */
export interface UserAgentBrand {
  brand: string;
  version: string;
}

/**
 * The User-Agent Client Hints a Chromium browser offers in a secure context
 * (`navigator.userAgentData`): what its frozen user agent string no longer says.
 */
export interface UserAgentHints {
  brands: readonly UserAgentBrand[];
  mobile: boolean;
  platform: string;
  getHighEntropyValues(hints: string[]): Promise<{
    fullVersionList?: readonly UserAgentBrand[];
    platformVersion?: string;
    model?: string;
  }>;
}

/** Stable data about the device and browser. */
export interface DeviceState {
  userAgent: string;
  /** `navigator.userAgentData` where the browser has it (Chromium, secure contexts). */
  userAgentHints?: UserAgentHints;
  languages: readonly string[];
  platform: string;
  hardwareConcurrency: number;
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  timezoneOffset: number;
  /** `navigator.connection.effectiveType`, or `unknown`. */
  networkType: string;
}

/** The cookie operations of the fingerprint markers (js-cookie in the browser). */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, days: number): void;
  remove(name: string): void;
}

/** Where an event listener goes. */
export type ListenTarget = 'window' | 'document';

/**
 * Everything the tracker needs from its host, passed in so tests run it with fakes and fake timers
 * and SSR never touches a browser global (DESIGN "Core takes its platform as parameters").
 */
export interface TrackerPlatform {
  now(): number;
  random(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A random UUID (crypto.randomUUID, else built from random values). */
  randomUUID(): string;
  /** SHA-256 hex of a text (WebCrypto), or undefined where WebCrypto is missing. */
  sha256Hex: ((text: string) => Promise<string>) | undefined;
  localStorage(): TrackerStorage | undefined;
  sessionStorage(): TrackerStorage | undefined;
  /** The cookie jar, loaded on demand (js-cookie stays out of the init chunk); undefined off the page. */
  cookies(): Promise<CookieJar | undefined>;
  fetch: ((url: string, init: TrackerFetchInit) => Promise<ResponseLike>) | undefined;
  sendBeacon: ((url: string, body: Blob) => boolean) | undefined;
  page(): PageState | undefined;
  device(): DeviceState | undefined;
  listen(target: ListenTarget, type: string, handler: (event: Event) => void): Unlisten;
  /** Calls back after history.pushState / replaceState and on popstate; the Unlisten restores. */
  onHistoryChange(callback: () => void): Unlisten;
  /** A property of the page's global object (native bridge detection), or undefined. */
  global(name: string): unknown;
}

const noop = () => undefined;

function storageOf(name: 'localStorage' | 'sessionStorage'): TrackerStorage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fallbackUUID(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    for (let index = 0; index < bytes.length; index += 1) {
      bytes[index] = Math.floor(Math.random() * 256);
    }
  }
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/**
 * The platform of a real page. Safe to call under SSR: every piece then answers undefined or does
 * nothing. Timers are wrapped lazily so fake timers replace them.
 *
 * @example
 * const tracker = createTracker({ appId, appName, platform: browserPlatform() });
 */
export function browserPlatform(): TrackerPlatform {
  const hasWindow = () => typeof window !== 'undefined';
  return {
    now: () => Date.now(),
    random: () => Math.random(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    randomUUID: () =>
      typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : fallbackUUID(),
    sha256Hex:
      typeof crypto !== 'undefined' && crypto.subtle
        ? async (text) =>
            hex(
              new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
            )
        : undefined,
    localStorage: () => storageOf('localStorage'),
    sessionStorage: () => storageOf('sessionStorage'),
    cookies: async () => {
      if (typeof document === 'undefined') return undefined;
      const { default: Cookies } = await import('js-cookie');
      return {
        get: (name) => Cookies.get(name),
        set: (name, value, days) => {
          Cookies.set(name, value, { expires: days, path: '/', sameSite: 'Lax' });
        },
        remove: (name) => Cookies.remove(name, { path: '/' }),
      };
    },
    fetch: typeof fetch === 'undefined' ? undefined : (url, init) => fetch(url, init),
    sendBeacon:
      typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function'
        ? undefined
        : (url, body) => navigator.sendBeacon(url, body),
    page: () =>
      hasWindow() && typeof document !== 'undefined'
        ? {
            href: location.href,
            host: location.host,
            pathname: location.pathname,
            search: location.search,
            title: document.title,
            referrer: document.referrer,
            hidden: document.visibilityState === 'hidden',
          }
        : undefined,
    device: () => {
      if (!hasWindow() || typeof navigator === 'undefined') return undefined;
      const { connection, userAgentData: userAgentHints } = navigator as Navigator & {
        connection?: { effectiveType?: string };
        userAgentData?: UserAgentHints;
      };
      return {
        userAgent: navigator.userAgent,
        ...(userAgentHints ? { userAgentHints } : {}),
        languages: navigator.languages ?? [navigator.language],
        platform: navigator.platform,
        hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
        screenWidth: window.screen?.width ?? 0,
        screenHeight: window.screen?.height ?? 0,
        colorDepth: window.screen?.colorDepth ?? 0,
        timezoneOffset: new Date().getTimezoneOffset(),
        networkType: connection?.effectiveType ?? 'unknown',
      };
    },
    listen: (target, type, handler) => {
      if (!hasWindow()) return noop;
      const node: EventTarget = target === 'window' ? window : document;
      node.addEventListener(type, handler);
      return () => node.removeEventListener(type, handler);
    },
    onHistoryChange: (callback) => {
      if (!hasWindow()) return noop;
      const { history } = window;
      const push = history.pushState;
      const replace = history.replaceState;
      const pushed: typeof push = function (this: History, ...args) {
        push.apply(this, args);
        callback();
      };
      const replaced: typeof replace = function (this: History, ...args) {
        replace.apply(this, args);
        callback();
      };
      history.pushState = pushed;
      history.replaceState = replaced;
      window.addEventListener('popstate', callback);
      return () => {
        // WARNING: restore only our own wrapper, or we would undo a later library's patch.
        if (history.pushState === pushed) history.pushState = push;
        if (history.replaceState === replaced) history.replaceState = replace;
        window.removeEventListener('popstate', callback);
      };
    },
    global: (name) =>
      hasWindow() ? (window as unknown as Record<string, unknown>)[name] : undefined,
  };
}
