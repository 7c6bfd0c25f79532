import { CopyDiscovery } from '../../components/copy/CopyDiscovery';
import { discoveryPageProps, type DiscoveryPageProps } from '../../components/copy/copy-page-props';

export const getServerSideProps = discoveryPageProps;

/** The lead traders of the real market (SPEC 1 copy trading; the header's link). */
export default function CopyTradingPage(props: DiscoveryPageProps) {
  return <CopyDiscovery {...props} />;
}
