import type { KeyValueStorage } from './key-value-storage';

// NOTE: the one place the client reaches for browser globals, and only when called: nothing here
// runs at module load, and every getter answers undefined off the browser (SSR, workers, tests).

/** Whether the code runs in a page (SPEC 9: cached and challenge features are browser-only). */
export const isBrowser = (): boolean => typeof window !== 'undefined';

/** The page's local storage, or undefined when absent or refused (SSR, privacy settings). */
export function browserLocalStorage(): KeyValueStorage | undefined {
  if (!isBrowser()) return undefined;
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's location, or undefined off the browser. */
export function browserLocation(): Pick<Location, 'reload'> | undefined {
  return typeof location === 'undefined' ? undefined : location;
}

/** Whether the page has cookies to read (js-cookie needs `document`). */
export const hasDocumentCookies = (): boolean => typeof document !== 'undefined';

/** The page's session storage, or undefined when absent or refused (SSR, privacy settings). */
export function browserSessionStorage(): KeyValueStorage | undefined {
  if (!isBrowser()) return undefined;
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** WebCrypto, or undefined where the platform has none (`crypto.subtle` needs a secure context). */
export function platformCrypto(): Crypto | undefined {
  return typeof crypto === 'undefined' ? undefined : crypto;
}

/**
 * Whether the page is a secure context (https, or localhost, which browsers count as secure);
 * true off the browser, where no such notion exists (Node has WebCrypto without it).
 */
export const isSecureContextNow = (): boolean =>
  typeof isSecureContext === 'undefined' ? true : isSecureContext;

/** Whether IndexedDB exists here (not in SSR, nor in some private modes). */
export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

/**
 * Runs `callback` once the main thread is idle, or after `timeoutMs` at the latest; returns a
 * cancel. Work that can wait for the page to settle (tracking, the image probe) goes through
 * here, so it never lengthens the tasks that keep a freshly loaded page from answering input.
 * @default timeoutMs 3000
 */
export function whenIdle(callback: () => void, timeoutMs = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1);
  return () => clearTimeout(id);
}
