import { findMarketSymbol } from '@exchange-web/protocol/trading';
import type { GetServerSideProps } from 'next';

export interface PairPageProps {
  symbol: string;
}

/**
 * Server props of a pair's trading page: a public page for every pair the simulated market
 * quotes (MARKET_SYMBOLS); any other symbol is a 404.
 */
export const pairPageProps: GetServerSideProps<PairPageProps> = async (ctx) => {
  const symbol = ctx.params?.symbol;
  if (typeof symbol !== 'string' || !findMarketSymbol(symbol)) return { notFound: true };
  return { props: { symbol } };
};
