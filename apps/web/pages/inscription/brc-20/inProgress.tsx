import { InscriptionListPage } from '../../../components/inscription/InscriptionListPage';
import {
  listPageProps,
  type ListPageProps,
} from '../../../components/inscription/inscription-page-props';

export const getServerSideProps = listPageProps('inProgress');

/** The BRC-20 list, tab inscription: tokens still minting (SPEC 2 /inscription/brc-20/inProgress, page view b6055). */
export default function Brc20ListPage(props: ListPageProps) {
  return <InscriptionListPage {...props} />;
}
