import { marginOrderDetailPath, ORDER_ID_PATTERN } from '@exchange-web/protocol/paths';
import type { GetServerSideProps } from 'next';
import { MarginOrderDetail } from '../../components/records/OrderDetail';
import { signedInPageProps } from '../../lib/page-access';

interface MarginOrderInfoPageProps {
  orderId: string;
}

/** The order is named by the `orderId` query; without a well-formed one the page is a 404. */
export const getServerSideProps: GetServerSideProps<MarginOrderInfoPageProps> = async (ctx) => {
  const orderId = ctx.query.orderId;
  if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) return { notFound: true };
  const access = await signedInPageProps(marginOrderDetailPath(orderId))(ctx);
  return 'props' in access ? { props: { orderId } } : access;
};

/** One margin order (SPEC 2 `order/marginOrderInfo`). */
export default function MarginOrderInfoPage({ orderId }: MarginOrderInfoPageProps) {
  return <MarginOrderDetail key={orderId} orderId={orderId} />;
}
