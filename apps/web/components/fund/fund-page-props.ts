import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  protectionFundReplySchema,
  type ProtectionFund,
} from '@exchange-web/protocol/reserves-schemas';
import type { GetServerSideProps } from 'next';
import { PROTECTION_FUND_PATH } from '@exchange-web/protocol/paths';
import { gatewayCallFor } from '../../lib/gateway-call';
import type { PageLinks } from '../../lib/page-links';
import { requestPageLinks } from '../../lib/request-page-links';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FundPageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  fund: ProtectionFund | null;
  links: PageLinks;
}

/** The protection fund, rendered on the server. */
export const fundPageProps: GetServerSideProps<FundPageProps> = async (ctx) => {
  const links = requestPageLinks(ctx, PROTECTION_FUND_PATH);
  try {
    const { fund } = await gatewayCallFor(ctx.req)(
      ReservesPath.protectionFund,
      {},
      protectionFundReplySchema,
      { method: 'GET' },
    );
    return { props: { fund, links } };
  } catch {
    ctx.res.statusCode = 503;
    return { props: { fund: null, links } };
  }
};
