import dayjs from 'dayjs';

/**
 * dayjs's locale files, one chunk each, keyed by the `dayjsLang` names of the language table
 * (packages/protocol languages.ts). English is built into dayjs.
 */
const loaders: Record<string, () => Promise<unknown>> = {
  'en-gb': () => import('dayjs/locale/en-gb'),
  ja: () => import('dayjs/locale/ja'),
  ru: () => import('dayjs/locale/ru'),
  es: () => import('dayjs/locale/es'),
  it: () => import('dayjs/locale/it'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  'zh-tw': () => import('dayjs/locale/zh-tw'),
  pt: () => import('dayjs/locale/pt'),
  'pt-br': () => import('dayjs/locale/pt-br'),
  id: () => import('dayjs/locale/id'),
  pl: () => import('dayjs/locale/pl'),
  vi: () => import('dayjs/locale/vi'),
  uk: () => import('dayjs/locale/uk'),
  'uz-latn': () => import('dayjs/locale/uz-latn'),
  ar: () => import('dayjs/locale/ar'),
  'tl-ph': () => import('dayjs/locale/tl-ph'),
  'en-ca': () => import('dayjs/locale/en-ca'),
};

/** Whether a `dayjsLang` name has a locale (English always has). */
export const hasDayjsLocale = (dayjsLang: string) => dayjsLang === 'en' || dayjsLang in loaders;

/**
 * Makes a language entry's `dayjsLang` the global dayjs locale, loading its file first; an unknown
 * name falls back to English. Resolves to the locale name now in force.
 * @example await applyDayjsLocale(languageEntry('ja').dayjsLang); dayjs().format('MMMM') // '11月'
 */
export async function applyDayjsLocale(dayjsLang: string): Promise<string> {
  const load = loaders[dayjsLang];
  if (!load) return dayjs.locale('en');
  await load();
  return dayjs.locale(dayjsLang);
}
