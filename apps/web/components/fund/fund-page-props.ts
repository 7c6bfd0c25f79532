import { ReservesPath } from '@exchange-web/protocol/reserves';
import {
  protectionFundReplySchema,
  type ProtectionFund,
} from '@exchange-web/protocol/reserves-schemas';
import type { GetServerSideProps } from 'next';
import { PROTECTION_FUND_PATH } from '@exchange-web/protocol/paths';
import type { PageLinks } from '../../lib/page-links';
import { infoPageData } from '../../lib/info-page-props';

// Server only (getServerSideProps): the schemas stay out of the browser's bundles.

export interface FundPageProps {
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  fund: ProtectionFund | null;
  links: PageLinks;
}

/** The protection fund, rendered on the server. */
export const fundPageProps: GetServerSideProps<FundPageProps> = async (ctx) => {
  const { data, links } = await infoPageData(ctx, PROTECTION_FUND_PATH, async (call) => {
    const reply = await call(ReservesPath.protectionFund, {}, protectionFundReplySchema, {
      method: 'GET',
    });
    return reply.fund;
  });
  return { props: { fund: data, links } };
};
