import { AssetView } from '../../components/trading/AssetView';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/asset/spot');

/** The trader's assets, spot (SPEC 2 asset pages): balances valued in the chosen currency. */
export default function SpotAssetsPage() {
  return <AssetView tab="spot" />;
}
