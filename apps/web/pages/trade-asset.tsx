import { AssetView } from '../components/trading/AssetView';
import { signedInPageProps } from '../lib/page-access';

export const getServerSideProps = signedInPageProps('/trade-asset');

// SPEC 2 lists trade-asset beside asset without its screen: we read it as the trading area's
// address of the asset overview, so a trader in simulation reaches their paper balances there.
/** The asset overview at its trading-area address. */
export default function TradeAssetPage() {
  return <AssetView tab="overview" />;
}
