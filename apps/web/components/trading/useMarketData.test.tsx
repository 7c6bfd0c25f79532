// @vitest-environment jsdom
import { tickerFixture } from '@exchange-web/protocol/fixtures';
import type { MarketStreamEvent } from '@exchange-web/protocol/trading';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketStreamOptions } from './market-stream';
import { useMarketData } from './useMarketData';

// What the hook hands React: each update's way in, counted by whether a transition carried it.
const updates = vi.hoisted(() => ({ inTransition: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      updates.inTransition += 1;
      react.startTransition(scope);
    },
  };
});
// No snapshots: the stream alone feeds the hook here.
vi.mock('@exchange-web/react/query/useEndpointQuery', () => ({
  useEndpointQuery: () => ({ data: undefined, status: 'pending' }),
}));
vi.mock('@exchange-web/react/query/useEndpointActions', () => ({
  useEndpointActions: () => ({ invalidate: () => Promise.resolve() }),
}));
const stream = vi.hoisted(() => ({ options: null as MarketStreamOptions | null }));
vi.mock('./market-stream', () => ({
  openMarketStream: (options: MarketStreamOptions) => {
    stream.options = options;
    return { close: () => undefined };
  },
}));

function Probe({ onTrade }: { onTrade: () => void }) {
  const data = useMarketData('BTCUSDT', '1m', onTrade);
  return <p>{`${data.ticker?.last ?? '-'} ${data.trades.length}`}</p>;
}

describe('useMarketData', () => {
  const dom = testRootPerTest();
  afterEach(() => {
    stream.options = null;
    updates.inTransition = 0;
  });

  it('renders what each stream event changes as a transition, hearing trades at once', async () => {
    const onTrade = vi.fn();
    dom.render(<Probe onTrade={onTrade} />);
    await act(() => vi.waitFor(() => expect(stream.options).not.toBeNull()));
    const emit = (event: MarketStreamEvent) => act(() => stream.options?.onEvent(event));
    const before = updates.inTransition;

    emit({ type: 'ticker', data: tickerFixture('BTCUSDT', '101.5') });
    expect(dom.host.textContent).toBe('101.5 0');
    expect(updates.inTransition).toBe(before + 1);

    emit({
      type: 'trade',
      data: { id: 't1', price: '101.6', size: '0.1', side: 'buy', time: 3 },
    });
    expect(dom.host.textContent).toBe('101.5 1');
    expect(updates.inTransition).toBe(before + 2);
    expect(onTrade).toHaveBeenCalledTimes(1);
  });
});
