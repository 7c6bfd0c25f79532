import type * as HttpClientExports from './http-client';
import type * as PageQueriesExports from './query/page-queries';

/** The request client's module (`./http-client`). */
type HttpClientModule = typeof HttpClientExports;
/** The page query client's module (`./query/page-queries`). */
type PageQueriesModule = typeof PageQueriesExports;

/** Resolves in a later task, so the browser can paint and answer input in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Imports each of `first` in a task of its own, then `last`, and answers `last`'s module.
 * A dynamic import runs its whole module graph in one task once its chunks arrive; for the
 * request client that graph (axios, the schemas, query-core) is a 60 to 120 ms task on a phone,
 * longer than the 50 ms a tap waits unnoticed. Imported in turns, each library's modules run on
 * their own and the last import finds them done (issue 18). A failed import rejects, as one would.
 * @example
 * const { createHttpClient } = await importInTurns([() => import('axios')], () => import('./http-client'));
 */
export async function importInTurns<Module>(
  first: readonly (() => Promise<unknown>)[],
  last: () => Promise<Module>,
): Promise<Module> {
  for (const load of first) {
    await load();
    await nextTask();
  }
  return last();
}

/** The request client's module, its largest library first in a task of its own. */
export const loadHttpClientModule = (): Promise<HttpClientModule> =>
  importInTurns([() => import('axios')], () => import('./http-client'));

/** The page query client's module: the endpoint schemas, query-core's parts, then the client. */
export const loadPageQueriesModule = (): Promise<PageQueriesModule> =>
  importInTurns(
    [() => import('@exchange-web/protocol/endpoints'), () => import('./query/query-core-parts')],
    () => import('./query/page-queries'),
  );
