import { TrackingDataAttribute } from '@exchange-web/protocol/registry';

/** A click declared in markup with the tracking data attributes. */
export interface DeclaredClick {
  eventTrackingId: string;
  eventTracking?: string;
  ext?: Record<string, unknown>;
}

/** The warning of a `data-tracking-ext` that is not a JSON object; the click is sent without it. */
export const invalidExtAttributeWarning = (id: string): string =>
  `${TrackingDataAttribute.ext} of ${id} is not a JSON object`;

interface ClosestCapable {
  closest(selector: string): { getAttribute(name: string): string | null } | null;
}

const canSearch = (target: unknown): target is ClosestCapable =>
  typeof (target as Partial<ClosestCapable> | null)?.closest === 'function';

/**
 * The click declared by the nearest ancestor of `target` (itself included) that carries
 * `data-tracking-id`, or undefined. The id itself is checked by the tracker like any other.
 *
 * @example
 * // <button data-tracking-id="b1201" data-tracking-name="deposit" data-tracking-ext='{"coin":"BTC"}'>
 * declaredClick(event.target); // { eventTrackingId: 'b1201', eventTracking: 'deposit', ext: { coin: 'BTC' } }
 */
export function declaredClick(
  target: unknown,
  warn: (message: string) => void,
): DeclaredClick | undefined {
  if (!canSearch(target)) return undefined;
  const element = target.closest(`[${TrackingDataAttribute.id}]`);
  const id = element?.getAttribute(TrackingDataAttribute.id);
  if (!element || id === null || id === undefined) return undefined;
  const click: DeclaredClick = { eventTrackingId: id };
  const name = element.getAttribute(TrackingDataAttribute.name);
  if (name !== null) click.eventTracking = name;
  const ext = element.getAttribute(TrackingDataAttribute.ext);
  if (ext !== null) {
    try {
      const parsed: unknown = JSON.parse(ext);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      click.ext = parsed as Record<string, unknown>;
    } catch {
      warn(invalidExtAttributeWarning(id));
    }
  }
  return click;
}
