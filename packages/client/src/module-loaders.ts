import { importInTurns } from './import-in-turns';
import type * as HttpClientExports from './http-client';
import type * as PageQueriesExports from './query/page-queries';

/** The request client's module (`./http-client`). */
type HttpClientModule = typeof HttpClientExports;
/** The page query client's module (`./query/page-queries`). */
type PageQueriesModule = typeof PageQueriesExports;

/** The request client's module, its largest library first in a task of its own. */
export const loadHttpClientModule = (): Promise<HttpClientModule> =>
  importInTurns([() => import('axios')], () => import('./http-client'));

/** The page query client's module: the endpoint schemas, query-core's parts, then the client. */
export const loadPageQueriesModule = (): Promise<PageQueriesModule> =>
  importInTurns(
    [() => import('@exchange-web/protocol/endpoints'), () => import('./query/query-core-parts')],
    () => import('./query/page-queries'),
  );
