import { browserCookieJar } from '@exchange-web/client/cookie-jar';
import {
  createCookiePreferences,
  type CookiePreferenceStore,
} from '@exchange-web/client/cookie-preferences';
import { createCurrencyStore, type CurrencyStore } from '@exchange-web/client/currency-store';
import { browserLocalStorage, whenIdle } from '@exchange-web/client/browser-globals';
import { isApiError } from '@exchange-web/client/errors';
import type { HttpClient, TestEnvironment } from '@exchange-web/client/http-client';
import { memoryStorage } from '@exchange-web/client/key-value-storage';
import { createLegalAcceptance } from '@exchange-web/client/legal-acceptance';
import { browserImageLoader } from '@exchange-web/client/images/browser-image-loader';
import { createImageDomains, type ImageDomains } from '@exchange-web/client/images/image-domains';
import { LocalCache } from '@exchange-web/client/local-cache';
import { consoleLogger } from '@exchange-web/client/logger';
import { loadHttpClientModule } from '@exchange-web/client/module-loaders';
import type { ReportFailure } from '@exchange-web/client/signing/failure-report';
import { Simulation, browserSimulationPlatform } from '@exchange-web/client/simulation';
import type { LocaleCode } from '@exchange-web/protocol/languages';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { Theme } from '@exchange-web/protocol/registry';
import type { DomainConfigReply, UsdtRateReply } from '@exchange-web/protocol/schemas';
import { createFeedback, type Feedback } from '../antd/feedback';
import { createChallengePresenter, type ChallengeQueue } from '../challenge/challenge-presenter';
import type { Translate } from '../i18n/translator';
import { errorMessageKey } from '../session/error-message';
import type { LegalAcceptanceStore } from '../shell/LegalDialog';
import { createSiteSessionStore, type SiteSessionStore } from './session-store';
import { createThemeStore, type ThemeStore } from './theme-store';

/** What only a browser page has: storage-backed records, the challenge queue, image domains. */
export interface BrowserServices {
  /**
   * The page's local cache record (SPEC 3). NOTE: one per page: each instance keeps the whole
   * record, so two would overwrite each other's fields.
   */
  localCache: LocalCache;
  preferences: CookiePreferenceStore;
  /** The page's one challenge queue: the request client presents through it, the host shows it. */
  challenges: ChallengeQueue;
  /** SPEC 4: the image domain in use, chosen once the page is idle. */
  images: ImageDomains;
  /** SPEC 4: simulation trade, its flag, cookie and page rules. */
  simulation: Simulation;
}

/** Every service of a page, built once outside React; the shell binds them to components. */
export interface SiteServices {
  /** Null while server rendering. */
  browser: BrowserServices | null;
  /**
   * The page's one request client (SPEC 7 wrapper), loaded on first use; browser only (rejects
   * while server rendering). Sharing it shares its duplicate guard and debounced toasts.
   */
  api(): Promise<HttpClient>;
  currency: CurrencyStore;
  theme: ThemeStore;
  session: SiteSessionStore;
  legalAcceptance: LegalAcceptanceStore;
  /** Toasts and notifications in the page's language direction and theme (antd, on demand). */
  feedback: Feedback;
  /**
   * Follows the page's language: the locale calls are posted with, the sentences toasts use.
   * The shell calls it on every language change, before the currency follows the language.
   */
  setLanguage(language: LocaleCode, t: Translate): void;
  /** Starts the page's background work (rates, user, image domain); returns the stop function. */
  start(): () => void;
  /**
   * Hears SPEC 8's signing and encryption failure events of the page's request client (they also
   * go to the console), so analytics can report them; returns the unsubscribe function.
   */
  onSigningFailure(listener: ReportFailure): () => void;
}

export interface SiteServicesOptions {
  language: LocaleCode;
  theme: Theme;
  /** The page's translator, for the first toasts (then `setLanguage`). */
  t: Translate;
  /** Whether the request carried a session (its marker cookie). */
  signedIn: boolean;
  /**
   * The public key of the certificate that signs the gateway's server key (SPEC 5), base64 DER
   * SubjectPublicKeyInfo.
   * @default the development trust root's
   */
  trustRootPublicKey?: string;
  /**
   * The replace-image-domain option of the page's request client (SPEC 4): image URLs in replies
   * come back on the chosen image domain.
   * @default false
   */
  replaceImageDomain?: boolean;
  /** The routing headers of a test environment (SPEC 7), on every call. @default none */
  testEnvironment?: TestEnvironment;
  /**
   * What the page's server render loaded for the shell: the browser starts on it instead of
   * asking, so a visitor's page loads no request client before its first input (issue 18).
   * @default nothing: the browser asks for both on start
   */
  serverLoaded?: ServerLoadedShellData;
  /** Loads the USDT rates. @default a post to v1/mix/public/usdtRate through the page's client */
  loadRates?: (locale: string) => Promise<UsdtRateReply>;
  /**
   * The page's origin, or null while server rendering.
   * @default window.location.origin in a browser, else null
   */
  origin?: string | null;
}

/**
 * The shell's data a page's server render loads with it (SPEC 7 "on load"); null where the
 * server could not, and the browser asks itself.
 */
export interface ServerLoadedShellData {
  /** The usdtRate reply for the page's language. */
  rates: UsdtRateReply | null;
  /** The getDomainConfigList reply (SPEC 4's image domain candidates). */
  domainConfig: DomainConfigReply | null;
}

const noApi = () => Promise.reject(new Error('the request client exists only in the browser'));

function createBrowserServices(
  origin: string,
  api: () => Promise<HttpClient>,
  loadedDomainConfig: DomainConfigReply | null,
): BrowserServices {
  const storage = browserLocalStorage() ?? memoryStorage();
  return {
    localCache: new LocalCache(storage),
    preferences: createCookiePreferences(browserCookieJar()),
    challenges: createChallengePresenter(),
    simulation: new Simulation(browserSimulationPlatform()),
    images: createImageDomains({
      siteOrigin: origin,
      storage,
      loadImage: browserImageLoader(),
      fetchDomainConfig: async () => {
        if (loadedDomainConfig) return loadedDomainConfig;
        // Loaded only for a page whose render could not load the config: most pages never do.
        const [{ callEndpoint }, { Endpoints }, http] = await Promise.all([
          import('@exchange-web/client/query/call-endpoint'),
          import('@exchange-web/protocol/endpoints'),
          api(),
        ]);
        // A missing config only keeps images on the site: no toast. (The replace-image-domain
        // hook leaves this reply alone by its path.)
        return callEndpoint(http, Endpoints.domainConfigList, {}, { quiet: true });
      },
    }),
  };
}

/**
 * Builds a page's services: in a browser the request client (signing, the challenge, image
 * domains), the local cache, cookies, currency, theme and session; while server rendering only
 * what the first HTML needs (currency, theme, an anonymous or loading session).
 * @example
 * const services = createSiteServices({ language: 'en', theme: 'black', t, signedIn: false });
 * const stop = services.start();
 */
export function createSiteServices(options: SiteServicesOptions): SiteServices {
  const origin =
    options.origin !== undefined
      ? options.origin
      : typeof window === 'undefined'
        ? null
        : window.location.origin;
  let language = options.language;
  let t = options.t;
  // Failed requests toast in the page's language: known failures by their sentence, others by
  // the server's message (SPEC 8).
  const toast = (message: string, cause: unknown) => {
    const key = errorMessageKey(cause);
    void feedback.toastError(key === 'errors.server' && isApiError(cause) ? message : t(key));
  };
  const failureListeners = new Set<ReportFailure>();
  // SPEC 8 logs these events; the site's analytics hears them too (README "Behaviour tracking").
  const reportFailure: ReportFailure = (event, detail) => {
    consoleLogger.warn(event, detail);
    for (const listener of failureListeners) listener(event, detail);
  };
  let client: Promise<HttpClient> | undefined;
  const api = origin === null ? noApi : () => (client ??= createClient());
  const browser =
    origin === null
      ? null
      : createBrowserServices(origin, api, options.serverLoaded?.domainConfig ?? null);

  function createClient(): Promise<HttpClient> {
    if (!browser) return noApi();
    return loadHttpClientModule().then(({ createHttpClient }) =>
      createHttpClient({
        localCache: browser.localCache,
        notify: toast,
        // SPEC 4, 7: core calls signed, login payloads encrypted, against the built-in trust root.
        signing: {
          reportFailure,
          ...(options.trustRootPublicKey === undefined
            ? {}
            : { trustRootPublicKey: options.trustRootPublicKey }),
        },
        // SPEC 4: a 10021 shows the challenge modal, the call retried once it is passed.
        challenge: { presenter: browser.challenges },
        // SPEC 4: image URLs in replies follow the chosen image domain, when the site asks.
        replaceImageDomain: options.replaceImageDomain === true ? browser.images : false,
        ...(options.testEnvironment ? { testEnvironment: options.testEnvironment } : {}),
      }),
    );
  }

  const theme = createThemeStore({
    initial: options.theme,
    targets:
      browser && typeof document !== 'undefined'
        ? { root: document.documentElement, ...browser }
        : null,
  });
  const feedback = createFeedback(() => ({ language, theme: theme.getState() }));
  const currency = createCurrencyStore({
    loadRates:
      options.loadRates ??
      (async (locale) => (await api()).post<UsdtRateReply>(ApiPath.usdtRate, { locale })),
    locale: language,
    ...(options.serverLoaded?.rates ? { loadedRates: options.serverLoaded.rates } : {}),
    ...(browser ? { initialName: browser.localCache.get('fiatName') } : {}),
    onSelect: (name) => browser?.localCache.set('fiatName', name),
  });
  const session = createSiteSessionStore({
    signedIn: options.signedIn,
    api,
    localCache: browser?.localCache ?? null,
    locale: () => language,
  });
  const legalAcceptance: LegalAcceptanceStore = browser
    ? createLegalAcceptance(browserCookieJar())
    : // Server rendering: the request's cookie decides the dialog, never this store.
      { isAccepted: () => true, accept: () => undefined };

  return {
    browser,
    api,
    currency,
    theme,
    session,
    legalAcceptance,
    feedback,
    setLanguage(next, nextT) {
      language = next;
      t = nextT;
    },
    start() {
      const stopRates = currency.start();
      session.start();
      // Once the page is idle: images show from the site until a domain is chosen; a failure
      // keeps them there.
      const stopImages = browser
        ? whenIdle(() => void browser.images.start().catch(() => undefined))
        : () => undefined;
      return () => {
        stopRates();
        stopImages();
      };
    },
    onSigningFailure(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}
