import { OrdersCenter } from '../components/records/OrdersCenter';
import { signedInPageProps } from '../lib/page-access';

export const getServerSideProps = signedInPageProps('/trade-asset-order');

// SPEC 2 lists trade-asset-order beside transac without its screen: we read it as the trading
// area's address of the orders page.
/** The orders page at its trading-area address. */
export default function TradeAssetOrderPage() {
  return <OrdersCenter />;
}
