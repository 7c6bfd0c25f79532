/**
 * The one refetch policy of the site's server data: polls pause while the page is hidden, nothing
 * is refetched while it is hidden, and everything shown is refetched when the visitor comes back
 * (the window gets the focus, or the page is shown again).
 */

/** What the policy needs of the page; tests pass a fake. */
export interface RefetchPlatform {
  /** Whether the page is visible now. */
  isVisible(): boolean;
  /**
   * Calls `listener` whenever the visitor comes back or leaves: the page shown or hidden, the
   * window focused. Returns the cleanup.
   */
  onFocusChange(listener: () => void): () => void;
}

/**
 * The page's visibility and focus events; on the server, a page that never changes.
 * NOTE: read at each call, never at module load (SSR imports this module).
 */
export function browserRefetchPlatform(): RefetchPlatform {
  return {
    isVisible: () =>
      typeof document === 'undefined' ? true : document.visibilityState !== 'hidden',
    onFocusChange(listener) {
      if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', listener);
      window.addEventListener('focus', listener);
      return () => {
        document.removeEventListener('visibilitychange', listener);
        window.removeEventListener('focus', listener);
      };
    },
  };
}

/**
 * The query defaults that carry the policy. The interval timer of a poll keeps running while the
 * page is hidden but sends nothing; on return every query shown is stale, so it is fetched at once.
 */
export const REFETCH_POLICY = {
  staleTime: 0,
  refetchOnWindowFocus: true,
  refetchIntervalInBackground: false,
  refetchOnReconnect: false,
  // Calls go out and fail as before offline: each panel shows its network error, none is held back.
  networkMode: 'always',
  // A failed poll is tried again at the next one; a failed load shows its failure at once.
  retry: false,
} as const;
