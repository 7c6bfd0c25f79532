import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useState } from 'react';
import type { CsvColumn } from './csv-export';
import styles from './records.module.css';

export interface ExportButtonProps<Row> {
  /** Every row the list's filters match. */
  readAll(): Promise<{ rows: Row[]; complete: boolean }>;
  columns: readonly CsvColumn<Row>[];
  /** The file's name, without `.csv`. */
  fileName: string;
  disabled?: boolean;
}

type ExportState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; count: number; complete: boolean }
  | { kind: 'failed' };

/**
 * Exports what a record list's filters match as a CSV file: every page read (not only the one
 * shown), then written by papaparse, loaded on the first click only.
 */
export function ExportButton<Row>({
  readAll,
  columns,
  fileName,
  disabled,
}: ExportButtonProps<Row>) {
  const { t } = useShellState();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const [{ rows, complete }, csv] = await Promise.all([readAll(), import('./csv-export')]);
      csv.downloadCsv(`${fileName}.csv`, csv.csvText(columns, rows));
      setState({ kind: 'done', count: rows.length, complete });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  return (
    <>
      <button
        type="button"
        className={styles.button}
        disabled={disabled || state.kind === 'busy'}
        onClick={() => void run()}
        data-testid="export-csv"
      >
        {state.kind === 'busy' ? t('records.export.busy') : t('records.export.label')}
      </button>
      <span role="status" className={styles.note} data-testid="export-status">
        {state.kind === 'done'
          ? t(state.complete ? 'records.export.done' : 'records.export.partial', {
              count: state.count,
            })
          : state.kind === 'failed'
            ? t('records.export.failed')
            : ''}
      </span>
    </>
  );
}
