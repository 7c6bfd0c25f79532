import { FeePagePath } from '@exchange-web/protocol/paths';
import { feePageProps, type FeePageProps } from '../../components/fees/fee-page-props';
import { VipDetailView } from '../../components/fees/VipDetailView';

export const getServerSideProps = feePageProps(FeePagePath.vipDetail);

/** The visitor's VIP level (SPEC 2 `vip/detail`). */
export default function VipDetailPage(props: FeePageProps) {
  return <VipDetailView {...props} />;
}
