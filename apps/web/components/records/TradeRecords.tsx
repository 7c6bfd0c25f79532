import { Endpoints } from '@exchange-web/protocol/endpoints';
import { orderDetailPath } from '@exchange-web/protocol/paths';
import { MARGIN_RECORD_KINDS, type Fill } from '@exchange-web/protocol/trading';
import type { MarginRecord } from '@exchange-web/protocol/trading-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, useState, type ComponentProps } from 'react';
import type { DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { tradingFormats } from '../trading/formats';
import type { CsvColumn } from './csv-export';
import { ExportButton } from './ExportButton';
import { ListFilterBar, type ListFilterField } from './ListFilterBar';
import { NO_FILTERS, type ListFilterValues, type ListQueryField } from './list-filters';
import { pairName, recordColumns } from './record-columns';
import { RecordList, type RecordListProps } from './RecordList';
import { RecordsLayout, type RecordsSection } from './RecordsLayout';
import { useListQuery } from './useListQuery';
import { usePagedList, type PagedList } from './usePagedList';
import styles from './records.module.css';

/** A time in an exported file: ISO 8601 in UTC, which every spreadsheet reads the same. */
const csvTime = (ms: number) => new Date(ms).toISOString();

const fillsOf = (reply: { fills: Fill[] }) => reply.fills;
const recordsOf = (reply: { records: MarginRecord[] }) => reply.records;

/** The filters of a ledger: those its bar shows, the call fields they fill. */
function useLedgerFilters(fields: readonly ListQueryField[]) {
  const [filters, setFilters] = useState<ListFilterValues>(NO_FILTERS);
  return { filters, setFilters, ...useListQuery(filters, fields) };
}

interface LedgerProps<Row> extends Omit<RecordListProps<Row>, 'asked' | 'list'> {
  section: RecordsSection;
  filterBar: Omit<ComponentProps<typeof ListFilterBar>, 'value' | 'onChange' | 'rangeError'> & {
    fields: readonly ListFilterField[];
  };
  filters: ReturnType<typeof useLedgerFilters>;
  list: PagedList<Row>;
  csvColumns: readonly CsvColumn<Row>[];
  fileName: string;
}

/** A ledger page: its filters, the CSV export of what they match, and the paged list. */
function Ledger<Row>({
  section,
  filterBar,
  filters,
  list,
  csvColumns,
  fileName,
  ...table
}: LedgerProps<Row>) {
  const { t } = useShellState();
  const asked = !filters.rangeInvalid;
  return (
    <RecordsLayout
      section={section}
      title={t(`records.sections.${section}`)}
      testId={`${table.testId}-page`}
    >
      <ListFilterBar
        {...filterBar}
        value={filters.filters}
        onChange={filters.setFilters}
        rangeError={asked ? null : t('records.filters.rangeInvalid')}
      />
      <div className={styles.toolbar}>
        <ExportButton
          readAll={list.readAll}
          columns={csvColumns}
          fileName={fileName}
          disabled={filters.query === null}
        />
      </div>
      <RecordList list={list} asked={asked} {...table} />
    </RecordsLayout>
  );
}

/**
 * The spot trade records (SPEC 2 `record/exchange`): every fill of the trader's spot orders with
 * its price, size and fee, filtered by pair, side and days, paged, and exported as CSV.
 */
export function SpotTradeRecords() {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const filters = useLedgerFilters(['symbol', 'side']);
  const list = usePagedList(Endpoints.fills, filters.query, fillsOf);
  const column = recordColumns(t, formats);
  const columns: DataColumn<Fill>[] = [
    column.time((row) => row.time),
    column.pair(),
    column.side(),
    column.price('price', t('trading.orders.price'), (row) => row.price),
    column.amount('size', t('trading.orders.size'), (row) => row.size),
    column.amount('fee', t('trading.orders.fee'), (row) => row.fee, 'USDT'),
    {
      key: 'order',
      title: t('records.detail.orderId'),
      render: (row) => <PageLink href={orderDetailPath(row.orderId)}>{row.orderId}</PageLink>,
    },
  ];
  const csvColumns: CsvColumn<Fill>[] = [
    { header: t('trading.orders.time'), value: (row) => csvTime(row.time) },
    { header: t('trading.orders.pair'), value: (row) => pairName(row.symbol) },
    { header: t('trading.orders.side'), value: (row) => t(`trading.form.${row.side}`) },
    { header: t('trading.orders.price'), value: (row) => row.price },
    { header: t('trading.orders.size'), value: (row) => row.size },
    { header: `${t('trading.orders.fee')} (USDT)`, value: (row) => row.fee },
    { header: t('records.detail.orderId'), value: (row) => row.orderId },
    { header: t('records.detail.fillId'), value: (row) => row.fillId },
  ];
  return (
    <Ledger
      section="spotTrades"
      filterBar={{ fields: ['symbol', 'side', 'days'] }}
      filters={filters}
      list={list}
      csvColumns={csvColumns}
      fileName="spot-trades"
      columns={columns}
      rowKey={(row) => row.fillId}
      rowData={(row) => ({ 'data-order-id': row.orderId })}
      caption={t('records.sections.spotTrades')}
      testId="spot-trades"
    />
  );
}

/**
 * The margin records (SPEC 2 `record/margin`): transfers, borrows, repays, interest charges and
 * liquidations of every margin account, filtered by account, kind and days, paged, and exported
 * as CSV.
 */
export function MarginRecords() {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const filters = useLedgerFilters(['symbol', 'kind']);
  const list = usePagedList(Endpoints.marginRecords, filters.query, recordsOf);
  const column = recordColumns(t, formats);
  const accountName = (row: MarginRecord) =>
    row.symbol === null
      ? t('trading.marginAccount.cross')
      : `${t('trading.marginAccount.isolated')} ${pairName(row.symbol)}`;
  const kindName = (row: MarginRecord) => t(`records.kinds.${row.kind}`);
  const columns: DataColumn<MarginRecord>[] = [
    column.time((row) => row.time),
    { key: 'account', title: t('records.columns.account'), render: accountName },
    { key: 'kind', title: t('records.columns.kind'), render: kindName },
    { key: 'coin', title: t('trading.marginAccount.coin'), render: (row) => row.coin },
    column.amount('amount', t('trading.marginAccount.amount'), (row) => row.amount),
    { key: 'detail', title: t('records.columns.detail'), render: (row) => row.detail ?? '' },
  ];
  const csvColumns: CsvColumn<MarginRecord>[] = [
    { header: t('trading.orders.time'), value: (row) => csvTime(row.time) },
    { header: t('records.columns.account'), value: accountName },
    { header: t('records.columns.kind'), value: kindName },
    { header: t('trading.marginAccount.coin'), value: (row) => row.coin },
    { header: t('trading.marginAccount.amount'), value: (row) => row.amount },
    { header: t('records.columns.detail'), value: (row) => row.detail ?? '' },
    { header: t('records.columns.recordId'), value: (row) => row.recordId },
  ];
  return (
    <Ledger
      section="marginRecords"
      filterBar={{
        fields: ['symbol', 'kind', 'days'],
        symbolLabel: t('records.filters.account'),
        anySymbol: t('records.filters.allAccounts'),
        kinds: MARGIN_RECORD_KINDS.map((kind) => ({
          value: kind,
          label: t(`records.kinds.${kind}`),
        })),
      }}
      filters={filters}
      list={list}
      csvColumns={csvColumns}
      fileName="margin-records"
      columns={columns}
      rowKey={(row) => row.recordId}
      rowData={(row) => ({ 'data-kind': row.kind })}
      caption={t('records.sections.marginRecords')}
      testId="margin-records"
    />
  );
}
