/**
 * The site's interface languages (SPEC.md section 3, "Language entry") and the path-prefix rules
 * of section 2. Data and pure functions only.
 */

/** Every locale code the site serves, in the spec's table order (SPEC.md section 3). */
export const LOCALE_CODES = [
  'en',
  'asia',
  'en-GB',
  'ja',
  'ru',
  'es',
  'it',
  'fr',
  'de',
  'zh-CN',
  'zh-TC',
  'pt',
  'id',
  'pl',
  'vi',
  'uk',
  'pt-PT',
  'es-ES',
  'uz',
  'ar',
  'ph',
  'es-AR',
  'en-CA',
] as const;

/** A locale code of the site, e.g. `en`, `zh-CN`, `es-AR`. Case-sensitive. */
export type LocaleCode = (typeof LOCALE_CODES)[number];

/** One interface language (SPEC.md section 3, "Language entry"). */
export interface LanguageEntry {
  /** The site locale code, also the optional first path segment. */
  locale: LocaleCode;
  /** The request-locale key sent in the `locale` and `language` headers (see request-locale.ts). */
  languageKey: string;
  /** The language's name in its own script, as the language menu shows it. */
  languageName: string;
  /** The numeric language type of the spec's table. */
  languageType: number;
  /** The fiat currency a language change switches to (upper case). */
  defaultCurrency: string;
  /** The component-library locale file name (`antd/locale/<antdLang>`). */
  antdLang: string;
  /** The date-library locale name (`dayjs/locale/<dayjsLang>`). */
  dayjsLang: string;
}

const english: LanguageEntry = {
  locale: 'en',
  languageKey: 'en_US',
  languageName: 'English',
  languageType: 0,
  defaultCurrency: 'USD',
  antdLang: 'en_US',
  dayjsLang: 'en',
};

// NOTE: languageKey must agree with requestLocaleCatalogue in request-locale.ts (a test checks it).
// antdLang: antd is not installed in this workspace; every name below is a file of antd's
// components/locale folder. Locales antd has no file for (asia, ph, en-CA) use en_US, es-AR uses es_ES.
// dayjsLang: every name is a file of dayjs's locale folder; es-AR uses es (dayjs has no es-ar).
/**
 * The 23 interface languages in the spec's table order, English first (SPEC.md section 3).
 *
 * @example
 * languages[0]?.locale; // 'en'
 */
export const languages: readonly LanguageEntry[] = [
  english,
  {
    locale: 'asia',
    languageKey: 'en_SG',
    languageName: 'English (Asia)',
    languageType: 3,
    defaultCurrency: 'USD',
    antdLang: 'en_US',
    dayjsLang: 'en',
  },
  {
    locale: 'en-GB',
    languageKey: 'en_GB',
    languageName: 'English (UK)',
    languageType: 41,
    defaultCurrency: 'USD',
    antdLang: 'en_GB',
    dayjsLang: 'en-gb',
  },
  {
    locale: 'ja',
    languageKey: 'ja_JP',
    languageName: '日本語',
    languageType: 2,
    defaultCurrency: 'JPY',
    antdLang: 'ja_JP',
    dayjsLang: 'ja',
  },
  {
    locale: 'ru',
    languageKey: 'ru_RU',
    languageName: 'Русский',
    languageType: 6,
    defaultCurrency: 'RUB',
    antdLang: 'ru_RU',
    dayjsLang: 'ru',
  },
  {
    locale: 'es',
    languageKey: 'es_419',
    languageName: 'Español',
    languageType: 7,
    defaultCurrency: 'EUR',
    antdLang: 'es_ES',
    dayjsLang: 'es',
  },
  {
    locale: 'it',
    languageKey: 'it_IT',
    languageName: 'Italiano',
    languageType: 9,
    defaultCurrency: 'EUR',
    antdLang: 'it_IT',
    dayjsLang: 'it',
  },
  {
    locale: 'fr',
    languageKey: 'fr_FR',
    languageName: 'Français',
    languageType: 10,
    defaultCurrency: 'EUR',
    antdLang: 'fr_FR',
    dayjsLang: 'fr',
  },
  {
    locale: 'de',
    languageKey: 'de_DE',
    languageName: 'Deutsch',
    languageType: 11,
    defaultCurrency: 'EUR',
    antdLang: 'de_DE',
    dayjsLang: 'de',
  },
  {
    locale: 'zh-CN',
    languageKey: 'zh_CN',
    languageName: '简体中文',
    languageType: 1,
    defaultCurrency: 'CNY',
    antdLang: 'zh_CN',
    dayjsLang: 'zh-cn',
  },
  {
    locale: 'zh-TC',
    languageKey: 'zh_TW',
    languageName: '繁體中文',
    languageType: 5,
    defaultCurrency: 'TWD',
    antdLang: 'zh_TW',
    dayjsLang: 'zh-tw',
  },
  {
    // SPEC 3 lists pt beside pt-PT; we read the unmarked one as Brazilian Portuguese.
    locale: 'pt',
    languageKey: 'pt_BR',
    languageName: 'Português (Brasil)',
    languageType: 12,
    defaultCurrency: 'EUR',
    antdLang: 'pt_BR',
    dayjsLang: 'pt-br',
  },
  {
    locale: 'id',
    languageKey: 'in_ID',
    languageName: 'Bahasa Indonesia',
    languageType: 13,
    defaultCurrency: 'IDR',
    antdLang: 'id_ID',
    dayjsLang: 'id',
  },
  {
    locale: 'pl',
    languageKey: 'pl_PL',
    languageName: 'Polski',
    languageType: 20,
    defaultCurrency: 'USD',
    antdLang: 'pl_PL',
    dayjsLang: 'pl',
  },
  {
    locale: 'vi',
    languageKey: 'vi_VN',
    languageName: 'Tiếng Việt',
    languageType: 4,
    defaultCurrency: 'VND',
    antdLang: 'vi_VN',
    dayjsLang: 'vi',
  },
  {
    locale: 'uk',
    languageKey: 'uk_UA',
    languageName: 'Українська',
    languageType: 21,
    defaultCurrency: 'UAH',
    antdLang: 'uk_UA',
    dayjsLang: 'uk',
  },
  {
    locale: 'pt-PT',
    languageKey: 'pt_PT',
    languageName: 'Português (Portugal)',
    languageType: 24,
    defaultCurrency: 'EUR',
    antdLang: 'pt_PT',
    dayjsLang: 'pt',
  },
  {
    locale: 'es-ES',
    languageKey: 'es_ES',
    languageName: 'Español (España)',
    languageType: 23,
    defaultCurrency: 'EUR',
    antdLang: 'es_ES',
    dayjsLang: 'es',
  },
  {
    locale: 'uz',
    languageKey: 'uz_UZ',
    languageName: 'Oʻzbekcha',
    languageType: 25,
    defaultCurrency: 'UZS',
    antdLang: 'uz_UZ',
    dayjsLang: 'uz-latn',
  },
  {
    locale: 'ar',
    languageKey: 'ar_US',
    languageName: 'العربية',
    languageType: 39,
    defaultCurrency: 'AED',
    antdLang: 'ar_EG',
    dayjsLang: 'ar',
  },
  {
    locale: 'ph',
    languageKey: 'fil_PH',
    languageName: 'Filipino',
    languageType: 40,
    defaultCurrency: 'PHP',
    antdLang: 'en_US',
    dayjsLang: 'tl-ph',
  },
  {
    locale: 'es-AR',
    languageKey: 'es_AR',
    languageName: 'Español (Argentina)',
    languageType: 42,
    defaultCurrency: 'EUR',
    antdLang: 'es_ES',
    dayjsLang: 'es',
  },
  {
    locale: 'en-CA',
    languageKey: 'en_CA',
    languageName: 'English (Canada)',
    languageType: 43,
    defaultCurrency: 'CAD',
    antdLang: 'en_US',
    dayjsLang: 'en-ca',
  },
];

/**
 * The hidden path prefix: valid as the first path segment, but it has no language entry
 * (SPEC.md section 3).
 */
export const HIDDEN_PATH_PREFIX = 'bg';

/** Every accepted first path segment: the 23 locale codes plus `bg` (SPEC.md section 2). */
export const pathPrefixes: readonly string[] = [...LOCALE_CODES, HIDDEN_PATH_PREFIX];

/** The fallback language when neither cookie nor path names one: English (SPEC.md section 2). */
export const firstSupportedLanguage: LanguageEntry = english;

const localeSet: ReadonlySet<string> = new Set(LOCALE_CODES);
const prefixSet: ReadonlySet<string> = new Set(pathPrefixes);

/**
 * Whether a value is one of the 23 locale codes. Exact and case-sensitive; `bg` is not one.
 *
 * @example
 * isLocaleCode('zh-CN'); // true
 * isLocaleCode('zh-cn'); // false
 */
export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && localeSet.has(value);
}

/**
 * The language entry of a locale code, or undefined when the code is unknown (or `bg`).
 *
 * @example
 * findLanguage('ja')?.defaultCurrency; // 'JPY'
 */
export function findLanguage(locale: string): LanguageEntry | undefined {
  return languages.find((entry) => entry.locale === locale);
}

/** Whether a locale is written right to left: Arabic only (SPEC.md section 3). */
export function isRtl(locale: string): boolean {
  return locale === 'ar';
}

/**
 * The `dir` attribute value for a locale.
 *
 * @example
 * textDirection('ar'); // 'rtl'
 */
export function textDirection(locale: string): 'rtl' | 'ltr' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}

/** Whether a path segment is an accepted path prefix (a locale code or `bg`). */
export function isPathPrefix(segment: string): boolean {
  return prefixSet.has(segment);
}

/** A pathname split into its optional language prefix and the rest. */
export interface PrefixedPath {
  /** The prefix segments removed, e.g. `['ja']`, `['bg']`, `['bg', 'ja']` or `[]`. */
  prefix: readonly string[];
  /** The rest of the path, always starting with `/` (`/` for a bare prefix). */
  rest: string;
}

/**
 * Splits the optional language prefix off a pathname (SPEC.md section 2). Query and hash are
 * dropped.
 *
 * @example
 * splitPathPrefix('/ja/spot/BTCUSDT'); // { prefix: ['ja'], rest: '/spot/BTCUSDT' }
 * splitPathPrefix('/bg/ja/spot'); // { prefix: ['bg', 'ja'], rest: '/spot' }
 */
export function splitPathPrefix(pathname: string): PrefixedPath {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  const prefix: string[] = [];
  if (segments[0] !== undefined && isPathPrefix(segments[0])) {
    prefix.push(segments.shift() as string);
    // SPEC 2 reads the language from the first or second segment: we take that as `bg` followed by a locale.
    if (prefix[0] === HIDDEN_PATH_PREFIX && isLocaleCode(segments[0])) {
      prefix.push(segments.shift() as string);
    }
  }
  return { prefix, rest: `/${segments.join('/')}` };
}

/**
 * Removes the optional language prefix from a pathname; see {@link splitPathPrefix}.
 *
 * @example
 * stripPathPrefix('/zh-CN/fee'); // '/fee'
 */
export function stripPathPrefix(pathname: string): string {
  return splitPathPrefix(pathname).rest;
}

/**
 * The locale named by the first or else the second path segment, if any (SPEC.md section 2).
 *
 * @example
 * localeFromPath('/ja/spot'); // 'ja'
 * localeFromPath('/bg/ru/spot'); // 'ru'
 * localeFromPath('/spot'); // undefined
 */
export function localeFromPath(pathname: string): LocaleCode | undefined {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  const [first, second] = segments;
  if (isLocaleCode(first)) return first;
  if (isLocaleCode(second)) return second;
  return undefined;
}

// NOTE: not htmlLang (packages/client/src/language.ts): `lang` may repeat a tag (asia and en are
// both `en`), but each alternate URL of a page needs its own hreflang, so the regional codes stay
// regional here (asia is Singapore's English, its languageKey en_SG; es is Latin American, es_419).
const hreflangTags: Record<LocaleCode, string> = {
  en: 'en',
  asia: 'en-SG',
  'en-GB': 'en-GB',
  ja: 'ja',
  ru: 'ru',
  es: 'es-419',
  it: 'it',
  fr: 'fr',
  de: 'de',
  'zh-CN': 'zh-CN',
  'zh-TC': 'zh-Hant',
  pt: 'pt-BR',
  id: 'id',
  pl: 'pl',
  vi: 'vi',
  uk: 'uk',
  'pt-PT': 'pt-PT',
  'es-ES': 'es-ES',
  uz: 'uz',
  ar: 'ar',
  ph: 'fil',
  'es-AR': 'es-AR',
  'en-CA': 'en-CA',
};

/**
 * The `hreflang` value of a locale's pages (a BCP 47 tag search engines accept), unique per
 * locale so every alternate link names a different language or region.
 *
 * @example
 * hreflangOf('zh-TC'); // 'zh-Hant'
 * hreflangOf('ph'); // 'fil'
 */
export function hreflangOf(locale: LocaleCode): string {
  return hreflangTags[locale];
}
