import { AssetView } from '../../components/trading/AssetView';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/asset/futures');

/** The trader's assets, futures (SPEC 2 asset pages): balances valued in the chosen currency. */
export default function FuturesAssetsPage() {
  return <AssetView tab="futures" />;
}
