import type { PageState, TrackerPlatform, Unlisten } from './platform';

/** What the tracker does on page lifecycle changes. */
export interface PageHandlers {
  /** The URL changed through history (push, replace, popstate); never for the same URL. */
  onUrlChange(previous: PageState, next: PageState): void;
  /**
   * visibilitychange to hidden, or pagehide. May come twice for one hide (both events).
   * `unloading` on pagehide: the page is going away, for good or into the back/forward cache.
   */
  onHidden(unloading: boolean): void;
  /** Visible again; `restored` when the page came back from the back/forward cache. */
  onVisible(restored: boolean): void;
}

/**
 * Watches history, visibility and the back/forward cache. The visibilitychange listener sits on the
 * document (target phase): web-vitals listens on window in the capture phase, so its metrics are
 * queued before our hide handler reads the queue, whichever was registered first.
 */
export function watchPage(platform: TrackerPlatform, handlers: PageHandlers): Unlisten {
  let current = platform.page();
  const unlisten: Unlisten[] = [
    platform.onHistoryChange(() => {
      const next = platform.page();
      if (!next || !current || next.href === current.href) {
        current = next ?? current;
        return;
      }
      const previous = current;
      current = next;
      handlers.onUrlChange(previous, next);
    }),
    platform.listen('document', 'visibilitychange', () => {
      if (platform.page()?.hidden) handlers.onHidden(false);
      else handlers.onVisible(false);
    }),
    platform.listen('window', 'pagehide', () => handlers.onHidden(true)),
    platform.listen('window', 'pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) handlers.onVisible(true);
    }),
  ];
  return () => {
    for (const off of unlisten) off();
  };
}
