import type { CurrencyState } from '@exchange-web/client/currency-store';
import type { HttpClient } from '@exchange-web/client/http-client';
import { DEFAULT_AFFILIATED_DOMAINS } from '@exchange-web/client/images/affiliated-links';
import type { ImageDomains } from '@exchange-web/client/images/image-domains';
import { buildPath, htmlLang, prefixAfterLanguageChange } from '@exchange-web/client/language';
import type { LocalCache } from '@exchange-web/client/local-cache';
import { textDirection, type LocaleCode } from '@exchange-web/protocol/languages';
import type { Theme } from '@exchange-web/protocol/registry';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Feedback } from '../antd/feedback';
import { ChallengeHost } from '../challenge/ChallengeHost';
import type { Messages } from '../i18n/messages';
import { createTranslator, type Translate } from '../i18n/translator';
import { useStoreTransitions } from '../store-transitions';
import { ImageDomainsProvider } from '../images/ImageDomainsProvider';
import { AffiliatedLinksProvider } from '../security/affiliated-links-context';
import type { SiteServices } from '../services/site-services';
import type { LegalAcceptanceStore } from './LegalDialog';
import { requiredContext } from '../required-context';

/** What the page shows by: it changes with the language, the theme and the rates. */
export interface ShellState {
  t: Translate;
  language: LocaleCode;
  /** The path prefix the page was reached with ('' when none). */
  prefix: string;
  theme: Theme;
  currency: CurrencyState;
  /** Builds an internal path that keeps the current language prefix. */
  buildPath(path: string): string;
  /** An amount quoted in USDT, formatted in the chosen fiat and the language's number format. */
  formatFiat(usdt: number): string;
}

/** What the page acts through: the same objects for the page's whole life. */
export interface ShellActions {
  changeLanguage(locale: LocaleCode): void;
  selectCurrency(value: string): void;
  toggleTheme(): void;
  legalAcceptance: LegalAcceptanceStore;
  /**
   * The page's one request client (SPEC 7 wrapper), loaded on first use; browser only. Sharing it
   * shares its duplicate guard and its debounced toasts and logout.
   */
  api(): Promise<HttpClient>;
  /** The page's local cache record (SPEC 3); null while server rendering. */
  localCache: LocalCache | null;
  /** Toasts and notifications in the page's language direction and theme (antd, on demand). */
  feedback: Feedback;
  /**
   * The page's image domains (SPEC 4): `images.rewrite(url)` for image URLs outside `<Img>`; null
   * while server rendering.
   */
  images: ImageDomains | null;
  /** Every service of the page, for the bindings that need one directly (session, queries). */
  services: SiteServices;
}

export type ShellValue = ShellState & ShellActions;

const [ShellStateContext, useShellStateRequired] = requiredContext<ShellState>(
  'useShellState',
  'ShellProvider',
);
const [ShellActionsContext, useShellActionsRequired] = requiredContext<ShellActions>(
  'useShellActions',
  'ShellProvider',
);

export interface ShellProviderProps {
  /** The page's services (`createSiteServices`), built once outside React. */
  services: SiteServices;
  language: LocaleCode;
  prefix: string;
  theme: Theme;
  messages: Messages;
  /** Replaces the current route for a new language and prefix (the site's router). */
  replaceRoute(locale: LocaleCode, prefix: string): void;
  /**
   * Host names of the product's affiliated domains (SPEC 3): SafeLinks to them stay on this site.
   * @default DEFAULT_AFFILIATED_DOMAINS
   */
  affiliatedDomains?: readonly string[];
  /**
   * Whether the provider starts the services once it mounts. A site whose page hydrates after
   * the shell passes false and renders {@link StartServices} inside the page, so no service
   * changes what the page reads before the page has hydrated.
   * @default true
   */
  startsServices?: boolean;
  children: ReactNode;
}

// Effects run only in a browser; the server renders with the state the services start with.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Language, theme, currency and preferences for every page of the site (SPEC 2, 3, 4): binds the
 * page's services to React, state and actions in separate contexts so a component that only acts
 * (posts, toasts) does not render again when the rates or the theme change.
 */
export function ShellProvider(props: ShellProviderProps) {
  const { services, language, prefix, messages } = props;
  const t = useMemo(() => createTranslator(messages), [messages]);
  // The services read the language at each call and toast: follow it before any effect runs.
  useBrowserLayoutEffect(() => services.setLanguage(language, t), [services, language, t]);
  // Rates arrive after the page: every price renders again in slices (a transition).
  const currency = useStoreTransitions(services.currency.subscribe, services.currency.getState);
  const theme = useSyncExternalStore(
    services.theme.subscribe,
    services.theme.getState,
    services.theme.getState,
  );
  // A page rendered anew (a navigation) brings its request's theme.
  useEffect(() => services.theme.follow(props.theme), [services, props.theme]);
  const startsServices = props.startsServices ?? true;
  useEffect(() => (startsServices ? services.start() : undefined), [services, startsServices]);

  // The actions read the latest route at each call, so they stay the same objects.
  const route = useRef({ prefix, replaceRoute: props.replaceRoute });
  useEffect(() => {
    route.current = { prefix, replaceRoute: props.replaceRoute };
  }, [prefix, props.replaceRoute]);
  const actions = useMemo<ShellActions>(
    () => ({
      changeLanguage(next) {
        if (services.browser) {
          services.browser.preferences.set('language', next);
          services.browser.localCache.set('globalLocale', next);
        }
        services.currency.selectForLanguage(next);
        const root = document.documentElement;
        root.lang = htmlLang(next);
        if (root.dir !== textDirection(next)) root.dir = textDirection(next);
        route.current.replaceRoute(next, prefixAfterLanguageChange(route.current.prefix, next));
      },
      selectCurrency: (next) => services.currency.select(next),
      toggleTheme: () => services.theme.toggle(),
      legalAcceptance: services.legalAcceptance,
      api: services.api,
      localCache: services.browser?.localCache ?? null,
      feedback: services.feedback,
      images: services.browser?.images ?? null,
      services,
    }),
    [services],
  );

  const state = useMemo<ShellState>(() => {
    // Built on first use: a first Intl formatter loads its locale data, a long task on a phone
    // while the page hydrates, and most pages show no fiat amount (issue 18).
    let fiat: Intl.NumberFormat | undefined;
    const fiatFormat = () =>
      (fiat ??= new Intl.NumberFormat(htmlLang(language), {
        style: 'currency',
        currency: currency.selected.value,
        currencyDisplay: 'narrowSymbol',
      }));
    return {
      t,
      language,
      prefix,
      theme,
      currency,
      buildPath: (path) => buildPath(path, prefix),
      formatFiat: (usdt) => fiatFormat().format(usdt * currency.selected.rate),
    };
  }, [t, language, prefix, theme, currency]);

  const affiliatedDomains = props.affiliatedDomains ?? DEFAULT_AFFILIATED_DOMAINS;
  const affiliatedLinks = useMemo(
    () => ({ affiliated: affiliatedDomains, prefix }),
    [affiliatedDomains, prefix],
  );
  const browser = services.browser;
  return (
    <ShellActionsContext.Provider value={actions}>
      <ShellStateContext.Provider value={state}>
        <ImageDomainsProvider domains={browser?.images ?? null}>
          <AffiliatedLinksProvider value={affiliatedLinks}>
            {props.children}
          </AffiliatedLinksProvider>
        </ImageDomainsProvider>
        {browser && (
          <ChallengeHost queue={browser.challenges} t={t} language={language} theme={theme} />
        )}
      </ShellStateContext.Provider>
    </ShellActionsContext.Provider>
  );
}

/** The shell's state: language, theme, currency; only inside {@link ShellProvider}. */
export function useShellState(): ShellState {
  return useShellStateRequired();
}

/** The shell's actions and services, stable for the page's life; only inside {@link ShellProvider}. */
export function useShellActions(): ShellActions {
  return useShellActionsRequired();
}

/** The shell's state and actions together, for components that both show and act. */
export function useShell(): ShellValue {
  const state = useShellState();
  const actions = useShellActions();
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}

/**
 * Starts the page's services once it mounts, for a {@link ShellProvider} that does not. Rendered
 * inside a part that hydrates after the shell, it starts them once that part has hydrated: React
 * hydrates a part with the shell's values as they are then, and keeps the server's attributes
 * where they differ (a session loaded meanwhile left an order button disabled for good).
 */
export function StartServices(): null {
  const { services } = useShellActionsRequired();
  useEffect(() => services.start(), [services]);
  return null;
}
