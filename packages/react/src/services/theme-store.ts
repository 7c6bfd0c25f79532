import { applyTheme, oppositeTheme } from '@exchange-web/client/theme';
import type { CookiePreferenceStore } from '@exchange-web/client/cookie-preferences';
import type { LocalCache } from '@exchange-web/client/local-cache';
import type { Theme } from '@exchange-web/protocol/registry';
import { createValueStore, type ExternalStore } from './external-store';

export interface ThemeStore extends ExternalStore<Theme> {
  /** Follows the theme a newly rendered page brought (its request's cookie). */
  follow(theme: Theme): void;
  /** SPEC 4: switches to the other theme, on the page and in the stored preferences. */
  toggle(): void;
}

export interface ThemeStoreOptions {
  initial: Theme;
  /** Where a toggle is applied and kept; null while server rendering (nothing to apply). */
  targets: {
    root: { classList: DOMTokenList };
    preferences: CookiePreferenceStore;
    localCache: Pick<LocalCache, 'set'>;
  } | null;
}

/** The page's theme (SPEC 4): the rendered one, then the visitor's toggles. */
export function createThemeStore(options: ThemeStoreOptions): ThemeStore {
  const store = createValueStore(options.initial);
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    follow: store.set,
    toggle() {
      const next = oppositeTheme(store.getState());
      if (options.targets) applyTheme(next, options.targets);
      store.set(next);
    },
  };
}
