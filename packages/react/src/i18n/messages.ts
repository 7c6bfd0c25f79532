import type { LocaleCode } from '@exchange-web/protocol/languages';
import type en from './messages/en.json';

/** The shape of every locale's catalogue: English is the source of truth. */
export type Messages = typeof en;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every translation key, e.g. `header.nav.spot`: a missing key is a compile error. */
export type MessageKey = Leaves<Messages>;

/** A catalogue's top-level section, such as `trading`: what one part of the site translates with. */
export type MessageNamespace = keyof Messages;

/**
 * The sections the shell of every page translates with: the header and footer, the legal dialog,
 * request and session errors (sign-in prompts included), simulation and the challenge.
 */
export const SHELL_NAMESPACES: readonly MessageNamespace[] = [
  'header',
  'footer',
  'legal',
  'errors',
  'auth',
  'simulation',
  'challenge',
];

/**
 * The catalogue cut to `namespaces`, for a page that translates with no others (issue 18: the
 * whole catalogue rode in every page's HTML, 60 KB in Arabic, mostly for other pages). Typed as a
 * whole catalogue: a key outside the cut shows as itself (createTranslator), and the site's
 * page-namespaces test walks each page's imports to keep every key it uses inside.
 */
export function pickNamespaces(
  messages: Messages,
  namespaces: readonly MessageNamespace[],
): Messages {
  return Object.fromEntries(namespaces.map((name) => [name, messages[name]])) as Messages;
}

// One chunk per locale: a page downloads only the catalogue of its language.
const loaders: Record<LocaleCode, () => Promise<{ default: Messages }>> = {
  en: () => import('./messages/en.json'),
  asia: () => import('./messages/asia.json'),
  'en-GB': () => import('./messages/en-GB.json'),
  ja: () => import('./messages/ja.json'),
  ru: () => import('./messages/ru.json'),
  es: () => import('./messages/es.json'),
  it: () => import('./messages/it.json'),
  fr: () => import('./messages/fr.json'),
  de: () => import('./messages/de.json'),
  'zh-CN': () => import('./messages/zh-CN.json'),
  'zh-TC': () => import('./messages/zh-TC.json'),
  pt: () => import('./messages/pt.json'),
  id: () => import('./messages/id.json'),
  pl: () => import('./messages/pl.json'),
  vi: () => import('./messages/vi.json'),
  uk: () => import('./messages/uk.json'),
  'pt-PT': () => import('./messages/pt-PT.json'),
  'es-ES': () => import('./messages/es-ES.json'),
  uz: () => import('./messages/uz.json'),
  ar: () => import('./messages/ar.json'),
  ph: () => import('./messages/ph.json'),
  'es-AR': () => import('./messages/es-AR.json'),
  'en-CA': () => import('./messages/en-CA.json'),
};

/** Loads one locale's catalogue. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  return (await loaders[locale]()).default;
}
