import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { DataTable, type DataColumn } from '../DataTable';
import { Pager } from './RecordsLayout';
import type { PagedList } from './usePagedList';
import styles from './records.module.css';

/** Says that a list or a record could not be read (what is shown, if anything, is older). */
export function ListStatus({ failed }: { failed: boolean }) {
  const { t } = useShellState();
  return failed ? (
    <p className={styles.error} role="alert">
      {t('records.failed')}
    </p>
  ) : null;
}

export interface RecordListProps<Row> {
  list: PagedList<Row>;
  /** False while the filters are invalid: nothing was asked, nothing is listed. */
  asked: boolean;
  columns: readonly DataColumn<Row>[];
  rowKey(row: Row): string;
  rowData?(row: Row): Record<`data-${string}`, string>;
  caption: string;
  testId: string;
}

/** One page of a record list: its read failure if any, the table, and the pager. */
export function RecordList<Row>({ list, asked, ...table }: RecordListProps<Row>) {
  const { t } = useShellState();
  return (
    <>
      <ListStatus failed={list.failed} />
      <DataTable
        columns={table.columns}
        rows={asked ? list.rows : []}
        rowKey={table.rowKey}
        {...(table.rowData ? { rowData: table.rowData } : {})}
        loadingText={t('records.loading')}
        emptyText={t('records.empty')}
        caption={table.caption}
        data-testid={table.testId}
      />
      <Pager page={list.page} hasMore={list.hasMore} onPage={list.setPage} />
    </>
  );
}
