import type { TrackInput, Tracker, TrackerOptions } from '@exchange-web/tracker/tracker';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createTrackerLoader, type TrackerLoader } from './tracker-loader';

/** What a page uses to report an interaction. */
export interface TrackingValue {
  /**
   * Queues an event (SPEC 3, "Analytics event"). Never throws and never waits: calls made before
   * the tracker has loaded are kept and handed to it when it has.
   */
  track(input: TrackInput): void;
}

const noop: TrackingValue = { track: () => undefined };
const TrackingContext = createContext<TrackingValue>(noop);

export interface TrackingProviderProps {
  /** `app_id` and `app_name` of the brand (SPEC 9: brand-specific, so the site configures them). */
  app: Pick<TrackerOptions, 'appId' | 'appName'>;
  /** A configured `log_env`; derived from the host when absent or invalid (SPEC 5). */
  logEnv?: string | undefined;
  /** The signed-in user's id, '' for a visitor: reported as `uid`. */
  userId: string;
  /** The page's language, reported as `user_language`. */
  language: string;
  /** Headers of the tracker's calls: `pfb` in a test environment (SPEC 7). @default none */
  extraHeaders?: Readonly<Record<string, string>> | undefined;
  children: ReactNode;
  /** @default loads the tracker and web vitals after hydration, once per page life */
  loader?: TrackerLoader;
}

// One tracker per page life: the shell never unmounts, and strict mode's second mount must not
// start a second loop or count a second page view.
let sharedLoader: TrackerLoader | undefined;

/**
 * Behaviour tracking for every page: page views and leaves, web vitals, and `track()` for the
 * rest. The tracker loads after hydration, off the first paint's path (DESIGN "Budgets").
 */
export function TrackingProvider({
  app,
  logEnv,
  userId,
  language,
  extraHeaders,
  children,
  loader,
}: TrackingProviderProps) {
  const languageRef = useRef(language);
  const optionsRef = useRef({ app, logEnv, extraHeaders });
  const activeLoader = useMemo(() => {
    if (loader) return loader;
    sharedLoader ??= createTrackerLoader(() => ({
      appId: optionsRef.current.app.appId,
      appName: optionsRef.current.app.appName,
      ...(optionsRef.current.logEnv ? { logEnv: optionsRef.current.logEnv } : {}),
      userLanguage: () => languageRef.current,
      extraHeaders: () => ({ ...optionsRef.current.extraHeaders }),
    }));
    return sharedLoader;
  }, [loader]);

  useEffect(() => {
    languageRef.current = language;
  }, [language]);

  useEffect(() => {
    activeLoader.start();
  }, [activeLoader]);

  useEffect(() => {
    activeLoader.withTracker((tracker: Tracker) => tracker.setUserId(userId));
  }, [activeLoader, userId]);

  const value = useMemo<TrackingValue>(
    () => ({ track: (input) => activeLoader.withTracker((tracker) => tracker.track(input)) }),
    [activeLoader],
  );
  return <TrackingContext.Provider value={value}>{children}</TrackingContext.Provider>;
}

/** The page's tracking; outside a provider (tests, isolated components) calls do nothing. */
export function useTracking(): TrackingValue {
  return useContext(TrackingContext);
}
