import { FeePagePath } from '@exchange-web/protocol/paths';
import { feePageProps, type FeePageProps } from '../components/fees/fee-page-props';
import { FeeScheduleView } from '../components/fees/FeeScheduleView';

export const getServerSideProps = feePageProps(FeePagePath.schedule);

/** The fee schedule (SPEC 2 `fee`). */
export default function FeePage(props: FeePageProps) {
  return <FeeScheduleView {...props} />;
}
