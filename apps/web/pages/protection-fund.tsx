import { fundPageProps, type FundPageProps } from '../components/fund/fund-page-props';
import { FundView } from '../components/fund/FundView';

export const getServerSideProps = fundPageProps;

/** The protection fund (SPEC 2 `protection-fund`). */
export default function ProtectionFundPage(props: FundPageProps) {
  return <FundView {...props} />;
}
