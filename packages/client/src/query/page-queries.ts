import type { Endpoint, EndpointRequest } from '@exchange-web/protocol/endpoints';
import type { QueryKey, QueryObserverOptions } from '@tanstack/query-core';
import type { HttpClient } from '../http-client';
import { QueryClient, QueryObserver, focusManager } from './query-core-parts';
import { callEndpoint } from './call-endpoint';
import { endpointKeyPrefix, endpointQueryKey, type QueryScope } from './query-scope';
import { REFETCH_POLICY, browserRefetchPlatform, type RefetchPlatform } from './refetch-policy';

/** One query of the endpoint table, as a panel asks for it. */
export interface EndpointQueryOptions<E extends Endpoint = Endpoint> {
  endpoint: E;
  request: EndpointRequest<E>;
  /** Whose data; null while the session is being read (the query waits). */
  scope: QueryScope | null;
  /** Fetches again every this many ms while the page is visible. @default no polling */
  pollMs?: number;
  /** @default true */
  enabled?: boolean;
  /** The panel shows its own failure: no toast (the request client's `quiet`). @default false */
  quiet?: boolean;
}

/** A query-core observer of one endpoint query. */
export type EndpointQueryObserver = QueryObserver<unknown, Error, unknown, unknown, QueryKey>;
type ObserverOptions = QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>;

export interface PageQueriesOptions {
  /** The page's request client, loaded on first use (the shell's `api`). */
  api(): Promise<Pick<HttpClient, 'get' | 'post'>>;
  /** @default the page's visibility and focus events */
  platform?: RefetchPlatform;
}

/** The page's one query client, with the site's refetch policy and endpoint queries. */
export interface PageQueries {
  /** An observer of the query; it fetches once something subscribes to it. */
  observe(options: EndpointQueryOptions): EndpointQueryObserver;
  /** Points an observer at new options (another request, user or mode: another query). */
  update(observer: EndpointQueryObserver, options: EndpointQueryOptions): void;
  /** The state the query of `options` is in now, for a render before `update` ran. */
  peek(
    observer: EndpointQueryObserver,
    options: EndpointQueryOptions,
  ): ReturnType<EndpointQueryObserver['getCurrentResult']>;
  /**
   * Marks the queries of `endpoint` in `scope` (of one request, when given) out of date and
   * fetches those shown again; while the page is hidden they wait for its return. Resolves once
   * the fetches settled; never rejects.
   */
  invalidate(scope: QueryScope | null, endpoint: Endpoint, request?: unknown): Promise<void>;
  /** Stops following the page's focus and drops every query (tests; a page keeps its client). */
  clear(): void;
}

/**
 * The page's query client (one per page): the refetch policy as its defaults, the page's focus and
 * visibility driving query-core's focus manager, endpoint queries that call through
 * {@link callEndpoint} with the query's AbortSignal.
 *
 * NOTE: query-core's focus manager is one per page (a module singleton): the latest page client
 * drives it.
 *
 * Fetches are sent `fresh` (past the duplicate guard) once the query has answered before: polls,
 * the visitor's return and invalidations ask anew; a first load may share an identical call.
 */
export function createPageQueries(options: PageQueriesOptions): PageQueries {
  const platform = options.platform ?? browserRefetchPlatform();
  const client = new QueryClient({ defaultOptions: { queries: REFETCH_POLICY } });
  focusManager.setEventListener((setFocused) => {
    setFocused(platform.isVisible());
    // The window's focus re-evaluates without a change of visibility: shown queries refetch.
    return platform.onFocusChange(() => {
      const visible = platform.isVisible();
      if (visible === focusManager.isFocused()) focusManager.onFocus();
      else setFocused(visible);
    });
  });
  client.mount();

  const observerOptions = (query: EndpointQueryOptions): ObserverOptions => {
    const { endpoint, request, scope, quiet = false } = query;
    const queryKey = endpointQueryKey(scope, endpoint, request);
    return {
      queryKey,
      queryFn: async ({ signal }) => {
        const state = client.getQueryState(queryKey);
        const fresh =
          state !== undefined && (state.dataUpdatedAt !== 0 || state.errorUpdatedAt !== 0);
        return callEndpoint(await options.api(), endpoint, request, { signal, fresh, quiet });
      },
      enabled: scope !== null && query.enabled !== false,
      refetchInterval: query.pollMs ?? false,
    };
  };

  return {
    observe: (query) => new QueryObserver(client, observerOptions(query)),
    update: (observer, query) => observer.setOptions(observerOptions(query)),
    peek: (observer, query) =>
      observer.getOptimisticResult(client.defaultQueryOptions(observerOptions(query))),
    async invalidate(scope, endpoint, ...request) {
      const queryKey =
        request.length === 0
          ? endpointKeyPrefix(scope, endpoint)
          : endpointQueryKey(scope, endpoint, request[0]);
      await client.invalidateQueries({
        queryKey,
        exact: request.length > 0,
        refetchType: focusManager.isFocused() ? 'active' : 'none',
      });
    },
    clear() {
      client.unmount();
      client.clear();
      focusManager.setEventListener(() => undefined);
    },
  };
}
