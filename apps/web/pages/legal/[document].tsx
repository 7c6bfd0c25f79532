import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { legalPageProps, type LegalPageProps } from '../../components/legal/legal-page-props';

export const getServerSideProps = legalPageProps;

/** The terms of use, privacy notice, risk disclosure and cookie policy (the footer's links). */
export default function LegalPage(props: LegalPageProps) {
  return <LegalDocumentView key={props.document} {...props} />;
}
