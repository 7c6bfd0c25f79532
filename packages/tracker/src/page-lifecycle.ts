import { Timing } from '@exchange-web/protocol/registry';
import { watchPage } from './page-views';
import type { PageState, TrackerPlatform, Unlisten } from './platform';

/** What the tracker does as the page is shown, hidden, left and navigated (SPEC 4 "Tracking"). */
export interface PageLifecycleHandlers {
  /** One step of the upload loop: every Timing.trackingLoopMs while the page is visible. */
  onTick(): void;
  /** The page was hidden: once per hide, after the loop stopped (queue the page-leave here). */
  onHide(): void;
  /**
   * Every hide signal, visibilitychange then pagehide, after onHide: send what is queued now.
   * `unloading` on pagehide: the page is going away, for good or into the back/forward cache.
   */
  onLeave(unloading: boolean): void;
  /** Visible again after a hide, before the loop restarts. */
  onShow(): void;
  /** Back from the back/forward cache (after onShow if it was hidden), before the loop restarts. */
  onRestore(): void;
  /** The URL changed through history (push, replace, popstate); never for the same URL. */
  onUrlChange(previous: PageState, next: PageState): void;
}

/**
 * Watches the page's lifecycle and runs the upload loop while it is visible: the loop stops when
 * the page is hidden and restarts when it is visible again. The Unlisten removes every listener
 * and the loop's timer.
 *
 * @example
 * const unwatch = watchPageLifecycle(platform, {
 *   onTick: () => void uploads.send(),
 *   onHide: () => queuePageLeave(),
 *   onLeave: (unloading) => uploads.flush(),
 *   onShow: () => uploads.shown(),
 *   onRestore: () => queuePageShow(),
 *   onUrlChange: (previous, next) => queuePageChange(previous, next),
 * });
 */
export function watchPageLifecycle(
  platform: TrackerPlatform,
  handlers: PageLifecycleHandlers,
): Unlisten {
  let watching = true;
  let hidden = platform.page()?.hidden ?? false;
  let loop: unknown;

  const schedule = () => {
    if (loop === undefined && watching && !hidden) {
      loop = platform.setTimeout(tick, Timing.trackingLoopMs);
    }
  };

  function tick() {
    loop = undefined;
    if (!watching || hidden) return;
    try {
      handlers.onTick();
    } finally {
      schedule();
    }
  }

  const cancelLoop = () => {
    if (loop !== undefined) platform.clearTimeout(loop);
    loop = undefined;
  };

  const unwatchPage = watchPage(platform, {
    onUrlChange: handlers.onUrlChange,
    // Hidden may come twice for one hide (visibilitychange and pagehide): one page-leave, and a
    // flush each time, as pagehide may find what the first beacon could not take.
    onHidden(unloading) {
      if (!watching) return;
      if (!hidden) {
        hidden = true;
        cancelLoop();
        handlers.onHide();
      }
      handlers.onLeave(unloading);
    },
    onVisible(restored) {
      if (!watching) return;
      if (hidden) {
        hidden = false;
        handlers.onShow();
      }
      if (restored) handlers.onRestore();
      schedule();
    },
  });
  schedule();

  return () => {
    watching = false;
    cancelLoop();
    unwatchPage();
  };
}
