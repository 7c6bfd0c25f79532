import { InscriptionListPage } from '../../../components/inscription/InscriptionListPage';
import {
  listPageProps,
  type ListPageProps,
} from '../../../components/inscription/inscription-page-props';

export const getServerSideProps = listPageProps('hot');

/** The BRC-20 list, tab hot (SPEC 2 /inscription/brc-20/hot, page view b6055). */
export default function Brc20ListPage(props: ListPageProps) {
  return <InscriptionListPage {...props} />;
}
