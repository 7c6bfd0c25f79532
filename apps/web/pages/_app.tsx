import { loadMessages, type Messages } from '@exchange-web/react/i18n/messages';
import { LegalDialog } from '@exchange-web/react/shell/LegalDialog';
import { SessionProvider, useSession } from '@exchange-web/react/session/SessionProvider';
import {
  ShellProvider,
  StartServices,
  useShell,
  useShellActions,
} from '@exchange-web/react/shell/ShellProvider';
import { createTranslator } from '@exchange-web/react/i18n/translator';
import {
  createSiteServices,
  type ServerLoadedShellData,
  type SiteServices,
} from '@exchange-web/react/services/site-services';
import { SimulationBanner } from '@exchange-web/react/simulation/SimulationBanner';
import {
  SimulationProvider,
  useSimulation,
} from '@exchange-web/react/simulation/SimulationProvider';
import { TrackingProvider, useTracking } from '@exchange-web/react/tracking/TrackingProvider';
import { LOCALE_CODES, textDirection, type LocaleCode } from '@exchange-web/protocol/languages';
import NextApp, { type AppContext, type AppProps } from 'next/app';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TestEnvironment } from '@exchange-web/client/http-client';
import { HeaderName, TrackingId } from '@exchange-web/protocol/registry';
import { ShellChrome } from '../components/ShellChrome';
import { trackingApp, trackingLogEnv } from '../lib/brand';
import { NO_PREFIX_LOCALE } from '../lib/router-locale';
import {
  readShellRequest,
  readSiteSettings,
  type ShellRequest,
  type SiteSettings,
} from '../lib/shell-request';
import { isSimulationRequest } from '../lib/simulation-request';
import { pageMessages } from '../lib/page-namespaces';
import { buildPath, htmlLang, pagePathOf, routerPathFor } from '@exchange-web/client/language';
import { collectCspViolations } from '@exchange-web/client/csp-violations';
import { isLegalPath } from '@exchange-web/protocol/legal';
import { ApiPath } from '@exchange-web/protocol/paths';
import '../styles/global.css';

// Listening starts as the page's code does, so violations before hydration are reported too.
const cspViolations =
  typeof document === 'undefined'
    ? null
    : collectCspViolations(document, () => window.location.pathname);

interface ShellAppProps {
  /**
   * `simulation`: whether the request carried the simulation mirror cookie (SPEC 4); `settings`:
   * the site's run-time settings, read from the server's environment; `serverLoaded`: the rates
   * and image domain config loaded with the page (null on a client-side navigation).
   */
  shell: ShellRequest & {
    messages: Messages;
    simulation: boolean;
    settings: SiteSettings;
    serverLoaded: ServerLoadedShellData | null;
  };
}

// The server's settings as the first page brought them: client-side navigations reuse them (the
// browser has no server environment to read).
let browserSettings: SiteSettings | undefined;

// One set of services per page in a browser, kept across client navigations (their request
// client, cache and session outlive any one route); one per render on the server.
let browserServices: SiteServices | undefined;

function siteServicesFor(shell: ShellAppProps['shell']): SiteServices {
  const build = () =>
    createSiteServices({
      language: shell.language,
      theme: shell.theme,
      t: createTranslator(shell.messages),
      signedIn: shell.signedIn,
      // The first page's: the browser starts on them and asks for neither (issue 18).
      ...(shell.serverLoaded ? { serverLoaded: shell.serverLoaded } : {}),
      // SPEC 4: the site turns on the replace-image-domain option of its request client
      // (REPLACE_IMAGE_DOMAIN, on by default).
      replaceImageDomain: shell.settings.replaceImageDomain,
      // SPEC 7: pfb or beta in test environments (SITE_PFB, SITE_BETA).
      testEnvironment: shell.settings.testEnvironment,
      ...(process.env.SIGN_TRUST_PUBLIC_KEY
        ? { trustRootPublicKey: process.env.SIGN_TRUST_PUBLIC_KEY }
        : {}),
    });
  if (typeof window === 'undefined') return build();
  return (browserServices ??= build());
}

function Frame({ children, legalAccepted }: { children: ReactNode; legalAccepted: boolean }) {
  const shell = useShell();
  const session = useSession();
  const simulation = useSimulation();
  const router = useRouter();
  const { api } = shell;
  useEffect(() => {
    // SPEC 7 cspSecurity: each violation is reported; a failed report never toasts the visitor.
    cspViolations?.forwardTo((report) => {
      void api()
        .then((http) => http.post(ApiPath.cspSecurity, report, { quiet: true }))
        .catch(() => undefined);
    });
  }, [api]);
  useEffect(() => {
    // Next's router writes its locale into <html lang> after each navigation in the page:
    // `default` or `bg` for our prefixes, which name no language, and `zh-TC` or `ph`, which are
    // our codes, not BCP 47. The page's language (and direction) is written back: a locale code's
    // own, or the one the page had before the navigation (a language change sets it first).
    let before: { lang: string; dir: string } | null = null;
    const remember = () => {
      const root = document.documentElement;
      before = { lang: root.lang, dir: root.dir };
    };
    const restore = () => {
      const root = document.documentElement;
      const routed = LOCALE_CODES.find((code) => code === root.lang);
      if (routed) {
        root.lang = htmlLang(routed);
        root.dir = textDirection(routed);
      } else if (before) {
        root.lang = before.lang;
        root.dir = before.dir;
      }
    };
    router.events.on('routeChangeStart', remember);
    router.events.on('routeChangeComplete', restore);
    return () => {
      router.events.off('routeChangeStart', remember);
      router.events.off('routeChangeComplete', restore);
    };
  }, [router.events]);
  const { track } = useTracking();
  // The header's choices, reported as clicks (README "Behaviour tracking: in the site").
  const chose = (eventTrackingId: string, ext: Record<string, unknown>) =>
    track({ type: 'click', eventTrackingId, ext });
  const path = pagePathOf(router.asPath.split(/[?#]/, 1)[0] ?? '/', shell.prefix);
  // Kept while its inputs stay the same, so the shell's own updates (the session loading, say)
  // leave the page's part as it is: it hydrates after the shell (ShellChrome).
  const page = useMemo(
    () => (
      <>
        {/* The services start once the page's part has hydrated (ShellProvider `startsServices`). */}
        <StartServices />
        {simulation.on ? <SimulationBanner t={shell.t} onLeave={simulation.exit} /> : null}
        {/* A page simulation does not allow is on its way to the spot landing: none of it shows. */}
        {simulation.allowed ? children : null}
      </>
    ),
    [simulation.on, simulation.exit, simulation.allowed, shell.t, children],
  );
  // The language accepted on this page, before the next request carries the cookie.
  const [acceptedHere, setAcceptedHere] = useState<string | null>(null);
  // The legal pages themselves never ask: the dialog's own link leads to the terms, to be read.
  const legalOpen = !legalAccepted && acceptedHere !== shell.language && !isLegalPath(path ?? '');
  return (
    <ShellChrome
      inert={legalOpen}
      overlay={
        // SPEC 2: keyed to the locale plus path, so it mounts afresh when either changes.
        <LegalDialog
          key={`${shell.language}:${path}`}
          t={shell.t}
          open={legalOpen}
          buildPath={shell.buildPath}
          onAccept={() => {
            shell.legalAcceptance.accept(shell.language);
            setAcceptedHere(shell.language);
          }}
        />
      }
      header={{
        t: shell.t,
        language: shell.language,
        theme: shell.theme,
        buildPath: shell.buildPath,
        currency: shell.currency,
        // SPEC 6: the header gets user data only when a userId exists.
        user: session.user?.userInfo.userId
          ? { userName: session.user.userName || session.user.loginName }
          : null,
        userPending: session.status === 'loading',
        onLogout: () => void session.logout(),
        onLanguageChange: (next) => {
          chose(TrackingId.languageChange, { from: shell.language, to: next });
          shell.changeLanguage(next);
        },
        onCurrencyChange: (next) => {
          chose(TrackingId.currencyChange, { from: shell.currency.selected.value, to: next });
          shell.selectCurrency(next);
        },
        onThemeToggle: () => {
          chose(TrackingId.themeChange, { to: shell.theme === 'black' ? 'white' : 'black' });
          shell.toggleTheme();
        },
        // SPEC 4: the switch is for everyone; a visitor may enter too (the landing pages ask to log in).
        simulation: {
          on: simulation.on,
          onToggle: () => {
            chose(TrackingId.simulationChange, { on: !simulation.on });
            if (simulation.on) simulation.exit();
            else simulation.enter();
          },
        },
      }}
      footer={{ t: shell.t, buildPath: shell.buildPath, year: new Date().getFullYear() }}
    >
      {page}
    </ShellChrome>
  );
}

const CHALLENGE_STEP_IDS = {
  shown: TrackingId.challengeShown,
  solved: TrackingId.challengeSolved,
  closed: TrackingId.challengeClosed,
} as const;

/**
 * What the page's services go through that analytics reports (README "Behaviour tracking: in the
 * site"): each human-verification challenge shown, solved or closed, and SPEC 8's signing and
 * encryption failures of the request client, as system events named by the event.
 */
function ServiceEvents() {
  const { services } = useShellActions();
  const { track } = useTracking();
  useEffect(
    () =>
      services.browser?.challenges.onStep((scene, step) =>
        track({ type: 'click', eventTrackingId: CHALLENGE_STEP_IDS[step], ext: { scene } }),
      ),
    [services, track],
  );
  useEffect(
    () =>
      services.onSigningFailure((event, detail) =>
        track({
          type: 'system',
          eventTrackingId: TrackingId[event],
          eventTracking: event,
          ext: {
            reason: detail.reason,
            ...(detail.path === undefined ? {} : { path: detail.path }),
          },
        }),
      ),
    [services, track],
  );
  return null;
}

/** Behaviour tracking of every page, told who is signed in and in which language. */
function SiteTracking({
  children,
  testEnvironment,
}: {
  children: ReactNode;
  testEnvironment: TestEnvironment;
}) {
  const { language } = useShell();
  const { user } = useSession();
  // SPEC 7: analytics posts may carry pfb (a test environment's), never beta.
  const extraHeaders = useMemo(
    () => (testEnvironment.pfb ? { [HeaderName.pfb]: testEnvironment.pfb } : undefined),
    [testEnvironment.pfb],
  );
  return (
    <TrackingProvider
      app={trackingApp}
      logEnv={trackingLogEnv}
      extraHeaders={extraHeaders}
      userId={user?.userInfo.userId ?? ''}
      language={language}
    >
      <ServiceEvents />
      {children}
    </TrackingProvider>
  );
}

/** The shell: every page renders inside its language, theme, currency, header and footer. */
export default function App({ Component, pageProps, shell }: AppProps & ShellAppProps) {
  const router = useRouter();
  if (typeof window !== 'undefined') browserSettings ??= shell.settings;
  const replaceRoute = useCallback(
    (locale: LocaleCode, prefix: string) => {
      // SPEC 4: the route is replaced with the new locale; the query is kept as it is.
      const target = routerPathFor(pagePathOf(router.asPath, shell.prefix), prefix);
      void router.replace({ pathname: router.pathname, query: router.query }, target.asPath, {
        locale: target.locale === '' ? NO_PREFIX_LOCALE : target.locale,
        scroll: false,
      });
    },
    [router, shell.prefix],
  );
  const [services] = useState(() => siteServicesFor(shell));
  return (
    <ShellProvider
      services={services}
      startsServices={false}
      language={shell.language}
      prefix={shell.prefix}
      theme={shell.theme}
      messages={shell.messages}
      replaceRoute={replaceRoute}
      // SPEC 3: the site's affiliated domains (AFFILIATED_DOMAINS).
      affiliatedDomains={shell.settings.affiliatedDomains}
    >
      <SimulationProvider
        simulation={services.browser?.simulation ?? null}
        initialOn={shell.simulation}
        // The path as the visitor sees it: the router's asPath leaves the language prefix out.
        pathname={buildPath(
          pagePathOf(router.asPath.split(/[?#]/, 1)[0] ?? '/', shell.prefix),
          shell.prefix,
        )}
      >
        <SessionProvider>
          <SiteTracking testEnvironment={shell.settings.testEnvironment}>
            <Frame legalAccepted={shell.legalAccepted}>
              <Component {...pageProps} />
            </Frame>
          </SiteTracking>
        </SessionProvider>
      </SimulationProvider>
    </ShellProvider>
  );
}

App.getInitialProps = async (appContext: AppContext) => {
  const appProps = await NextApp.getInitialProps(appContext);
  const { ctx } = appContext;
  const cookieHeader = ctx.req ? ctx.req.headers.cookie : globalThis.document?.cookie;
  const shell = readShellRequest({
    cookieHeader,
    query: ctx.query,
    routerLocale: ctx.locale,
    routerPath: ctx.asPath,
  });
  const request = ctx.req;
  const [messages, serverLoaded] = await Promise.all([
    loadMessages(shell.language),
    // A first page's only: in a browser the services already run on what the first page brought.
    // (`typeof window` is a constant in each build: the browser's leaves the loader and its
    // schemas out.)
    typeof window === 'undefined' && request
      ? import('../lib/shell-data').then(({ loadShellData }) =>
          loadShellData(request, shell.language),
        )
      : null,
  ]);
  return {
    ...appProps,
    shell: {
      ...shell,
      simulation: isSimulationRequest(cookieHeader),
      settings: ctx.req || !browserSettings ? readSiteSettings(process.env) : browserSettings,
      // Only the sections this page translates with (issue 18), not the whole catalogue.
      messages: pageMessages(messages, ctx.pathname),
      serverLoaded,
    },
  };
};
