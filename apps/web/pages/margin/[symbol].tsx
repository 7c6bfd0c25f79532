import { findMarketSymbol } from '@exchange-web/protocol/trading';
import { TradingPage } from '../../components/trading/TradingPage';
import { pairPageProps, type PairPageProps } from '../../components/trading/trading-page-props';

export const getServerSideProps = pairPageProps;

/** Margin trading of one pair: the spot market's panels and the trader's margin account. */
export default function MarginPage({ symbol, market: snapshot }: PairPageProps) {
  const pair = findMarketSymbol(symbol);
  return pair ? <TradingPage key={symbol} pair={pair} market="margin" snapshot={snapshot} /> : null;
}
