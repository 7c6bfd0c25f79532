import { RecordPagePath } from '@exchange-web/protocol/paths';
import { MarginAssets } from '../../components/records/MarginAssets';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(RecordPagePath.marginAssets);

/** The trader's margin accounts (SPEC 2 `asset/margin`): cross and each isolated pair. */
export default function MarginAssetsPage() {
  return <MarginAssets />;
}
