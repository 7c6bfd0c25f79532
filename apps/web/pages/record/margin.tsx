import { RecordPagePath } from '@exchange-web/protocol/paths';
import { MarginRecords } from '../../components/records/TradeRecords';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(RecordPagePath.marginRecords);

/** The trader's margin ledger (SPEC 2 `record/margin`), paged and exported as CSV. */
export default function MarginRecordsPage() {
  return <MarginRecords />;
}
