import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  reserveSnapshotsReplySchema,
  type ReserveSnapshot,
} from '@exchange-web/protocol/reserves-schemas';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor } from '../../lib/gateway-call';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

/** Snapshots the page lists: the latest in full, the others as a history. */
const SNAPSHOTS_SHOWN = 24;

export interface ReservesPageProps {
  /** Newest first; null when the gateway could not give them (the page says so, HTTP 503). */
  snapshots: ReserveSnapshot[] | null;
}

/** The published snapshots, rendered on the server for every visitor and crawler. */
export const reservesPageProps: GetServerSideProps<ReservesPageProps> = async (ctx) => {
  try {
    const { snapshots } = await gatewayCallFor(ctx.req)(
      ReservesPath.snapshots,
      { limit: SNAPSHOTS_SHOWN },
      reserveSnapshotsReplySchema,
      { method: 'GET' },
    );
    return { props: { snapshots } };
  } catch {
    ctx.res.statusCode = 503;
    return { props: { snapshots: null } };
  }
};
