// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './DataTable';

interface Row {
  id: string;
  amount: number;
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const columns: DataColumn<Row>[] = [
  { key: 'id', title: 'Id', render: (row) => row.id },
  { key: 'amount', title: 'Amount', align: 'end', render: (row) => row.amount.toFixed(2) },
];

/** The table of `rows` (null: loading), as every test here shows it. */
const recordsTable = (rows: readonly Row[] | null) => (
  <DataTable<Row>
    data-testid="records"
    caption="Records"
    columns={columns}
    rows={rows}
    rowKey={(row) => row.id}
    loadingText="Loading…"
    emptyText="Nothing yet."
  />
);

const render = (rows: readonly Row[] | null) => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(recordsTable(rows));
  const table = host.querySelector('table');
  if (!table) throw new Error('no table rendered');
  return table;
};

describe('DataTable', () => {
  it('renders a captioned table with a head row of column headings', () => {
    const table = render([]);
    expect(table.dataset.testid).toBe('records');
    expect(table.querySelector('caption')?.textContent).toBe('Records');
    const headings = [...table.querySelectorAll('thead th')];
    expect(headings.map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Id', 'col'],
      ['Amount', 'col'],
    ]);
  });

  it('says it is loading, across every column, while the rows are null', () => {
    const table = render(null);
    expect(table.getAttribute('aria-busy')).toBe('true');
    const cell = table.querySelector('tbody td');
    expect(cell?.textContent).toBe('Loading…');
    expect(cell?.getAttribute('colspan')).toBe('2');
  });

  it('says there is nothing when the rows are empty', () => {
    const table = render([]);
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(table.querySelector('tbody td')?.textContent).toBe('Nothing yet.');
  });

  it('renders a row per record, each cell by its column, in order', () => {
    const table = render([
      { id: 'a', amount: 1 },
      { id: 'b', amount: 2.5 },
    ]);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['a', '1.00'],
      ['b', '2.50'],
    ]);
    const amountHeading = table.querySelectorAll('thead th')[1];
    const amountCell = table.querySelectorAll('tbody td')[1];
    expect(amountHeading?.className).toBe(amountCell?.className);
    expect(amountCell?.className).not.toBe('');
  });

  it('is a new table once its rows arrive, and the same one as they change', () => {
    // Layout shifts count nodes that move: a new table's columns may take the rows' widths.
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    const root = createRoot(host);
    const show = (rows: readonly Row[] | null) => act(() => root.render(recordsTable(rows)));
    show(null);
    const loading = host.querySelector('table');
    show([{ id: 'a', amount: 1 }]);
    const loaded = host.querySelector('table');
    expect(loaded).not.toBe(loading);
    expect(loaded?.querySelector('tbody td')?.textContent).toBe('a');
    show([]);
    expect(host.querySelector('table')).toBe(loaded);
    act(() => root.unmount());
  });
});
