import { AssetView } from '../../components/trading/AssetView';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps('/asset');

/** The trader's assets, overview (SPEC 2 asset pages): balances valued in the chosen currency. */
export default function AssetOverviewPage() {
  return <AssetView tab="overview" />;
}
