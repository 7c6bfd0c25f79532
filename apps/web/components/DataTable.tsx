import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

/** One column of a {@link DataTable}. */
export interface DataColumn<Row> {
  key: string;
  /** The column heading (a `th` of the head row). */
  title: ReactNode;
  /** What a row shows in this column. */
  render(row: Row): ReactNode;
  /** `end` for figures, so their digits line up. @default 'start' */
  align?: 'start' | 'end';
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  /** The rows, or null while they load. */
  rows: readonly Row[] | null;
  rowKey(row: Row): string;
  /** Said in place of rows while they load. */
  loadingText: ReactNode;
  /** Said in place of rows when there are none. */
  emptyText: ReactNode;
  /** The table's name for assistive technology (a visually hidden caption). */
  caption?: string;
  /** `data-` attributes of a row, for its tests and styles. */
  rowData?(row: Row): Record<`data-${string}`, string>;
  'data-testid'?: string;
}

/**
 * A plain, server-renderable table of records, themed by the site's colours and scrolled sideways
 * on narrow screens. The account and operator pages list at most a few dozen rows with no sorting
 * or paging, so a native `<table>` serves them without a table library in their first load.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows } = props;
  const alignment = (column: DataColumn<Row>) => (column.align === 'end' ? styles.end : undefined);
  return (
    <div className={styles.scroll}>
      {/* A new table once the rows arrive: the columns take the rows' widths, and the loading
          text gives way to them, which in the same nodes would count as the header cells and the
          text moving (layout shifts); nodes of their own do not. */}
      <table
        key={rows === null ? 'loading' : 'rows'}
        className={styles.table}
        data-testid={props['data-testid']}
        aria-busy={rows === null}
      >
        {props.caption ? <caption className="visually-hidden">{props.caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={alignment(column)}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === null || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.placeholder}>
                {rows === null ? props.loadingText : props.emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={props.rowKey(row)} {...props.rowData?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={alignment(column)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
