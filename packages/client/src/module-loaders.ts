import { importInTurns } from './import-in-turns';
import type * as HttpClientExports from './http-client';
import type * as PageQueriesExports from './query/page-queries';

/** The request client's module (`./http-client`). */
type HttpClientModule = typeof HttpClientExports;
/** The page query client's module (`./query/page-queries`). */
type PageQueriesModule = typeof PageQueriesExports;

// Modules always loaded together share a chunk name: one file for the site's bundler, fetched in
// one request and compressed as one, while each still starts in a task of its own (issue 18).

/** The request client's module, its largest library first in a task of its own. */
export const loadHttpClientModule = (): Promise<HttpClientModule> =>
  importInTurns(
    [() => import(/* webpackChunkName: "request-client" */ 'axios')],
    () => import(/* webpackChunkName: "request-client" */ './http-client'),
  );

/** The page query client's module: the endpoint schemas, query-core's parts, then the client. */
export const loadPageQueriesModule = (): Promise<PageQueriesModule> =>
  importInTurns(
    [
      () => import('@exchange-web/protocol/endpoints'),
      () => import(/* webpackChunkName: "page-queries" */ './query/query-core-parts'),
    ],
    () => import(/* webpackChunkName: "page-queries" */ './query/page-queries'),
  );
