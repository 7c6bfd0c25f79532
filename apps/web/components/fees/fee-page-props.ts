import { FeePath } from '@exchange-web/protocol/fees';
import { feeScheduleReplySchema, type FeeScheduleReply } from '@exchange-web/protocol/fees-schemas';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor } from '../../lib/gateway-call';
import { pageLinks } from '../../lib/page-links';
import { readShellRequest } from '../../lib/shell-request';
import { siteOrigin } from '../../lib/site-origin';
import type { PageSeo } from '../inscription/SeoHead';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FeePageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  schedule: FeeScheduleReply | null;
  seo: PageSeo;
}

/** A fee or VIP page at `path`: the schedule from the gateway, with its canonical and hreflang links. */
export function feePageProps(path: string): GetServerSideProps<FeePageProps> {
  return async (ctx) => {
    const shell = readShellRequest({
      cookieHeader: ctx.req.headers.cookie,
      query: ctx.query,
      routerLocale: ctx.locale,
    });
    const seo: PageSeo = {
      texts: null,
      links: pageLinks({ origin: siteOrigin(ctx.req.headers), prefix: shell.prefix, path }),
      noindex: false,
    };
    try {
      const schedule = await gatewayCallFor(ctx.req)(FeePath.schedule, {}, feeScheduleReplySchema, {
        method: 'GET',
      });
      return { props: { schedule, seo } };
    } catch {
      ctx.res.statusCode = 503;
      return { props: { schedule: null, seo } };
    }
  };
}
