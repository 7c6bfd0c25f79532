import { findMarketSymbol } from '@exchange-web/protocol/trading';
import { TradingPage } from '../../components/trading/TradingPage';
import { pairPageProps, type PairPageProps } from '../../components/trading/trading-page-props';

export const getServerSideProps = pairPageProps;

/**
 * The margin page at its simulation address (SPEC 2 allows `trade-margin`, not `margin/`; see
 * SIMULATION_MARGIN_PREFIX): the same page, on the paper account while simulation is on.
 */
export default function SimulationMarginPage({ symbol, market: snapshot }: PairPageProps) {
  const pair = findMarketSymbol(symbol);
  return pair ? <TradingPage key={symbol} pair={pair} market="margin" snapshot={snapshot} /> : null;
}
