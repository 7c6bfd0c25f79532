// @vitest-environment jsdom
import type { RequestOptions } from '@exchange-web/client/request/hooks';
import { createPageQueries, type PageQueries } from '@exchange-web/client/query/page-queries';
import type { QueryScope } from '@exchange-web/client/query/query-scope';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { tickerFixture } from '@exchange-web/protocol/fixtures';
import * as React from 'react';
import { act, useLayoutEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRootPerTest } from '../testing/react-root';
import { useScopedEndpointQuery } from './useEndpointQuery';

// The updates the hook hands React as transitions, counted (React itself still renders them).
const transitions = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      transitions.count += 1;
      react.startTransition(scope);
    },
  };
});

interface SentCall {
  path: string;
  query: unknown;
  options: RequestOptions;
  answer(data: unknown): void;
}

let calls: SentCall[];
let committed: string[];
let queries: PageQueries;
let visible: boolean;
let onFocusChange: () => void;

beforeAll(async () => {
  await Endpoints.ticker.schemas();
});
beforeEach(() => {
  calls = [];
  committed = [];
  visible = true;
  onFocusChange = () => undefined;
  const http = {
    get: <T,>(path: string, query?: unknown, options: RequestOptions = {}) =>
      new Promise<T>((resolve) => {
        calls.push({ path, query, options, answer: (data) => resolve(data as T) });
      }),
    post: <T,>() => Promise.reject<T>(new Error('not used')),
  };
  queries = createPageQueries({
    api: async () => http,
    platform: {
      isVisible: () => visible,
      onFocusChange(listener) {
        onFocusChange = listener;
        return () => undefined;
      },
    },
  });
});
afterEach(() => {
  queries.clear();
});
const dom = testRootPerTest();

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Price({ symbol, scope, pollMs }: { symbol: string; scope: QueryScope; pollMs?: number }) {
  const query = useScopedEndpointQuery(
    () => Promise.resolve(queries),
    scope,
    Endpoints.ticker,
    { symbol },
    { quiet: true, ...(pollMs === undefined ? {} : { pollMs }) },
  );
  const shown = query.data ? `${query.data.symbol} ${query.data.last}` : 'none';
  // Every render that reached the page, in order.
  useLayoutEffect(() => {
    committed.push(`${scope.userId}: ${shown}`);
  });
  return (
    <p data-status={query.status} data-fetching={query.fetching}>
      {shown}
    </p>
  );
}

const alice: QueryScope = { userId: 'alice', mode: 'real' };
const text = () => dom.host.querySelector('p')?.textContent;

describe('useEndpointQuery', () => {
  it('renders loading, then the reply read by the reply schema', async () => {
    dom.render(<Price symbol="BTCUSDT" scope={alice} />);
    expect(dom.host.querySelector('p')?.dataset.fetching).toBe('true');
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ query: { symbol: 'BTCUSDT' }, options: { quiet: true } });
    calls[0]?.answer(tickerFixture('BTCUSDT', '65000'));
    await settle();
    expect(text()).toBe('BTCUSDT 65000');
    expect(dom.host.querySelector('p')?.dataset.status).toBe('success');
  });

  it('renders a reply as a transition, in slices a tap can interrupt', async () => {
    dom.render(<Price symbol="BTCUSDT" scope={alice} />);
    await settle();
    const before = transitions.count;
    calls[0]?.answer(tickerFixture('BTCUSDT', '65000'));
    await settle();
    expect(text()).toBe('BTCUSDT 65000');
    expect(transitions.count).toBeGreaterThan(before);
  });

  it('aborts the call in flight on unmount', async () => {
    dom.render(<Price symbol="BTCUSDT" scope={alice} />);
    await settle();
    const signal = calls[0]?.options.signal;
    expect(signal?.aborted).toBe(false);
    dom.render(<p>gone</p>);
    expect(signal?.aborted).toBe(true);
  });

  it('aborts the old call and asks for the new request when the request changes', async () => {
    dom.render(<Price symbol="BTCUSDT" scope={alice} />);
    await settle();
    dom.render(<Price symbol="ETHUSDT" scope={alice} />);
    await settle();
    expect(calls.map((call) => call.query)).toEqual([{ symbol: 'BTCUSDT' }, { symbol: 'ETHUSDT' }]);
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    calls[1]?.answer(tickerFixture('ETHUSDT', '3200'));
    await settle();
    expect(text()).toBe('ETHUSDT 3200');
  });

  it("never renders one user's data for another, not even before the query follows", async () => {
    dom.render(<Price symbol="BTCUSDT" scope={alice} />);
    await settle();
    calls[0]?.answer(tickerFixture('BTCUSDT', '65000'));
    await settle();
    expect(text()).toBe('BTCUSDT 65000');
    dom.render(<Price symbol="BTCUSDT" scope={{ userId: 'bob', mode: 'real' }} />);
    await settle();
    expect(committed.filter((entry) => entry.startsWith('bob'))).toEqual(
      expect.arrayContaining(['bob: none']),
    );
    expect(committed.filter((entry) => entry.startsWith('bob') && entry !== 'bob: none')).toEqual(
      [],
    );
    expect(text()).toBe('none');
    expect(calls).toHaveLength(2);
  });

  it('polls while visible, pauses while hidden and fetches when the page is shown again', async () => {
    vi.useFakeTimers();
    try {
      dom.render(<Price symbol="BTCUSDT" scope={alice} pollMs={1000} />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      calls[0]?.answer(tickerFixture('BTCUSDT', '65000'));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(calls).toHaveLength(2);
      calls[1]?.answer(tickerFixture('BTCUSDT', '65001'));
      visible = false;
      act(() => onFocusChange());
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(calls).toHaveLength(2);
      visible = true;
      act(() => onFocusChange());
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(calls).toHaveLength(3);
      expect(calls[2]?.options.fresh).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
