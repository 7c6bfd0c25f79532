import { whenIdle } from '@exchange-web/client/browser-globals';
import { nextTask } from '@exchange-web/client/import-in-turns';
import type { Tracker, TrackerOptions } from '@exchange-web/tracker/tracker';

/** Calls made before the tracker has loaded, at most: a page that never loads it keeps no more. */
export const PENDING_CALLS_LIMIT = 100;

/** Loads the tracker once and hands it every call, those made before it loaded included. */
export interface TrackerLoader {
  /** Loads and starts the tracker, then web vitals; later calls do nothing. */
  start(): void;
  /** Runs `use` with the tracker now if it has loaded, else once it has (in call order). */
  withTracker(use: (tracker: Tracker) => void): void;
}

/** The modules a loader needs; the defaults import the tracker's own. */
export interface TrackerModules {
  createTracker(options: TrackerOptions): Tracker;
  reportWebVitals(tracker: Tracker): void;
}

const importModules = async (): Promise<TrackerModules> => {
  // One after the other: each module's start-up in a task of its own (issue 18). Every page loads
  // the tracker's parts together, so they are one file: one request, compressed as one.
  const { createTracker } = await import(
    /* webpackChunkName: "tracker" */ '@exchange-web/tracker/tracker'
  );
  await nextTask();
  const { reportWebVitals } = await import(
    /* webpackChunkName: "tracker" */ '@exchange-web/tracker/web-vitals'
  );
  return { createTracker, reportWebVitals: (tracker) => reportWebVitals(tracker) };
};

/**
 * A loader over `options()` (read when the tracker is created).
 * @example
 * const loader = createTrackerLoader(() => ({ appId: 'exchange_web_01', appName: 'exchange_web' }));
 * loader.start();
 * loader.withTracker((tracker) => tracker.track({ type: 'click', eventTrackingId: 'b100' }));
 */
export function createTrackerLoader(
  options: () => TrackerOptions,
  load: () => Promise<TrackerModules> = importModules,
  warn: (message: string, cause: unknown) => void = (message, cause) =>
    console.warn(message, cause),
  // The tracker loads once the page is idle: what it reports is kept until then.
  schedule: (work: () => void) => void = (work) => void whenIdle(work),
  // Between the tracker's start, the calls kept for it and web vitals' start: a task each.
  nextTurn: () => Promise<void> = nextTask,
): TrackerLoader {
  let tracker: Tracker | undefined;
  let started = false;
  const pending: ((tracker: Tracker) => void)[] = [];

  const run = (use: (tracker: Tracker) => void, current: Tracker) => {
    try {
      use(current);
    } catch (error) {
      // The tracker never throws into the page (issue 7); a caller's callback must not either.
      warn('tracking call failed', error);
    }
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(() =>
        load()
          .then(async (modules) => {
            // Each step in a task of its own: together they were one task too long for a phone
            // (issue 18). Calls made meanwhile still wait in `pending`, so their order holds.
            const created = modules.createTracker(options());
            created.start();
            await nextTurn();
            tracker = created;
            for (const use of pending.splice(0)) run(use, created);
            await nextTurn();
            // The tracker's hidden-page flush runs after web vitals' own hide listeners whatever
            // the order they were added in, so their last reports go in it (packages/tracker README).
            modules.reportWebVitals(created);
          })
          .catch((error: unknown) => warn('tracker failed to load', error)),
      );
    },
    withTracker(use) {
      if (tracker) run(use, tracker);
      else if (pending.length < PENDING_CALLS_LIMIT) pending.push(use);
    },
  };
}
