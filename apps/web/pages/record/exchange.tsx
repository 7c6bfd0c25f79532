import { RecordPagePath } from '@exchange-web/protocol/paths';
import { SpotTradeRecords } from '../../components/records/TradeRecords';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(RecordPagePath.spotTrades);

/** The trader's spot fills (SPEC 2 `record/exchange`), paged and exported as CSV. */
export default function SpotTradeRecordsPage() {
  return <SpotTradeRecords />;
}
