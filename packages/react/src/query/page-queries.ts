import type { HttpClient } from '@exchange-web/client/http-client';
import type { PageQueries } from '@exchange-web/client/query/page-queries';
import { loadPageQueriesModule } from '@exchange-web/client/module-loaders';

/** The shell's `api`: stable for the life of a page, so it names the page. */
export type PageApi = () => Promise<HttpClient>;

const byPage = new WeakMap<PageApi, Promise<PageQueries>>();

/**
 * The page's one query client, created on first use: query-core loads with the first query of a
 * page that has one, never in the shell's first load.
 */
export function pageQueriesOf(api: PageApi): Promise<PageQueries> {
  let queries = byPage.get(api);
  if (!queries) {
    queries = loadPageQueriesModule().then(({ createPageQueries }) => createPageQueries({ api }));
    // A failed load (the chunk did not come) is tried again by the next query.
    queries.catch(() => byPage.delete(api));
    byPage.set(api, queries);
  }
  return queries;
}

/** The page's query client if a query already created it, else undefined (nothing to refresh). */
export const existingPageQueries = (api: PageApi): Promise<PageQueries> | undefined =>
  byPage.get(api);
