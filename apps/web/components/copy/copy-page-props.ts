import {
  COPY_MARKETS,
  COPY_PERIODS,
  COPY_SORTS,
  CopyCode,
  CopyPath,
  type CopyMarket,
  type CopyPeriod,
  type CopySort,
} from '@exchange-web/protocol/copy-trading';
import {
  leadReplySchema,
  leadsReplySchema,
  type LeadProfile,
  type LeadsReply,
} from '@exchange-web/protocol/copy-trading-schemas';
import { ORDER_ID_PATTERN } from '@exchange-web/protocol/paths';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor, isGatewayCallError } from '../../lib/gateway-call';

// Server only (getServerSideProps): the contract's schemas stay out of the browser's bundles.

/** The discovery list's choices, as its form sends them (a value it does not know is the default). */
export interface DiscoveryQuery {
  period: CopyPeriod;
  sort: CopySort;
  market: CopyMarket | null;
}

const pick = <Value extends string | number>(
  values: readonly Value[],
  raw: unknown,
  fallback: Value,
): Value => values.find((value) => String(value) === raw) ?? fallback;

/** Reads the discovery query leniently: a crawler or an old link gets the default view. */
export function parseDiscoveryQuery(query: Record<string, unknown>): DiscoveryQuery {
  return {
    period: pick(COPY_PERIODS, query.period, 30),
    sort: pick(COPY_SORTS, query.sort, 'roi'),
    market: COPY_MARKETS.find((market) => market === query.market) ?? null,
  };
}

export interface DiscoveryPageProps {
  query: DiscoveryQuery;
  /** null when the gateway could not give the list (the page says so, HTTP 503). */
  leads: LeadsReply | null;
}

/** The real market's lead traders, rendered on the server for visitors and crawlers alike. */
export const discoveryPageProps: GetServerSideProps<DiscoveryPageProps> = async (ctx) => {
  const query = parseDiscoveryQuery(ctx.query);
  try {
    const leads = await gatewayCallFor(ctx.req)(
      CopyPath.leads,
      {
        account: 'real',
        period: query.period,
        sort: query.sort,
        market: query.market ?? undefined,
      },
      leadsReplySchema,
      { method: 'GET' },
    );
    return { props: { query, leads } };
  } catch {
    ctx.res.statusCode = 503;
    return { props: { query, leads: null } };
  }
};

export interface LeadPageProps {
  leadId: string;
  /** null when the gateway could not answer (HTTP 503); an unknown lead is a 404 page. */
  lead: LeadProfile | null;
}

/** One lead's public profile, rendered on the server. */
export const leadPageProps: GetServerSideProps<LeadPageProps> = async (ctx) => {
  const leadId = ctx.params?.leadId;
  if (typeof leadId !== 'string' || !ORDER_ID_PATTERN.test(leadId)) return { notFound: true };
  try {
    const { lead } = await gatewayCallFor(ctx.req)(CopyPath.lead, { leadId }, leadReplySchema, {
      method: 'GET',
    });
    return { props: { leadId, lead } };
  } catch (error) {
    if (isGatewayCallError(error) && error.code === CopyCode.leadNotFound)
      return { notFound: true };
    ctx.res.statusCode = 503;
    return { props: { leadId, lead: null } };
  }
};
