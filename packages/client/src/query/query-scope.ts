import type { Endpoint } from '@exchange-web/protocol/endpoints';

/**
 * Whose data a query reads: the signed-in user ('' for a visitor) and the account mode (SPEC 4:
 * simulation trade acts on the paper account). Both are in every query key, so a user change or a
 * mode switch never shows data read for the other.
 */
export interface QueryScope {
  readonly userId: string;
  readonly mode: 'real' | 'simulation';
}

/** What the page knows of the visitor. */
export interface ScopeSource {
  /** False while the session is still being read: queries wait, their user unknown. */
  sessionKnown: boolean;
  /** The signed-in user's id, '' for a visitor. */
  userId: string;
  /** Whether simulation trade is on. */
  simulation: boolean;
}

/**
 * The scope of the page's queries, or null while the session is still being read.
 * @example
 * queryScope({ sessionKnown: true, userId: '1001', simulation: true }); // { userId: '1001', mode: 'simulation' }
 */
export function queryScope(source: ScopeSource): QueryScope | null {
  if (!source.sessionKnown) return null;
  return { userId: source.userId, mode: source.simulation ? 'simulation' : 'real' };
}

/**
 * The scope of a query of `endpoint`: a public call's reply is the same for everyone, so it is
 * read at once, as nobody's ('' user), while the session is still being read; a user's call waits
 * for {@link queryScope}.
 * @example
 * endpointScope(Endpoints.ticker, { sessionKnown: false, userId: '', simulation: false });
 * // { userId: '', mode: 'real' }
 */
export function endpointScope(endpoint: Pick<Endpoint, 'access'>, source: ScopeSource) {
  if (endpoint.access === 'public')
    return queryScope({ sessionKnown: true, userId: '', simulation: source.simulation });
  return queryScope(source);
}

/** The first element of every endpoint query key, apart from any other kind of query. */
export const ENDPOINT_QUERY = 'endpoint';

/**
 * The key of every query of `endpoint` in `scope`, whatever its request: invalidating it refreshes
 * them all.
 */
export function endpointKeyPrefix(scope: QueryScope | null, endpoint: Endpoint) {
  return [
    ENDPOINT_QUERY,
    scope?.userId ?? null,
    scope?.mode ?? null,
    endpoint.method,
    endpoint.path,
  ] as const;
}

/**
 * The key of one query: scope first, then the call and its request.
 * @example
 * endpointQueryKey({ userId: '7', mode: 'real' }, Endpoints.balances, {});
 * // ['endpoint', '7', 'real', 'POST', '/v1/trade/account/balances', {}]
 */
export function endpointQueryKey(scope: QueryScope | null, endpoint: Endpoint, request: unknown) {
  return [...endpointKeyPrefix(scope, endpoint), request] as const;
}
