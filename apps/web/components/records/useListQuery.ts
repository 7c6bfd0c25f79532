import { useEffect, useState } from 'react';
import {
  filtersByDay,
  listQuery,
  type DayReader,
  type ListFilterValues,
  type ListQueryField,
} from './list-filters';

/** What a list asks for under its filters. */
export interface ListQuery {
  /** The request fields (listQuery); null while nothing is to be asked. */
  query: Record<string, string | number> | null;
  /** The start day is after the end day: the page says so, and asks nothing. */
  rangeInvalid: boolean;
}

// Once loaded, every list of the page life reads its days at once.
let loadedDayjs: DayReader | undefined;

/**
 * The request fields of a list's filters, with dayjs loaded when the list is first filtered by
 * day: most visits never are, and dayjs was 3 KB of every records page's JavaScript (issue 18).
 * Until it has loaded, nothing is asked and nothing is judged invalid: the list shows it loads.
 */
export function useListQuery(
  values: ListFilterValues,
  fields: readonly ListQueryField[],
): ListQuery {
  const byDay = filtersByDay(values);
  const [dayjs, setDayjs] = useState(() => loadedDayjs);
  useEffect(() => {
    if (!byDay || dayjs) return undefined;
    let current = true;
    import('dayjs').then(
      ({ default: loaded }) => {
        loadedDayjs = loaded;
        if (current) setDayjs(() => loaded);
      },
      // The days stay unread and the list unasked until the next change of day.
      (error: unknown) => console.warn('Could not load the day filter:', error),
    );
    return () => {
      current = false;
    };
    // A change of day tries again after a failed load.
  }, [byDay, dayjs, values.fromDay, values.toDay]);
  if (byDay && !dayjs) return { query: null, rangeInvalid: false };
  const query = listQuery(values, fields, dayjs);
  return { query, rangeInvalid: query === null };
}
