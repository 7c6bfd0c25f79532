import { FeePath } from '@exchange-web/protocol/fees';
import { feeScheduleReplySchema, type FeeScheduleReply } from '@exchange-web/protocol/fees-schemas';
import type { GetServerSideProps } from 'next';
import type { PageLinks } from '../../lib/page-links';
import { infoPageData } from '../../lib/info-page-props';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FeePageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  schedule: FeeScheduleReply | null;
  links: PageLinks;
}

/** A fee or VIP page at `path`: the schedule from the gateway, with its canonical and hreflang links. */
export function feePageProps(path: string): GetServerSideProps<FeePageProps> {
  return async (ctx) => {
    const { data, links } = await infoPageData(ctx, path, (call) =>
      call(FeePath.schedule, {}, feeScheduleReplySchema, { method: 'GET' }),
    );
    return { props: { schedule: data, links } };
  };
}
