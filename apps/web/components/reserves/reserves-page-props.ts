import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  reserveSnapshotsReplySchema,
  type ReserveSnapshot,
} from '@exchange-web/protocol/reserves-schemas';
import type { GetServerSideProps } from 'next';
import { PROOF_OF_RESERVES_PATH } from '@exchange-web/protocol/paths';
import type { PageLinks } from '../../lib/page-links';
import { infoPageData } from '../../lib/info-page-props';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

/** Snapshots the page lists: the latest in full, the others as a history. */
const SNAPSHOTS_SHOWN = 24;

export interface ReservesPageProps {
  /** Newest first; null when the gateway could not give them (the page says so, HTTP 503). */
  snapshots: ReserveSnapshot[] | null;
  links: PageLinks;
}

/** The published snapshots, rendered on the server for every visitor and crawler. */
export const reservesPageProps: GetServerSideProps<ReservesPageProps> = async (ctx) => {
  const { data, links } = await infoPageData(ctx, PROOF_OF_RESERVES_PATH, async (call) => {
    const reply = await call(
      ReservesPath.snapshots,
      { limit: SNAPSHOTS_SHOWN },
      reserveSnapshotsReplySchema,
      { method: 'GET' },
    );
    return reply.snapshots;
  });
  return { props: { snapshots: data, links } };
};
