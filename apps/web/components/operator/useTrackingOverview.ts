import { isApiError, MalformedReplyError } from '@exchange-web/client/errors';
import { DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK } from '@exchange-web/client/request/hook-names';
import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { errorMessageKey } from '@exchange-web/react/session/error-message';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  trackingOverviewReplySchema,
  type TrackingOverviewReply,
} from '@exchange-web/protocol/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';

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
 * The tracking overview of the last `hours` hours for the signed-in operator, through the
 * session's request client. Loads when the session is known and whenever the window changes;
 * an answer to an older request never replaces a newer one.
 */
export function useTrackingOverview(hours: OverviewWindow): TrackingOverviewState {
  const session = useSession();
  const { api } = session;
  const [overview, setOverview] = useState<TrackingOverviewReply | null>(null);
  const [loading, setLoading] = useState(true);
  const [forbidden, setForbidden] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (fresh: boolean) => {
      const call = (latest.current += 1);
      setLoading(true);
      try {
        const http = await api();
        // The page words its own failures (operators only, retry), so no toast repeats them.
        const skipHooks = fresh ? [DUPLICATE_GUARD_HOOK, ERROR_NOTICE_HOOK] : [ERROR_NOTICE_HOOK];
        const data = await http.get<unknown>(ApiPath.trackingOverview, { hours }, { skipHooks });
        const parsed = trackingOverviewReplySchema.safeParse(data);
        if (!parsed.success) throw new MalformedReplyError(data, { cause: parsed.error });
        if (call !== latest.current) return;
        setOverview(parsed.data);
        setForbidden(false);
        setError(null);
      } catch (failure) {
        if (call !== latest.current) return;
        if (isApiError(failure) && failure.code === GatewayCode.forbidden) {
          setForbidden(true);
          setError(null);
        } else if (isApiError(failure) && failure.code === GatewayCode.unauthorized) {
          setError('errors.sessionExpired');
        } else {
          setError(errorMessageKey(failure));
        }
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [api, hours],
  );

  useEffect(() => {
    if (session.status !== 'signedIn') return;
    void load(false);
  }, [session.status, load]);

  const reload = useCallback(() => load(true), [load]);
  return { overview, loading, forbidden, error, reload };
}
