import { RecordPagePath } from '@exchange-web/protocol/paths';
import { OrdersCenter } from '../../components/records/OrdersCenter';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(RecordPagePath.orders);

/** The trader's orders (SPEC 2 `transac`): open, history and margin, filtered and paged. */
export default function OrdersPage() {
  return <OrdersCenter />;
}
