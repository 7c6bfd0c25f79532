import { InscriptionListPage } from '../../../components/inscription/InscriptionListPage';
import {
  listPageProps,
  type ListPageProps,
} from '../../../components/inscription/inscription-page-props';

export const getServerSideProps = listPageProps('');

/** The BRC-20 list, tab all (SPEC 2 /inscription/brc-20, page view b6055). */
export default function Brc20ListPage(props: ListPageProps) {
  return <InscriptionListPage {...props} />;
}
