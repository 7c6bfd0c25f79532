import { useEffect, useRef, type RefObject } from 'react';
import { useTracking } from './TrackingProvider';

/** How much of an element must be in view for it to count as seen. */
export const EXPOSURE_THRESHOLD = 0.5;

/**
 * Reports an expose event (SPEC 3's type 3) once, when at least half of the element the returned
 * ref is attached to comes into view. An IntersectionObserver watches it, so nothing runs on
 * scroll; a browser without one reports nothing. `ext` is read when the element is seen: keep it
 * the same object while its content is (useMemo), or the watch starts again.
 * @example
 * const ref = useExposure<HTMLElement>(TrackingId.hotTokensExpose, ext);
 * return <section ref={ref}>…</section>;
 */
export function useExposure<E extends Element>(
  eventTrackingId: string,
  ext: Record<string, unknown>,
): RefObject<E | null> {
  const { track } = useTracking();
  const ref = useRef<E>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        track({ type: 'expose', eventTrackingId, ext });
      },
      { threshold: EXPOSURE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [track, eventTrackingId, ext]);
  return ref;
}
