import { CopyPagePath } from '@exchange-web/protocol/paths';
import { CopyLeading } from '../../components/copy/CopyLeading';
import { signedInPageProps } from '../../lib/page-access';

export const getServerSideProps = signedInPageProps(CopyPagePath.records);

/** The lead's side of copy trading (SPEC 2 `record/mcp`), real or paper. */
export default function CopyLeadingPage() {
  return <CopyLeading />;
}
