import { findMarketSymbol } from '@exchange-web/protocol/trading';
import { TradingPage } from '../../../components/trading/TradingPage';
import { pairPageProps, type PairPageProps } from '../../../components/trading/trading-page-props';

export const getServerSideProps = pairPageProps;

/** USDT-margined futures of one pair (SPEC 2: /futures/usdt/BTCUSDT is a simulation landing page). */
export default function FuturesPage({ symbol, market: snapshot }: PairPageProps) {
  const pair = findMarketSymbol(symbol);
  // The key remounts the page for another pair: no data of the previous one lingers.
  return pair ? (
    <TradingPage key={symbol} pair={pair} market="futures" snapshot={snapshot} />
  ) : null;
}
