import { browserCookieJar } from '@exchange-web/client/cookie-jar';
import { createCookiePreferences } from '@exchange-web/client/cookie-preferences';
import { createCurrencyStore, type CurrencyState } from '@exchange-web/client/currency-store';
import { browserLocalStorage, whenIdle } from '@exchange-web/client/browser-globals';
import { memoryStorage } from '@exchange-web/client/key-value-storage';
import { buildPath, htmlLang, prefixAfterLanguageChange } from '@exchange-web/client/language';
import { createLegalAcceptance } from '@exchange-web/client/legal-acceptance';
import { DEFAULT_AFFILIATED_DOMAINS } from '@exchange-web/client/images/affiliated-links';
import { browserImageLoader } from '@exchange-web/client/images/browser-image-loader';
import { createImageDomains, type ImageDomains } from '@exchange-web/client/images/image-domains';
import {
  ERROR_NOTICE_HOOK,
  REPLACE_IMAGE_DOMAIN_HOOK,
} from '@exchange-web/client/request/hook-names';
import { LocalCache } from '@exchange-web/client/local-cache';
import { applyTheme, oppositeTheme } from '@exchange-web/client/theme';
import { findLanguage, textDirection, type LocaleCode } from '@exchange-web/protocol/languages';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { Theme } from '@exchange-web/protocol/registry';
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { isApiError } from '@exchange-web/client/errors';
import type { HttpClient } from '@exchange-web/client/http-client';
import { createFeedback, type Feedback } from '../antd/feedback';
import { ChallengeHost } from '../challenge/ChallengeHost';
import { createChallengePresenter, type ChallengeQueue } from '../challenge/challenge-presenter';
import { errorMessageKey } from '../session/error-message';
import type { Messages } from '../i18n/messages';
import { createTranslator, type Translate } from '../i18n/translator';
import { ImageDomainsProvider } from '../images/ImageDomainsProvider';
import { AffiliatedLinksProvider } from '../security/SafeLink';
import type { LegalAcceptanceStore } from './LegalDialog';

export interface ShellValue {
  t: Translate;
  language: LocaleCode;
  /** The path prefix the page was reached with ('' when none). */
  prefix: string;
  theme: Theme;
  currency: CurrencyState;
  buildPath(path: string): string;
  changeLanguage(locale: LocaleCode): void;
  selectCurrency(value: string): void;
  toggleTheme(): void;
  /** An amount quoted in USDT, formatted in the chosen fiat and the language's number format. */
  formatFiat(usdt: number): string;
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
}

const ShellContext = createContext<ShellValue | null>(null);

export interface ShellProviderProps {
  language: LocaleCode;
  prefix: string;
  theme: Theme;
  messages: Messages;
  /** Replaces the current route for a new language and prefix (the site's router). */
  replaceRoute(locale: LocaleCode, prefix: string): void;
  /**
   * The certificate whose key signs the gateway's server key (SPEC 5).
   * @default the development trust root
   */
  trustRootCertPem?: string;
  /** Loads the USDT rates. @default a post to v1/mix/public/usdtRate on the site origin */
  loadRates?: (locale: string) => Promise<UsdtRateReply>;
  /**
   * The replace-image-domain option of the page's request client (SPEC 4): image URLs in replies
   * come back on the chosen image domain.
   * @default false
   */
  replaceImageDomain?: boolean;
  /**
   * Host names of the product's affiliated domains (SPEC 3): SafeLinks to them stay on this site.
   * @default DEFAULT_AFFILIATED_DOMAINS
   */
  affiliatedDomains?: readonly string[];
  children: ReactNode;
}

/** The page's one request client: created on first use, after hydration (never on the server). */
function createApi(
  localCache: LocalCache,
  notify: (message: string, cause: unknown) => void,
  trustRootCertPem: string | undefined,
  challenges: ChallengeQueue,
  replaceImageDomain: ImageDomains | false,
) {
  let client: Promise<HttpClient> | undefined;
  return () =>
    (client ??= import('@exchange-web/client/http-client').then(({ createHttpClient }) =>
      createHttpClient({
        localCache,
        notify,
        // SPEC 4, 7: core calls signed, login payloads encrypted, against the built-in trust root.
        signing: trustRootCertPem === undefined ? {} : { trustRootCertPem },
        // SPEC 4: a 10021 shows the challenge modal, the call retried once it is passed.
        challenge: { presenter: challenges },
        // SPEC 4: image URLs in replies follow the chosen image domain, when the site asks.
        replaceImageDomain,
      }),
    ));
}

const noApi = () => Promise.reject(new Error('the request client exists only in the browser'));

/** Language, theme, currency and preferences for every page of the site (SPEC 2, 3, 4). */
export function ShellProvider(props: ShellProviderProps) {
  const { language, prefix, messages, replaceRoute } = props;
  // Browser-only services, made once on first use after mount; server rendering never needs them.
  // Failed requests toast in the page's language: known failures by their sentence, others by
  // the server's message (SPEC 8).
  const toastRef = useRef<(message: string, cause: unknown) => void>(() => undefined);
  const [services] = useState(() => {
    if (typeof window === 'undefined') return null;
    const localCache = new LocalCache(browserLocalStorage() ?? memoryStorage());
    // The page's one challenge queue: its request client presents through it, ChallengeHost shows it.
    const challenges = createChallengePresenter();
    // SPEC 4: the image domain, chosen after hydration (below) through the page's request client.
    const images = createImageDomains({
      siteOrigin: window.location.origin,
      storage: browserLocalStorage() ?? memoryStorage(),
      loadImage: browserImageLoader(),
      fetchDomainConfig: async () =>
        (await api()).get(ApiPath.domainConfigList, undefined, {
          // A missing config only keeps images on the site: no toast; and it is never rewritten.
          skipHooks: [ERROR_NOTICE_HOOK, REPLACE_IMAGE_DOMAIN_HOOK],
        }),
    });
    const api = createApi(
      localCache,
      (message, cause) => toastRef.current(message, cause),
      props.trustRootCertPem,
      challenges,
      props.replaceImageDomain === true ? images : false,
    );
    return {
      preferences: createCookiePreferences(browserCookieJar()),
      // NOTE: one LocalCache per page: each instance keeps the whole record, so two would
      // overwrite each other's fields.
      localCache,
      legalAcceptance: createLegalAcceptance(browserCookieJar()),
      api,
      challenges,
      images,
    };
  });
  const [currencyStore] = useState(() =>
    createCurrencyStore({
      loadRates:
        props.loadRates ??
        (async (locale) =>
          (await (services?.api ?? noApi)()).post<UsdtRateReply>(ApiPath.usdtRate, { locale })),
      locale: language,
      ...(services ? { initialName: services.localCache.get('fiatName') } : {}),
      onSelect: (name) => services?.localCache.set('fiatName', name),
    }),
  );
  const currency = useSyncExternalStore(
    currencyStore.subscribe,
    currencyStore.getState,
    currencyStore.getState,
  );
  const [theme, setTheme] = useState(props.theme);
  useEffect(() => setTheme(props.theme), [props.theme]);
  useEffect(() => currencyStore.start(), [currencyStore]);
  useEffect(
    () =>
      // Once the page is idle: images show from the site until a domain is chosen; a failure
      // keeps them there.
      whenIdle(() => void services?.images.start().catch(() => undefined)),
    [services],
  );
  const affiliatedDomains = props.affiliatedDomains ?? DEFAULT_AFFILIATED_DOMAINS;
  const affiliatedLinks = useMemo(
    () => ({ affiliated: affiliatedDomains, prefix }),
    [affiliatedDomains, prefix],
  );
  useEffect(() => {
    // dayjs follows the language's dayjsLang (SPEC 3); loaded after hydration, never before paint.
    const dayjsLang = findLanguage(language)?.dayjsLang;
    if (dayjsLang)
      void import('../antd/dayjs-locale').then(({ applyDayjsLocale }) =>
        applyDayjsLocale(dayjsLang),
      );
  }, [language]);
  // The feedback reads the latest language and theme at each message.
  const feedbackContext = useRef({ language, theme });
  useEffect(() => {
    feedbackContext.current = { language, theme };
  }, [language, theme]);
  const [feedback] = useState(() => createFeedback(() => feedbackContext.current));
  const t = useMemo(() => createTranslator(language, messages), [language, messages]);
  useEffect(() => {
    toastRef.current = (message, cause) => {
      const key = errorMessageKey(cause);
      void feedback.toastError(key === 'errors.server' && isApiError(cause) ? message : t(key));
    };
  }, [feedback, t]);

  const build = useCallback((path: string) => buildPath(path, prefix), [prefix]);

  const changeLanguage = useCallback(
    (next: LocaleCode) => {
      if (services) {
        services.preferences.set('language', next);
        services.localCache.set('globalLocale', next);
      }
      currencyStore.selectForLanguage(next);
      const root = document.documentElement;
      root.lang = htmlLang(next);
      if (root.dir !== textDirection(next)) root.dir = textDirection(next);
      replaceRoute(next, prefixAfterLanguageChange(prefix, next));
    },
    [services, currencyStore, prefix, replaceRoute],
  );

  const toggleTheme = useCallback(() => {
    const next = oppositeTheme(theme);
    if (services) applyTheme(next, { root: document.documentElement, ...services });
    setTheme(next);
  }, [services, theme]);

  const value = useMemo<ShellValue>(() => {
    const fiat = new Intl.NumberFormat(htmlLang(language), {
      style: 'currency',
      currency: currency.selected.value,
      currencyDisplay: 'narrowSymbol',
    });
    return {
      t,
      language,
      prefix,
      theme,
      currency,
      buildPath: build,
      changeLanguage,
      selectCurrency: (next) => currencyStore.select(next),
      toggleTheme,
      formatFiat: (usdt) => fiat.format(usdt * currency.selected.rate),
      legalAcceptance: services?.legalAcceptance ?? {
        isAccepted: () => true,
        accept: () => undefined,
      },
      feedback,
      api: services?.api ?? noApi,
      localCache: services?.localCache ?? null,
      images: services?.images ?? null,
    };
  }, [
    t,
    language,
    prefix,
    theme,
    currency,
    build,
    changeLanguage,
    currencyStore,
    toggleTheme,
    services,
    feedback,
  ]);

  return (
    <ShellContext.Provider value={value}>
      <ImageDomainsProvider domains={services?.images ?? null}>
        <AffiliatedLinksProvider value={affiliatedLinks}>{props.children}</AffiliatedLinksProvider>
      </ImageDomainsProvider>
      {services && (
        <ChallengeHost queue={services.challenges} t={t} language={language} theme={theme} />
      )}
    </ShellContext.Provider>
  );
}

/** The shell's state and actions; only inside {@link ShellProvider}. */
export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <ShellProvider>');
  return value;
}
