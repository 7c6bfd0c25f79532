import {
  reservesPageProps,
  type ReservesPageProps,
} from '../components/reserves/reserves-page-props';
import { ReservesView } from '../components/reserves/ReservesView';

export const getServerSideProps = reservesPageProps;

/** Proof of reserves (SPEC 2 `proof-of-reserves`). */
export default function ProofOfReservesPage(props: ReservesPageProps) {
  return <ReservesView {...props} />;
}
