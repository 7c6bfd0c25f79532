import { isApiError } from '@exchange-web/client/errors';
import type { QueryScope } from '@exchange-web/client/query/query-scope';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { useEndpointQuery, useQueryScope } from '@exchange-web/react/query/useEndpointQuery';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { GatewayCode } from '@exchange-web/protocol/codes';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import type { TrackingOverviewReply } from '@exchange-web/protocol/schemas';
import { useEffect, useState } from 'react';

/** The windows the page offers, in hours: an hour, a day, a week. */
export const OVERVIEW_WINDOWS = [1, 24, 168] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];

export interface TrackingOverviewState {
  /** The last overview received (kept on screen while the next one loads). */
  overview: TrackingOverviewReply | null;
  loading: boolean;
  /** The account is signed in but not an operator (40300). */
  forbidden: boolean;
  /** The sentence of the last failure, null after a success. */
  error: MessageKey | null;
  /** Loads the overview again (a fresh call, past the duplicate guard). */
  reload(): Promise<void>;
}

/**
 * The tracking overview of the last `hours` hours for the signed-in operator: a query of the
 * session's user, loaded when the session is known and whenever the window changes (the answer
 * for an earlier window never replaces it), and again when the operator comes back to the page.
 */
export function useTrackingOverview(hours: OverviewWindow): TrackingOverviewState {
  const session = useSession();
  const scope = useQueryScope();
  // The page words its own failures (operators only, retry), so no toast repeats them.
  const query = useEndpointQuery(
    Endpoints.trackingOverview,
    { hours },
    { quiet: true, enabled: session.status === 'signedIn' },
  );
  // Another window's overview stays on screen while this one loads, for the same user only.
  const [shown, setShown] = useState<{ scope: QueryScope; overview: TrackingOverviewReply }>();
  useEffect(() => {
    if (query.data && scope) setShown({ scope, overview: query.data });
  }, [query.data, scope]);

  const failure = query.status === 'error' ? query.error : null;
  const forbidden = isApiError(failure) && failure.code === GatewayCode.forbidden;
  const error: MessageKey | null =
    failure === null || forbidden
      ? null
      : isApiError(failure) && failure.code === GatewayCode.unauthorized
        ? 'errors.sessionExpired'
        : errorMessageKey(failure);
  return {
    overview: query.data ?? (shown?.scope === scope ? shown.overview : null),
    loading: query.fetching || query.status === 'pending',
    forbidden,
    error,
    reload: query.refetch,
  };
}
