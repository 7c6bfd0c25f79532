import { findMarketSymbol } from '@exchange-web/protocol/trading';
import { TradingPage } from '../../components/trading/TradingPage';
import { pairPageProps, type PairPageProps } from '../../components/trading/trading-page-props';

export const getServerSideProps = pairPageProps;

/** Spot trading of one pair (SPEC 2: /spot/BTCUSDT is the simulation landing page). */
export default function SpotPage({ symbol, market: snapshot }: PairPageProps) {
  const pair = findMarketSymbol(symbol);
  // The key remounts the page for another pair: no data of the previous one lingers.
  return pair ? <TradingPage key={symbol} pair={pair} market="spot" snapshot={snapshot} /> : null;
}
