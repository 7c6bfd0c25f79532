import { FeePagePath } from '@exchange-web/protocol/paths';
import { feePageProps, type FeePageProps } from '../../components/fees/fee-page-props';
import { VipIntroView } from '../../components/fees/VipIntroView';

export const getServerSideProps = feePageProps(FeePagePath.vipIntroduce);

/** The VIP programme (SPEC 2 `vip/vipIntroduce`). */
export default function VipIntroducePage(props: FeePageProps) {
  return <VipIntroView {...props} />;
}
