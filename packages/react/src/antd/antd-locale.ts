import type { Locale } from 'antd/es/locale';

/**
 * antd's locale files, one chunk each, keyed by the `antdLang` names of the language table
 * (packages/protocol languages.ts): a page downloads only its own language's strings.
 */
const loaders: Record<string, () => Promise<{ default: Locale }>> = {
  en_US: () => import('antd/es/locale/en_US'),
  en_GB: () => import('antd/es/locale/en_GB'),
  ja_JP: () => import('antd/es/locale/ja_JP'),
  ru_RU: () => import('antd/es/locale/ru_RU'),
  es_ES: () => import('antd/es/locale/es_ES'),
  it_IT: () => import('antd/es/locale/it_IT'),
  fr_FR: () => import('antd/es/locale/fr_FR'),
  de_DE: () => import('antd/es/locale/de_DE'),
  zh_CN: () => import('antd/es/locale/zh_CN'),
  zh_TW: () => import('antd/es/locale/zh_TW'),
  pt_BR: () => import('antd/es/locale/pt_BR'),
  pt_PT: () => import('antd/es/locale/pt_PT'),
  id_ID: () => import('antd/es/locale/id_ID'),
  pl_PL: () => import('antd/es/locale/pl_PL'),
  vi_VN: () => import('antd/es/locale/vi_VN'),
  uk_UA: () => import('antd/es/locale/uk_UA'),
  uz_UZ: () => import('antd/es/locale/uz_UZ'),
  ar_EG: () => import('antd/es/locale/ar_EG'),
};

/** Whether antd ships a locale file for this `antdLang` name. */
export const hasAntdLocale = (antdLang: string) => antdLang in loaders;

/**
 * A locale with the English pagination and date strings, as SPEC.md section 9 asks ("Pagination
 * and date locale strings are English"); everything else stays in the language.
 */
export function withEnglishPaginationAndDates(locale: Locale, english: Locale): Locale {
  return {
    ...locale,
    ...(english.Pagination ? { Pagination: english.Pagination } : {}),
    ...(english.DatePicker ? { DatePicker: english.DatePicker } : {}),
    ...(english.TimePicker ? { TimePicker: english.TimePicker } : {}),
    ...(english.Calendar ? { Calendar: english.Calendar } : {}),
  };
}

/**
 * The antd locale of a language entry's `antdLang`, with English pagination and dates. Plain data,
 * so a page loads it on the server and passes it through its props. An unknown name gets English.
 * @example const locale = await loadAntdLocale(languageEntry('ja').antdLang);
 */
export async function loadAntdLocale(antdLang: string): Promise<Locale> {
  const english = (await loaders.en_US!()).default;
  const load = loaders[antdLang];
  if (!load) return english;
  return withEnglishPaginationAndDates((await load()).default, english);
}
