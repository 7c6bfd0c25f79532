import { FeePath } from '@exchange-web/protocol/fees';
import { feeScheduleReplySchema, type FeeScheduleReply } from '@exchange-web/protocol/fees-schemas';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor } from '../../lib/gateway-call';
import type { PageLinks } from '../../lib/page-links';
import { requestPageLinks } from '../../lib/request-page-links';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FeePageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  schedule: FeeScheduleReply | null;
  links: PageLinks;
}

/** A fee or VIP page at `path`: the schedule from the gateway, with its canonical and hreflang links. */
export function feePageProps(path: string): GetServerSideProps<FeePageProps> {
  return async (ctx) => {
    const links = requestPageLinks(ctx, path);
    try {
      const schedule = await gatewayCallFor(ctx.req)(FeePath.schedule, {}, feeScheduleReplySchema, {
        method: 'GET',
      });
      return { props: { schedule, links } };
    } catch {
      ctx.res.statusCode = 503;
      return { props: { schedule: null, links } };
    }
  };
}
