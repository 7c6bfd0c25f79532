import { leadPageProps, type LeadPageProps } from '../../components/copy/copy-page-props';
import { LeadProfileView } from '../../components/copy/LeadProfileView';

export const getServerSideProps = leadPageProps;

/** A lead trader's public profile, and the form to copy them. */
export default function LeadProfilePage(props: LeadPageProps) {
  return <LeadProfileView key={props.leadId} {...props} />;
}
