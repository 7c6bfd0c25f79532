// @vitest-environment jsdom
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NO_FILTERS, type ListFilterValues } from './list-filters';
import { useListQuery, type ListQuery } from './useListQuery';

// Counts loads of dayjs (its module made), as the hook's import makes it. The first test runs
// first: nothing of the file has loaded dayjs before it.
const dayjsLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('dayjs', async (original) => {
  dayjsLoads.count += 1;
  return original();
});

const dom = testRootPerTest();

/** Renders the hook for `values` and returns what it last gave. */
function Probe({ values, seen }: { values: ListFilterValues; seen: ListQuery[] }) {
  seen.push(useListQuery(values, ['side']));
  return null;
}

describe('useListQuery', () => {
  it('asks at once and loads no dayjs while the list is not filtered by day', () => {
    const seen: ListQuery[] = [];
    dom.render(<Probe values={{ ...NO_FILTERS, side: 'buy' }} seen={seen} />);
    expect(seen.at(-1)).toEqual({ query: { side: 'buy' }, rangeInvalid: false });
    expect(dayjsLoads.count).toBe(0);
  });

  it('loads dayjs once a day is set, asking nothing and judging nothing until it has', async () => {
    const seen: ListQuery[] = [];
    const days = { ...NO_FILTERS, fromDay: '2026-11-06', toDay: '2026-11-05' };
    dom.render(<Probe values={days} seen={seen} />);
    // The days are in the wrong order, but not yet read: no error shows while dayjs loads.
    expect(seen[0]).toEqual({ query: null, rangeInvalid: false });
    // The hook's import asked first, so it has its answer once this one has.
    await act(async () => {
      await import('dayjs');
    });
    expect(seen.at(-1)).toEqual({ query: null, rangeInvalid: true });

    // A right order reads at once now: dayjs stays loaded for the page's life.
    const before = seen.length;
    dom.render(<Probe values={{ ...days, fromDay: '2026-11-01', side: 'sell' }} seen={seen} />);
    expect(seen[before]).toEqual({
      query: {
        side: 'sell',
        from: new Date(2026, 10, 1).getTime(),
        to: new Date(2026, 10, 5, 23, 59, 59, 999).getTime(),
      },
      rangeInvalid: false,
    });
  });
});
