import { LIST_MAX_OFFSET, MARKET_MAX_LIMIT } from '@exchange-web/protocol/trading';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  dayWindow,
  EXPORT_MAX_ROWS,
  listQuery,
  NO_FILTERS,
  pageWindow,
  RECORDS_PAGE_SIZE,
  readAllPages,
} from './list-filters';

describe('dayWindow', () => {
  it("spans from the first day's start to the last day's end, in the visitor's zone", () => {
    expect(dayWindow('2026-11-01', '2026-11-30', dayjs)).toEqual({
      from: new Date(2026, 10, 1, 0, 0, 0, 0).getTime(),
      to: new Date(2026, 10, 30, 23, 59, 59, 999).getTime(),
    });
    expect(dayWindow('2026-11-05', '2026-11-05', dayjs)).toEqual({
      from: new Date(2026, 10, 5).getTime(),
      to: new Date(2026, 10, 5, 23, 59, 59, 999).getTime(),
    });
  });

  it('bounds one side only when one day is given, nothing when none is', () => {
    expect(dayWindow('2026-11-05', '', dayjs)).toEqual({ from: new Date(2026, 10, 5).getTime() });
    expect(dayWindow('', '2026-11-05', dayjs)).toEqual({
      to: new Date(2026, 10, 5, 23, 59, 59, 999).getTime(),
    });
    expect(dayWindow('', '', dayjs)).toEqual({});
  });

  it('is null when the start day is after the end day', () => {
    expect(dayWindow('2026-11-06', '2026-11-05', dayjs)).toBeNull();
  });

  it('ignores what is not a real calendar day', () => {
    for (const text of ['2026-02-30', '2026-13-01', '26-11-05', 'yesterday', '2026-11-5'])
      expect(dayWindow(text, text, dayjs), text).toEqual({});
  });
});

describe('listQuery', () => {
  it('sends only the fields the list takes that are set, and the window', () => {
    const values = { ...NO_FILTERS, symbol: 'BTCUSDT', side: 'buy', type: 'limit' } as const;
    // Without days, no dayjs: a list not filtered by day loads none.
    expect(listQuery(values, ['symbol', 'side'], undefined)).toEqual({
      symbol: 'BTCUSDT',
      side: 'buy',
    });
    expect(listQuery(values, ['symbol', 'side', 'type'], undefined)).toEqual({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
    });
    expect(
      listQuery({ ...NO_FILTERS, kind: 'borrow', fromDay: '2026-11-05' }, ['kind'], dayjs),
    ).toEqual({ kind: 'borrow', from: new Date(2026, 10, 5).getTime() });
    expect(listQuery(NO_FILTERS, ['symbol', 'side', 'type', 'kind'], undefined)).toEqual({});
  });

  it('is null while the days are in the wrong order, so nothing is asked', () => {
    expect(
      listQuery({ ...NO_FILTERS, fromDay: '2026-11-06', toDay: '2026-11-05' }, [], dayjs),
    ).toBeNull();
  });

  it('refuses to read days without dayjs rather than drop them from the query', () => {
    expect(() => listQuery({ ...NO_FILTERS, toDay: '2026-11-05' }, [], undefined)).toThrow(
      'listQuery: days are read with dayjs',
    );
  });
});

describe('pages', () => {
  it('asks for one row more than a page shows, at the page offset', () => {
    expect(pageWindow(0)).toEqual({ offset: 0, limit: RECORDS_PAGE_SIZE + 1 });
    expect(pageWindow(3)).toEqual({ offset: 3 * RECORDS_PAGE_SIZE, limit: RECORDS_PAGE_SIZE + 1 });
  });

  it('reads every page of an export until a short one', async () => {
    const total = MARKET_MAX_LIMIT * 2 + 7;
    const asked: number[] = [];
    const { rows, complete } = await readAllPages(async ({ offset, limit }) => {
      asked.push(offset);
      return Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, i) => offset + i,
      );
    });
    expect(asked).toEqual([0, MARKET_MAX_LIMIT, MARKET_MAX_LIMIT * 2]);
    expect(rows).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(complete).toBe(true);
  });

  it('stops at the deepest page the gateway serves and says the export is partial', async () => {
    let calls = 0;
    const { rows, complete } = await readAllPages(async ({ limit }) => {
      calls += 1;
      return Array.from({ length: limit }, () => 0);
    });
    expect(calls).toBe(LIST_MAX_OFFSET / MARKET_MAX_LIMIT + 1);
    expect(rows).toHaveLength(EXPORT_MAX_ROWS);
    expect(complete).toBe(false);
  });

  it('passes a failed page on, so the export says it failed', async () => {
    await expect(
      readAllPages(async ({ offset }) => {
        if (offset > 0) throw new Error('offline');
        return Array.from({ length: MARKET_MAX_LIMIT }, () => 1);
      }),
    ).rejects.toThrow('offline');
  });
});
