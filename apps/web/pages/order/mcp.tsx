import { CopyPagePath } from '@exchange-web/protocol/paths';
import { CopyOrders } from '../../components/copy/CopyOrders';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(CopyPagePath.orders);

/** The follower's copy trading (SPEC 2 `order/mcp`), real or paper. */
export default function CopyOrdersPage() {
  return <CopyOrders />;
}
