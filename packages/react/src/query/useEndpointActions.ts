import { callEndpoint } from '@exchange-web/client/query/call-endpoint';
import type { RequestOptions } from '@exchange-web/client/request/hooks';
import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import { useMemo } from 'react';
import { useShellActions } from '../shell/ShellProvider';
import { existingPageQueries } from './page-queries';
import { endpointScope } from '@exchange-web/client/query/query-scope';
import { useScopeSource } from './useEndpointQuery';

export interface EndpointActions {
  /**
   * Sends a call that changes something (a create, a delete, a trade) through the page's request
   * client, its request and reply checked by the endpoint's schemas.
   */
  call<E extends Endpoint>(
    endpoint: E,
    request: EndpointRequest<E>,
    options?: RequestOptions,
  ): Promise<EndpointReply<E>>;
  /**
   * Refreshes the page's queries of these endpoints for the current user and mode, and resolves
   * once they answered (while the page is hidden they wait for its return); never rejects.
   */
  invalidate(...endpoints: Endpoint[]): Promise<void>;
}

/**
 * Calls that change server data, and the refresh of the queries that show it.
 * @example
 * const actions = useEndpointActions();
 * await actions.call(Endpoints.apiKeyCreate, values);
 * await actions.invalidate(Endpoints.apiKeyList);
 */
export function useEndpointActions(): EndpointActions {
  const { api } = useShellActions();
  const source = useScopeSource();
  return useMemo(
    () => ({
      async call(endpoint, request, options) {
        return callEndpoint(await api(), endpoint, request, options);
      },
      async invalidate(...endpoints) {
        // No query has run on this page: nothing shows these endpoints.
        const queries = await existingPageQueries(api)?.catch(() => undefined);
        if (!queries) return;
        await Promise.all(
          endpoints.map((endpoint) =>
            queries.invalidate(endpointScope(endpoint, source), endpoint),
          ),
        );
      },
    }),
    [api, source],
  );
}
