import type { Endpoint, EndpointReply, EndpointRequest } from '@exchange-web/protocol/endpoints';
import {
  useEndpointActions,
  type EndpointActions,
} from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useCallback, useState } from 'react';
import { pageWindow, RECORDS_PAGE_SIZE, readAllPages } from './list-filters';

/**
 * How often a record list is read again while the page is visible: new fills and records show
 * up, and a read that failed is tried again.
 */
export const RECORDS_REFRESH_MS = 15_000;

export interface PagedList<Row> {
  /** The rows of the page shown, or null while they load. */
  rows: Row[] | null;
  page: number;
  hasMore: boolean;
  setPage(page: number): void;
  /** The last read failed (the rows shown, if any, are the previous ones). */
  failed: boolean;
  refetch(): Promise<void>;
  /** Every row the filters match, read page by page (see readAllPages). */
  readAll(): Promise<{ rows: Row[]; complete: boolean }>;
}

/**
 * Every row of a list the filters match, for an export: pages of the gateway's largest size, each
 * a long call (SPEC 9's 60 s rather than the wrapper's 20 s) whose failure the export shows itself.
 */
export function readListForExport<E extends Endpoint, Row>(
  call: EndpointActions['call'],
  endpoint: E,
  filters: Record<string, unknown> | null,
  rowsOf: (reply: EndpointReply<E>) => Row[],
): Promise<{ rows: Row[]; complete: boolean }> {
  return readAllPages((window) =>
    call(endpoint, { ...filters, ...window } as EndpointRequest<E>, {
      quiet: true,
      long: true,
    }).then(rowsOf),
  );
}

/**
 * One page of a record list of the signed-in trader: `filters` (null while they are invalid: no
 * read) and the page's offset, one row more than shown to know a next page exists; back to the
 * first page when the filters change.
 */
export function usePagedList<E extends Endpoint, Row>(
  endpoint: E,
  filters: Record<string, unknown> | null,
  rowsOf: (reply: EndpointReply<E>) => Row[],
  options: { pollMs?: number } = { pollMs: RECORDS_REFRESH_MS },
): PagedList<Row> {
  const { status } = useSession();
  const { call } = useEndpointActions();
  const [page, setPage] = useState(0);
  const filterKey = JSON.stringify(filters);
  const [pageFilters, setPageFilters] = useState(filterKey);
  if (pageFilters !== filterKey) {
    // Adjusted while rendering (React's pattern for state derived from props): no stale page flash.
    setPageFilters(filterKey);
    setPage(0);
  }
  // The filter bar builds `filters` from the endpoint's own fields.
  const request = { ...filters, ...pageWindow(page) } as EndpointRequest<E>;
  const query = useEndpointQuery(endpoint, request, {
    ...options,
    enabled: status === 'signedIn' && filters !== null,
    quiet: true,
  });
  const all = query.data ? rowsOf(query.data) : null;
  const readAll = useCallback(
    () => readListForExport(call, endpoint, filters, rowsOf),
    [call, endpoint, filters, rowsOf],
  );
  return {
    rows: all ? all.slice(0, RECORDS_PAGE_SIZE) : null,
    page,
    hasMore: all !== null && all.length > RECORDS_PAGE_SIZE,
    setPage,
    failed: query.status === 'error' || (query.error !== null && query.data !== undefined),
    refetch: query.refetch,
    readAll,
  };
}
