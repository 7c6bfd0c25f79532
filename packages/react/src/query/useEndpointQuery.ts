import { EndpointQuery, type EndpointQueryResult } from '@exchange-web/client/query/endpoint-query';
import type { EndpointQueryOptions, PageQueries } from '@exchange-web/client/query/page-queries';
import {
  endpointScope,
  type QueryScope,
  type ScopeSource,
} from '@exchange-web/client/query/query-scope';
import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSessionState } from '../session/SessionProvider';
import { useStoreTransitions } from '../store-transitions';
import { useShellActions } from '../shell/ShellProvider';
import { useSimulation } from '../simulation/SimulationProvider';
import { pageQueriesOf } from './page-queries';

export type { EndpointQueryResult } from '@exchange-web/client/query/endpoint-query';

/** How a panel asks for its data. */
export interface UseEndpointQueryOptions {
  /**
   * Fetches again every this many ms while the page is visible (paused while hidden, fetched at
   * once on return). @default no polling
   */
  pollMs?: number;
  /** @default true */
  enabled?: boolean;
  /** The panel shows its own failure: no toast. @default false */
  quiet?: boolean;
}

export interface EndpointQueryState<Reply> extends EndpointQueryResult<Reply> {
  /** Fetches again now, past the duplicate guard (while the page is hidden: on its return). */
  refetch(): Promise<void>;
}

/** What the page knows of the visitor, for the scope of its queries. */
export function useScopeSource(): ScopeSource {
  const session = useSessionState();
  const { on } = useSimulation();
  const sessionKnown = session.status !== 'loading';
  const userId = session.user?.userInfo.userId ?? '';
  return useMemo(() => ({ sessionKnown, userId, simulation: on }), [sessionKnown, userId, on]);
}

/**
 * Whose data a query of `endpoint` reads: the signed-in user and the account mode, null while the
 * session is being read; a public endpoint's at once, as nobody's.
 */
export function useQueryScope(endpoint?: Pick<Endpoint, 'access'>): QueryScope | null {
  const source = useScopeSource();
  const access = endpoint?.access ?? 'user';
  return useMemo(() => endpointScope({ access }, source), [access, source]);
}

/**
 * Reads one call of the endpoint table for a panel: typed by the endpoint's reply schema, keyed by
 * the signed-in user and the account mode, refetched by the site's one policy (polls paused while
 * hidden, a fetch on return), cancelled when the panel goes or asks for another request.
 * @example
 * const balances = useEndpointQuery(Endpoints.balances, {}, { pollMs: 2000, quiet: true });
 * if (balances.data) show(balances.data.balances);
 */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  request: EndpointRequest<E>,
  options: UseEndpointQueryOptions = {},
): EndpointQueryState<EndpointReply<E>> {
  const { api } = useShellActions();
  const scope = useQueryScope(endpoint);
  const queries = useCallback(() => pageQueriesOf(api), [api]);
  return useScopedEndpointQuery(queries, scope, endpoint, request, options);
}

/**
 * {@link useEndpointQuery} with the page's queries and the scope given: for tests, and for a page
 * that reads outside the session's scope.
 */
export function useScopedEndpointQuery<E extends Endpoint>(
  queries: () => Promise<PageQueries>,
  scope: QueryScope | null,
  endpoint: E,
  request: EndpointRequest<E>,
  options: UseEndpointQueryOptions = {},
): EndpointQueryState<EndpointReply<E>> {
  const { pollMs, enabled, quiet } = options;
  // The request as its JSON: a new object of the same call each render is the same query.
  const requestJson = JSON.stringify(request);
  const queryOptions = useMemo(
    (): EndpointQueryOptions<E> => ({
      endpoint,
      request: JSON.parse(requestJson) as EndpointRequest<E>,
      scope,
      ...(pollMs === undefined ? {} : { pollMs }),
      ...(enabled === undefined ? {} : { enabled }),
      ...(quiet === undefined ? {} : { quiet }),
    }),
    [endpoint, requestJson, scope, pollMs, enabled, quiet],
  );
  const [query] = useState(() => new EndpointQuery(queries, queryOptions));
  // Panels read the newest result as they render; a change renders them again (a transition).
  useStoreTransitions(query.subscribe, query.getSnapshot);
  useEffect(() => query.setOptions(queryOptions), [query, queryOptions]);
  const result = query.resultFor(queryOptions);
  const refetch = useCallback(() => query.refetch(), [query]);
  return useMemo(() => ({ ...result, refetch }), [result, refetch]);
}
