/**
 * The request-locale catalogue (SPEC.md section 3, "Language catalogue for request locale"): it
 * turns the stored site language into the key sent in the `locale` and `language` headers.
 */

/** One catalogue row: site locale code, request-locale key and display name. */
export interface RequestLocaleEntry {
  /** A locale code, e.g. `zh-CN`. */
  locale: string;
  /** The request-locale key sent to the server, e.g. `zh_CN`. */
  languageKey: string;
  /** The language's name in its own script. */
  displayName: string;
}

/** The key used when a stored language is not in the catalogue. */
export const FALLBACK_LANGUAGE_KEY = 'en_US';

/**
 * The 26-entry catalogue: the 23 site locales in the spec's table order, then three locales the
 * server's catalogue also carries although the site offers no interface for them (SPEC.md
 * section 3).
 */
export const requestLocaleCatalogue: readonly RequestLocaleEntry[] = [
  { locale: 'en', languageKey: 'en_US', displayName: 'English' },
  // SPEC 3 names no key for asia: Asian English is a region variant, so we tag it with Singapore.
  { locale: 'asia', languageKey: 'en_SG', displayName: 'English (Asia)' },
  // SPEC 3 shows en-GB to ko_KR: a defect of the source catalogue, fixed here to en_GB.
  { locale: 'en-GB', languageKey: 'en_GB', displayName: 'English (UK)' },
  { locale: 'ja', languageKey: 'ja_JP', displayName: '日本語' },
  { locale: 'ru', languageKey: 'ru_RU', displayName: 'Русский' },
  // SPEC 3 has es beside es-ES and es-AR: we read the unmarked one as Latin American Spanish.
  { locale: 'es', languageKey: 'es_419', displayName: 'Español' },
  { locale: 'it', languageKey: 'it_IT', displayName: 'Italiano' },
  { locale: 'fr', languageKey: 'fr_FR', displayName: 'Français' },
  { locale: 'de', languageKey: 'de_DE', displayName: 'Deutsch' },
  { locale: 'zh-CN', languageKey: 'zh_CN', displayName: '简体中文' },
  // zh-TC is the site's code for Traditional Chinese; the server knows it as zh_TW.
  { locale: 'zh-TC', languageKey: 'zh_TW', displayName: '繁體中文' },
  { locale: 'pt', languageKey: 'pt_BR', displayName: 'Português (Brasil)' },
  // SPEC 3: id to in_ID, the legacy ISO code for Indonesian the server still expects.
  { locale: 'id', languageKey: 'in_ID', displayName: 'Bahasa Indonesia' },
  { locale: 'pl', languageKey: 'pl_PL', displayName: 'Polski' },
  { locale: 'vi', languageKey: 'vi_VN', displayName: 'Tiếng Việt' },
  { locale: 'uk', languageKey: 'uk_UA', displayName: 'Українська' },
  { locale: 'pt-PT', languageKey: 'pt_PT', displayName: 'Português (Portugal)' },
  { locale: 'es-ES', languageKey: 'es_ES', displayName: 'Español (España)' },
  { locale: 'uz', languageKey: 'uz_UZ', displayName: 'Oʻzbekcha' },
  // SPEC 3: ar to ar_US, as the server's catalogue has it (not ar_AE).
  { locale: 'ar', languageKey: 'ar_US', displayName: 'العربية' },
  { locale: 'ph', languageKey: 'fil_PH', displayName: 'Filipino' },
  { locale: 'es-AR', languageKey: 'es_AR', displayName: 'Español (Argentina)' },
  { locale: 'en-CA', languageKey: 'en_CA', displayName: 'English (Canada)' },
  // The three extra rows (SPEC 3 counts 26, names zh-TW): languages whose fiat the USDT table quotes.
  { locale: 'zh-TW', languageKey: 'zh_TW', displayName: '繁體中文（台灣）' },
  { locale: 'ko', languageKey: 'ko_KR', displayName: '한국어' },
  { locale: 'tr', languageKey: 'tr_TR', displayName: 'Türkçe' },
];

/**
 * The request-locale key for a stored language; unknown languages fall back to `en_US`.
 *
 * @default 'en_US'
 * @example
 * requestLocaleFor('id'); // 'in_ID'
 * requestLocaleFor('xx'); // 'en_US'
 */
export function requestLocaleFor(locale: string): string {
  return (
    requestLocaleCatalogue.find((entry) => entry.locale === locale)?.languageKey ??
    FALLBACK_LANGUAGE_KEY
  );
}
