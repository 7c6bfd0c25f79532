import {
  COOKIE_PREFERENCE_DAYS,
  CookieName,
  cookiePreferenceDefaults,
  normaliseTheme,
  type CookiePreferences,
} from '@exchange-web/protocol/registry';
import type { CookieJar } from './cookie-jar';

type Codec<T> = { parse(raw: string): T | undefined; format(value: T): string };

const text: Codec<string> = { parse: (raw) => raw, format: (value) => value };
const flag: Codec<boolean> = {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  format: String,
};
const integer: Codec<number> = {
  parse: (raw) => (/^-?\d+$/.test(raw) ? Number(raw) : undefined),
  format: String,
};

const codecs: { [K in keyof CookiePreferences]: Codec<CookiePreferences[K]> } = {
  language: text,
  unit: text,
  showAsset: flag,
  theme: { parse: normaliseTheme, format: (value) => value },
  valuationUnit: integer,
  layout: text,
};

/**
 * The cookie preference record of SPEC 3: each field in its own cookie for 365 days, read with
 * its default when absent or malformed.
 */
export function createCookiePreferences(jar: CookieJar) {
  return {
    get<K extends keyof CookiePreferences>(key: K): CookiePreferences[K] {
      const raw = jar.get(CookieName[key]);
      const parsed = raw === undefined ? undefined : codecs[key].parse(raw);
      return parsed ?? cookiePreferenceDefaults[key];
    },
    set<K extends keyof CookiePreferences>(key: K, value: CookiePreferences[K]): void {
      jar.set(CookieName[key], codecs[key].format(value), { expires: COOKIE_PREFERENCE_DAYS });
    },
    all(): CookiePreferences {
      const keys = Object.keys(codecs) as (keyof CookiePreferences)[];
      return Object.fromEntries(
        keys.map((key) => [key, this.get(key)]),
      ) as unknown as CookiePreferences;
    },
  };
}

export type CookiePreferenceStore = ReturnType<typeof createCookiePreferences>;
