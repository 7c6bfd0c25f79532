// @vitest-environment jsdom
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { TradingPath } from '@exchange-web/protocol/trading';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../request/hooks';
import { EndpointQuery } from './endpoint-query';
import { createPageQueries, type EndpointQueryOptions, type PageQueries } from './page-queries';
import type { QueryScope } from './query-scope';
import type { RefetchPlatform } from './refetch-policy';

interface SentCall {
  method: 'GET' | 'POST';
  path: string;
  payload: unknown;
  options: RequestOptions;
}

/** A request client that records each call and answers it as `answer` says. */
function fakeHttp(answer: (call: SentCall) => Promise<unknown>) {
  const calls: SentCall[] = [];
  const send = (call: SentCall) => {
    calls.push(call);
    return answer(call);
  };
  return {
    calls,
    http: {
      get: <T>(path: string, query?: unknown, options: RequestOptions = {}) =>
        send({ method: 'GET', path, payload: query, options }) as Promise<T>,
      post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
        send({ method: 'POST', path, payload: body, options }) as Promise<T>,
    },
  };
}

/** A page whose visibility and focus the test controls. */
function fakePage() {
  let visible = true;
  const listeners = new Set<() => void>();
  const platform: RefetchPlatform = {
    isVisible: () => visible,
    onFocusChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = () => listeners.forEach((listener) => listener());
  return {
    platform,
    hide() {
      visible = false;
      emit();
    },
    show() {
      visible = true;
      emit();
    },
    /** The window gets the focus back while the page stays visible. */
    focus: emit,
  };
}

const balances = { account: 'real', balances: [] };
const alice: QueryScope = { userId: 'alice', mode: 'real' };
const bob: QueryScope = { userId: 'bob', mode: 'real' };
const settle = () => vi.advanceTimersByTimeAsync(0);

let queries: PageQueries;
let page: ReturnType<typeof fakePage>;

beforeAll(async () => {
  // Loaded once, so each test's calls wait on no module load.
  await Promise.all([Endpoints.balances.schemas(), Endpoints.ticker.schemas()]);
});
beforeEach(() => {
  vi.useFakeTimers();
  page = fakePage();
});
afterEach(() => {
  queries.clear();
  vi.useRealTimers();
});

function start(answer: (call: SentCall) => Promise<unknown>) {
  const sent = fakeHttp(answer);
  queries = createPageQueries({ api: async () => sent.http, platform: page.platform });
  return sent.calls;
}

const balancesQuery = (
  options: Partial<EndpointQueryOptions<typeof Endpoints.balances>> = {},
): EndpointQueryOptions<typeof Endpoints.balances> => ({
  endpoint: Endpoints.balances,
  request: {},
  scope: alice,
  ...options,
});

/** A balances query with one subscriber, its first fetch sent: the page's usual case. */
async function subscribedBalances(
  options: Partial<EndpointQueryOptions<typeof Endpoints.balances>> = {},
  answer: (call: SentCall) => Promise<unknown> = async () => balances,
) {
  const calls = start(answer);
  const query = new EndpointQuery(async () => queries, balancesQuery(options));
  const unsubscribe = query.subscribe(() => undefined);
  await settle();
  return { calls, query, unsubscribe };
}

describe('the refetch policy', () => {
  it('polls every pollMs while the page is visible, sending polls fresh and quiet', async () => {
    const { calls, query } = await subscribedBalances({ pollMs: 2000, quiet: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options).toMatchObject({ fresh: false, quiet: true });
    expect(query.getSnapshot()).toMatchObject({ status: 'success', data: balances });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.options).toMatchObject({ fresh: true, quiet: true });
  });

  it('sends nothing while the page is hidden and fetches at once when it is shown again', async () => {
    const { calls } = await subscribedBalances({ pollMs: 2000 });
    page.hide();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    page.show();
    await settle();
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
  });

  it('fetches again when the window gets the focus back', async () => {
    const { calls } = await subscribedBalances();
    expect(calls).toHaveLength(1);
    page.focus();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.options.fresh).toBe(true);
  });

  it('keeps a refetch asked for while hidden until the page is shown', async () => {
    const { calls, query } = await subscribedBalances();
    page.hide();
    await query.refetch();
    await settle();
    expect(calls).toHaveLength(1);
    page.show();
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('refreshes every query of an endpoint in the scope when it is invalidated', async () => {
    const { calls } = await subscribedBalances();
    await queries.invalidate(bob, Endpoints.balances);
    expect(calls).toHaveLength(1);
    await queries.invalidate(alice, Endpoints.balances);
    expect(calls).toHaveLength(2);
  });
});

describe('cancellation', () => {
  const never = () => new Promise<unknown>(() => undefined);

  it('aborts the call in flight when the last subscriber leaves', async () => {
    const { calls, unsubscribe } = await subscribedBalances({}, never);
    const signal = calls[0]?.options.signal;
    expect(signal?.aborted).toBe(false);
    unsubscribe();
    expect(signal?.aborted).toBe(true);
  });

  it('aborts the call of the old key when the request changes', async () => {
    const calls = start(never);
    const options = {
      endpoint: Endpoints.ticker,
      request: { symbol: 'BTCUSDT' },
      scope: alice,
    };
    const query = new EndpointQuery(async () => queries, options);
    query.subscribe(() => undefined);
    await settle();
    query.setOptions({ ...options, request: { symbol: 'ETHUSDT' } });
    await settle();
    expect(calls.map((call) => call.payload)).toEqual([
      { symbol: 'BTCUSDT' },
      { symbol: 'ETHUSDT' },
    ]);
    expect(calls[0]?.path).toBe(TradingPath.ticker);
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(calls[1]?.options.signal?.aborted).toBe(false);
  });
});

describe('scope', () => {
  it("never shows one user's reply under another user", async () => {
    const replies: Record<string, unknown> = {
      alice: { account: 'real', balances: [{ coin: 'USDT', available: '1', frozen: '0' }] },
      bob: { account: 'real', balances: [] },
    };
    let user = 'alice';
    let release: () => void = () => undefined;
    const { query } = await subscribedBalances(
      {},
      () =>
        new Promise((resolve) => {
          const reply = replies[user];
          release = () => resolve(reply);
        }),
    );
    release();
    await settle();
    expect(query.getSnapshot().data).toEqual(replies.alice);

    user = 'bob';
    // Rendered before the query follows the new scope: no data rather than alice's.
    expect(query.resultFor(balancesQuery({ scope: bob })).data).toBeUndefined();
    query.setOptions(balancesQuery({ scope: bob }));
    expect(query.getSnapshot()).toMatchObject({ data: undefined, status: 'pending' });
    await settle();
    release();
    await settle();
    expect(query.getSnapshot().data).toEqual(replies.bob);
  });

  it('loads no query code while it is inactive, and starts once it is active', async () => {
    start(async () => balances);
    const load = vi.fn(async () => queries);
    const query = new EndpointQuery(load, balancesQuery({ enabled: false }));
    query.subscribe(() => undefined);
    query.setOptions(balancesQuery({ scope: null }));
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(query.getSnapshot()).toMatchObject({ status: 'pending', fetching: false });
    query.setOptions(balancesQuery());
    query.setOptions(balancesQuery({ pollMs: 5000 }));
    await settle();
    // Once, however often the options changed while it loaded.
    expect(load).toHaveBeenCalledTimes(1);
    expect(query.getSnapshot()).toMatchObject({ status: 'success', data: balances });
  });

  it('waits while the session is being read', async () => {
    const { calls, query } = await subscribedBalances({ scope: null });
    expect(calls).toHaveLength(0);
    expect(query.getSnapshot()).toMatchObject({ status: 'pending', fetching: false });
    query.setOptions(balancesQuery());
    await settle();
    expect(calls).toHaveLength(1);
  });
});
