import {
  tokenPageProps,
  type TokenPageProps,
} from '../../../components/inscription/inscription-page-props';
import { TokenPage } from '../../../components/inscription/TokenPage';

export const getServerSideProps = tokenPageProps;

/** A BRC-20 token's page (SPEC 2 /inscription/brc-20/{token}, page view b6056 with coin_name). */
export default function Brc20TokenPage(props: TokenPageProps) {
  // The key remounts the page for another token: no table page or chart of the previous lingers.
  return <TokenPage key={props.ticker} {...props} />;
}
