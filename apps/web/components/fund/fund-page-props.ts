import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  protectionFundReplySchema,
  type ProtectionFund,
} from '@exchange-web/protocol/reserves-schemas';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor } from '../../lib/gateway-call';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FundPageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  fund: ProtectionFund | null;
}

/** The protection fund, rendered on the server. */
export const fundPageProps: GetServerSideProps<FundPageProps> = async (ctx) => {
  try {
    const { fund } = await gatewayCallFor(ctx.req)(
      ReservesPath.protectionFund,
      {},
      protectionFundReplySchema,
      { method: 'GET' },
    );
    return { props: { fund } };
  } catch {
    ctx.res.statusCode = 503;
    return { props: { fund: null } };
  }
};
