import { LEGAL_NOTICE_VERSION } from '@exchange-web/protocol/legal';
import { COOKIE_PREFERENCE_DAYS, CookieName } from '@exchange-web/protocol/registry';
import type { CookieJar } from './cookie-jar';

// The version follows the terms of use and privacy notice (protocol legal.ts): a new version of
// either asks everyone again.
export { LEGAL_NOTICE_VERSION };

/** Parses the acceptance cookie, `en:1,ja:1`; anything malformed counts as not accepted. */
export function parseLegalAcceptance(value: string | undefined): Record<string, number> {
  const accepted: Record<string, number> = {};
  for (const part of (value ?? '').split(',')) {
    const [locale, version] = part.split(':');
    if (locale && version && /^\d+$/.test(version)) accepted[locale] = Number(version);
  }
  return accepted;
}

/** Whether the cookie records acceptance of the current notice for a locale (server and client). */
export function isLegalNoticeAccepted(cookieValue: string | undefined, locale: string): boolean {
  return parseLegalAcceptance(cookieValue)[locale] === LEGAL_NOTICE_VERSION;
}

/**
 * Remembers, per locale, which version of the legal notice the visitor accepted. A cookie, so the
 * server renders the dialog already open when it is needed, instead of it appearing late.
 */
export function createLegalAcceptance(jar: CookieJar) {
  return {
    isAccepted: (locale: string) =>
      isLegalNoticeAccepted(jar.get(CookieName.legalAcceptance), locale),
    accept(locale: string) {
      const accepted = {
        ...parseLegalAcceptance(jar.get(CookieName.legalAcceptance)),
        [locale]: LEGAL_NOTICE_VERSION,
      };
      const value = Object.entries(accepted)
        .map(([name, version]) => `${name}:${version}`)
        .join(',');
      jar.set(CookieName.legalAcceptance, value, { expires: COOKIE_PREFERENCE_DAYS });
    },
  };
}
