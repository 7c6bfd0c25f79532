import {
  LIST_MAX_OFFSET,
  MARKET_MAX_LIMIT,
  type OrderSide,
  type OrderType,
} from '@exchange-web/protocol/trading';
import type dayjs from 'dayjs';

/** Rows on one page of a record list. */
export const RECORDS_PAGE_SIZE = 20;

/** What the filter bar of a record list holds; '' is "any". */
export interface ListFilterValues {
  symbol: string;
  side: '' | OrderSide;
  type: '' | OrderType;
  kind: string;
  /** Calendar days as a date input gives them (`YYYY-MM-DD`), in the visitor's time zone. */
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: ListFilterValues = {
  symbol: '',
  side: '',
  type: '',
  kind: '',
  fromDay: '',
  toDay: '',
};

/** A list query's time window: epoch ms, both ends inclusive. */
export interface TimeWindow {
  from?: number;
  to?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** dayjs itself, which reads the days: loaded only once a list is filtered by day (useListQuery). */
export type DayReader = typeof dayjs;

/** Whether the filters bound the list by day, and so need dayjs to be read. */
export const filtersByDay = (values: ListFilterValues) =>
  values.fromDay !== '' || values.toDay !== '';

/**
 * The time window of two calendar days in the visitor's zone: from the first one's start to the
 * second one's end. Null when the start day is after the end day (the gateway refuses that
 * window: the page says so instead of asking). A day left empty, or not a real date, bounds
 * nothing.
 * @example
 * dayWindow('2026-11-01', '2026-11-30', dayjs); // { from: <Nov 1 00:00 local>, to: <Nov 30 23:59:59.999 local> }
 */
export function dayWindow(fromDay: string, toDay: string, dayjs: DayReader): TimeWindow | null {
  const day = (text: string) => {
    if (!DAY.test(text)) return undefined;
    const parsed = dayjs(text, 'YYYY-MM-DD');
    return parsed.isValid() && parsed.format('YYYY-MM-DD') === text ? parsed : undefined;
  };
  const from = day(fromDay)?.startOf('day').valueOf();
  const to = day(toDay)?.endOf('day').valueOf();
  if (from !== undefined && to !== undefined && from > to) return null;
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** The page of a list the site asks for: one row more than it shows, to know a next page exists. */
export const pageWindow = (page: number) => ({
  offset: page * RECORDS_PAGE_SIZE,
  limit: RECORDS_PAGE_SIZE + 1,
});

/** The pages an export reads: all the gateway pages through, MARKET_MAX_LIMIT rows at a time. */
export const EXPORT_MAX_ROWS = LIST_MAX_OFFSET + MARKET_MAX_LIMIT;

/**
 * Reads every row of a list in pages of MARKET_MAX_LIMIT, newest first, until a short page or
 * EXPORT_MAX_ROWS; `complete` is false when rows were left past that bound.
 */
export async function readAllPages<Row>(
  readPage: (window: { offset: number; limit: number }) => Promise<Row[]>,
): Promise<{ rows: Row[]; complete: boolean }> {
  const rows: Row[] = [];
  for (let offset = 0; offset <= LIST_MAX_OFFSET; offset += MARKET_MAX_LIMIT) {
    const page = await readPage({ offset, limit: MARKET_MAX_LIMIT });
    rows.push(...page);
    if (page.length < MARKET_MAX_LIMIT) return { rows, complete: true };
  }
  return { rows, complete: false };
}

/** The filters a list's call takes, of those the bar holds. */
export type ListQueryField = 'symbol' | 'side' | 'type' | 'kind';

/**
 * The request fields of a list's filters: each of `fields` that is set, and the day window; null
 * while the window is invalid (the start day after the end day). `dayjs` is needed only when the
 * filters bound the list by day (filtersByDay).
 * @example
 * listQuery({ ...NO_FILTERS, side: 'buy', type: 'limit' }, ['side'], dayjs); // { side: 'buy' }
 */
export function listQuery(
  values: ListFilterValues,
  fields: readonly ListQueryField[],
  dayjs: DayReader | undefined,
): Record<string, string | number> | null {
  if (filtersByDay(values) && !dayjs) throw new Error('listQuery: days are read with dayjs');
  const window = dayjs ? dayWindow(values.fromDay, values.toDay, dayjs) : {};
  if (!window) return null;
  const query: Record<string, string | number> = {};
  for (const field of fields) if (values[field] !== '') query[field] = values[field];
  return { ...query, ...window };
}
