import { Endpoints } from '@exchange-web/protocol/endpoints';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSessionState } from '@exchange-web/react/session/SessionProvider';

/**
 * The signed-in account's VIP level (the account in use: paper while simulation is on), read once
 * the session is known; nothing for a visitor. The level changes once a day, so it is not polled.
 */
export function useFeeLevel() {
  const { status } = useSessionState();
  const query = useEndpointQuery(
    Endpoints.feeLevel,
    {},
    { enabled: status === 'signedIn', quiet: true },
  );
  return { session: status, ...query };
}
