import type { Endpoint, EndpointReply } from '@exchange-web/protocol/endpoints';
import type { EndpointQueryObserver, EndpointQueryOptions, PageQueries } from './page-queries';
import { endpointQueryKey } from './query-scope';

/** What a panel renders from one endpoint query. */
export interface EndpointQueryResult<Reply> {
  /** The last reply read for this query, kept while it is fetched again and after a failed one. */
  data: Reply | undefined;
  /** The failure of the last fetch, null once one succeeded. */
  error: Error | null;
  /** `pending` until the first reply or failure. */
  status: 'pending' | 'error' | 'success';
  /** Whether a fetch is in flight: the first load, a poll, a refetch. */
  fetching: boolean;
}

const WAITING: EndpointQueryResult<never> = {
  data: undefined,
  error: null,
  status: 'pending',
  fetching: false,
};
const LOADING: EndpointQueryResult<never> = { ...WAITING, fetching: true };

const sameKey = (left: EndpointQueryOptions, right: EndpointQueryOptions) =>
  left === right ||
  JSON.stringify(endpointQueryKey(left.scope, left.endpoint, left.request)) ===
    JSON.stringify(endpointQueryKey(right.scope, right.endpoint, right.request));

const isActive = (options: EndpointQueryOptions) =>
  options.scope !== null && options.enabled !== false;

/**
 * One endpoint query as a store React binds (subscribe, getSnapshot), usable
 * before query-core has loaded: it answers "loading" until the page's queries are there, then
 * follows its query-core observer. Unsubscribing the last listener releases the query, which
 * aborts a fetch in flight (its AbortSignal) when nothing else shows it. While it is inactive
 * (disabled, or nobody's scope yet) it loads nothing: a page whose queries wait (a visitor's,
 * a trading page on the data it came with) loads no query code (issue 18).
 * @example
 * const query = new EndpointQuery(loadPageQueries, { endpoint: Endpoints.balances, request: {}, scope });
 * const stop = query.subscribe(() => render(query.getSnapshot()));
 */
export class EndpointQuery<E extends Endpoint> {
  readonly #load: () => Promise<PageQueries>;
  #options: EndpointQueryOptions<E>;
  #queries: PageQueries | undefined;
  #observer: EndpointQueryObserver | undefined;
  #unsubscribe: (() => void) | undefined;
  readonly #listeners = new Set<() => void>();
  #source: unknown;
  #loading = false;
  #snapshot: EndpointQueryResult<EndpointReply<E>>;

  constructor(load: () => Promise<PageQueries>, options: EndpointQueryOptions<E>) {
    this.#load = load;
    this.#options = options;
    this.#snapshot = isActive(options) ? LOADING : WAITING;
  }

  /** Adds a listener of changes; the first one starts the query. Returns the removal. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) {
        this.#unsubscribe?.();
        this.#unsubscribe = undefined;
      }
    };
  };

  /** The current result; the same object until something changed. */
  readonly getSnapshot = (): EndpointQueryResult<EndpointReply<E>> => this.#snapshot;

  /**
   * The result to show for `options`, which may be newer than the query's own (a render before
   * {@link setOptions}): never the data of another key, such as another user's.
   */
  resultFor(options: EndpointQueryOptions<E>): EndpointQueryResult<EndpointReply<E>> {
    if (sameKey(options, this.#options)) return this.#snapshot;
    if (!this.#queries || !this.#observer) return isActive(options) ? LOADING : WAITING;
    return this.#read(this.#queries.peek(this.#observer, options));
  }

  /** Follows new options: another request, user or mode reads another query. */
  setOptions(options: EndpointQueryOptions<E>): void {
    this.#options = options;
    if (this.#queries && this.#observer) {
      this.#queries.update(this.#observer, options);
      this.#update();
    } else if (!this.#observer) {
      this.#setSnapshot(isActive(options) ? LOADING : WAITING);
      if (this.#listeners.size > 0) this.#start();
    }
  }

  /** Fetches again now (past the duplicate guard); while the page is hidden, on its return. */
  async refetch(): Promise<void> {
    const queries = await this.#load();
    const { scope, endpoint, request } = this.#options;
    await queries.invalidate(scope, endpoint, request);
  }

  #start(): void {
    if (this.#observer) {
      this.#attach();
      return;
    }
    if (this.#loading || !isActive(this.#options)) return;
    this.#loading = true;
    this.#load().then(
      (queries) => {
        this.#loading = false;
        this.#queries = queries;
        this.#observer ??= queries.observe(this.#options);
        this.#attach();
      },
      (error: unknown) => {
        this.#loading = false;
        // The query code did not load (a network failure): the panel shows a failure.
        const failure = error instanceof Error ? error : new Error(String(error));
        this.#setSnapshot({ data: undefined, error: failure, status: 'error', fetching: false });
      },
    );
  }

  #attach(): void {
    if (this.#listeners.size === 0 || this.#unsubscribe || !this.#observer) return;
    this.#unsubscribe = this.#observer.subscribe(() => this.#update());
    this.#update();
  }

  #update(): void {
    const result = this.#observer?.getCurrentResult();
    if (!result || result === this.#source) return;
    this.#source = result;
    this.#setSnapshot(this.#read(result));
  }

  #read(result: ReturnType<EndpointQueryObserver['getCurrentResult']>) {
    return {
      // The observer of this endpoint's options only ever holds its reply schema's output.
      data: result.data as EndpointReply<E> | undefined,
      error: result.error,
      status: result.status,
      fetching: result.isFetching,
    };
  }

  #setSnapshot(next: EndpointQueryResult<EndpointReply<E>>): void {
    if (next === this.#snapshot) return;
    this.#snapshot = next;
    for (const listener of [...this.#listeners]) listener();
  }
}
