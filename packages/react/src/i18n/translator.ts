import { createInstance } from 'i18next';
import type { MessageKey, Messages } from './messages';

/** Looks a key up in the current language, filling `{{name}}` placeholders. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * A translator over one locale's catalogue, through i18next. Synchronous: the catalogue is
 * already loaded (server rendering passes it in page props).
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  const i18n = createInstance();
  void i18n.init({
    lng: locale,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    fallbackLng: false,
    load: 'currentOnly',
    // React escapes what it renders; escaping here too would double it.
    interpolation: { escapeValue: false },
  });
  const t = i18n.getFixedT(locale);
  return (key, values) => t(key, values ?? {});
}
