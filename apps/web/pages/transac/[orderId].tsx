import { ORDER_ID_PATTERN, orderDetailPath } from '@exchange-web/protocol/paths';
import type { GetServerSideProps } from 'next';
import { OrderDetail } from '../../components/records/OrderDetail';
import { signedInPageProps } from '../../lib/page-access';

interface OrderDetailPageProps {
  orderId: string;
}

/** A malformed id is a 404; a well-formed one needs a session, then the gateway says whose. */
export const getServerSideProps: GetServerSideProps<OrderDetailPageProps> = async (ctx) => {
  const orderId = ctx.params?.orderId;
  if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) return { notFound: true };
  const access = await signedInPageProps(orderDetailPath(orderId))(ctx);
  return 'props' in access ? { props: { orderId } } : access;
};

/** One spot order and its fills (SPEC 2 `transac`, read as the orders page and below it). */
export default function OrderDetailPage({ orderId }: OrderDetailPageProps) {
  return <OrderDetail key={orderId} orderId={orderId} />;
}
