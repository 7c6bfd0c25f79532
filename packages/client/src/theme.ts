import { normaliseTheme, type Theme } from '@exchange-web/protocol/registry';
import type { CookiePreferenceStore } from './cookie-preferences';
import type { LocalCache } from './local-cache';

// SPEC 4 maps "anything else" to white, which we read as a value of the cookie: a query value that
// names no theme is a bad link, not a request for white, so it does not override the cookie.
/** The values the `appTheme` query parameter may name a theme with. */
const THEME_QUERY_VALUES: ReadonlySet<string> = new Set(['black', 'white', 'dark', 'light']);

/**
 * The theme to render (SPEC 2, 4): the `appTheme` query parameter overrides when it names a
 * theme, else the theme cookie; dark maps to black, light to white, anything else to white.
 */
export function resolveTheme(input: {
  query?: string | undefined;
  cookie?: string | undefined;
}): Theme {
  if (input.query !== undefined && THEME_QUERY_VALUES.has(input.query)) {
    return normaliseTheme(input.query);
  }
  return normaliseTheme(input.cookie);
}

/** The class the page root carries for a theme. */
export const themeClassName = (theme: Theme) => `theme-${theme}`;

export const oppositeTheme = (theme: Theme): Theme => (theme === 'black' ? 'white' : 'black');

/** SPEC 4: a theme change updates the page class, the cookie and local storage. */
export function applyTheme(
  theme: Theme,
  targets: {
    root: { classList: DOMTokenList };
    preferences: CookiePreferenceStore;
    localCache: Pick<LocalCache, 'set'>;
  },
): void {
  targets.root.classList.remove(themeClassName(oppositeTheme(theme)));
  targets.root.classList.add(themeClassName(theme));
  targets.preferences.set('theme', theme);
  targets.localCache.set('globalTheme', theme);
}
