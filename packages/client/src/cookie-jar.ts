import Cookies from 'js-cookie';

/** The cookie operations the client layer needs; the browser default is js-cookie. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: { expires?: number; path?: string }): void;
  remove(name: string, options?: { path?: string }): void;
}

/** Browser cookies through js-cookie, always on path / and SameSite=Lax. */
export function browserCookieJar(): CookieJar {
  return {
    get: (name) => Cookies.get(name),
    set: (name, value, options = {}) => {
      Cookies.set(name, value, { path: '/', sameSite: 'Lax', ...options });
    },
    remove: (name, options = {}) => Cookies.remove(name, { path: '/', ...options }),
  };
}

/** A cookie jar in memory, for tests and for server rendering. */
export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & {
  readonly entries: Map<string, { value: string; expires?: number }>;
} {
  const entries = new Map<string, { value: string; expires?: number }>(
    Object.entries(initial).map(([name, value]) => [name, { value }]),
  );
  return {
    entries,
    get: (name) => entries.get(name)?.value,
    set: (name, value, options = {}) => {
      entries.set(
        name,
        options.expires === undefined ? { value } : { value, expires: options.expires },
      );
    },
    remove: (name) => {
      entries.delete(name);
    },
  };
}
