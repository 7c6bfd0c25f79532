import { inscriptionPageView } from '@exchange-web/protocol/paths';

// NOTE: loaded on demand by the tracker (with the UA parser): protocol's paths module carries
// path tables the init chunk does not need (DESIGN "Budgets").

/** The labels of an inscription page view (SPEC 2): its tracking id and ext. */
export interface InscriptionPageEvent {
  eventTrackingId: string;
  /** `{ tab }` on list pages (b6055), `{ coin_name }` on token pages (b6056). */
  ext: Record<string, string>;
}

/**
 * The tracking id and ext of a page view on an inscription path, or undefined elsewhere (then
 * automatic page views use `/`).
 *
 * @example
 * inscriptionPageEvent('/en/inscription/brc-20/hot'); // { eventTrackingId: 'b6055', ext: { tab: 'hot' } }
 */
export function inscriptionPageEvent(pathname: string): InscriptionPageEvent | undefined {
  const view = inscriptionPageView(pathname);
  if (!view) return undefined;
  const ext: Record<string, string> = {};
  if (view.tab !== undefined) ext.tab = view.tab;
  if (view.coinName !== undefined) ext.coin_name = view.coinName;
  return { eventTrackingId: view.trackingId, ext };
}
