import { Endpoints } from '@exchange-web/protocol/endpoints';
import { orderDetailPath } from '@exchange-web/protocol/paths';
import { MARGIN_RECORD_KINDS, type Fill } from '@exchange-web/protocol/trading';
import type { MarginRecord } from '@exchange-web/protocol/trading-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { tradingFormats } from '../trading/formats';
import type { CsvColumn } from './csv-export';
import { ExportButton } from './ExportButton';
import { ListFilterBar } from './ListFilterBar';
import { listQuery, NO_FILTERS, type ListFilterValues } from './list-filters';
import { ListStatus, pairName, priceText } from './OrdersCenter';
import { Pager, RecordsLayout } from './RecordsLayout';
import { usePagedList } from './usePagedList';
import styles from './records.module.css';

/** A time in an exported file: ISO 8601 in UTC, which every spreadsheet reads the same. */
const csvTime = (ms: number) => new Date(ms).toISOString();

const fillsOf = (reply: { fills: Fill[] }) => reply.fills;
const recordsOf = (reply: { records: MarginRecord[] }) => reply.records;

/**
 * The spot trade records (SPEC 2 `record/exchange`): every fill of the trader's spot orders with
 * its price, size and fee, filtered by pair, side and days, paged, and exported as CSV.
 */
export function SpotTradeRecords() {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const [filters, setFilters] = useState<ListFilterValues>(NO_FILTERS);
  const query = listQuery(filters, ['symbol', 'side']);
  const list = usePagedList(Endpoints.fills, query, fillsOf);

  const columns: DataColumn<Fill>[] = [
    { key: 'time', title: t('trading.orders.time'), render: (row) => formats.dateTime(row.time) },
    { key: 'pair', title: t('trading.orders.pair'), render: (row) => pairName(row.symbol) },
    {
      key: 'side',
      title: t('trading.orders.side'),
      render: (row) => (
        <span className={row.side === 'buy' ? styles.up : styles.down}>
          {t(`trading.form.${row.side}`)}
        </span>
      ),
    },
    {
      key: 'price',
      title: t('trading.orders.price'),
      align: 'end',
      render: (row) => priceText(formats, row.symbol, row.price),
    },
    {
      key: 'size',
      title: t('trading.orders.size'),
      align: 'end',
      render: (row) => formats.amount(row.size),
    },
    {
      key: 'fee',
      title: t('trading.orders.fee'),
      align: 'end',
      render: (row) => `${formats.amount(row.fee)} USDT`,
    },
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
    <RecordsLayout
      section="spotTrades"
      title={t('records.sections.spotTrades')}
      testId="spot-trades-page"
    >
      <ListFilterBar
        fields={['symbol', 'side', 'days']}
        value={filters}
        onChange={setFilters}
        rangeError={query === null ? t('records.filters.rangeInvalid') : null}
      />
      <div className={styles.toolbar}>
        <ExportButton
          readAll={list.readAll}
          columns={csvColumns}
          fileName="spot-trades"
          disabled={query === null}
        />
      </div>
      <ListStatus failed={list.failed} />
      <DataTable
        columns={columns}
        rows={query === null ? [] : list.rows}
        rowKey={(row) => row.fillId}
        rowData={(row) => ({ 'data-order-id': row.orderId })}
        loadingText={t('records.loading')}
        emptyText={t('records.empty')}
        caption={t('records.sections.spotTrades')}
        data-testid="spot-trades"
      />
      <Pager page={list.page} hasMore={list.hasMore} onPage={list.setPage} />
    </RecordsLayout>
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
  const [filters, setFilters] = useState<ListFilterValues>(NO_FILTERS);
  const query = listQuery(filters, ['symbol', 'kind']);
  const list = usePagedList(Endpoints.marginRecords, query, recordsOf);
  const accountName = (row: MarginRecord) =>
    row.symbol === null
      ? t('trading.marginAccount.cross')
      : `${t('trading.marginAccount.isolated')} ${pairName(row.symbol)}`;
  const kindName = (row: MarginRecord) => t(`records.kinds.${row.kind}`);

  const columns: DataColumn<MarginRecord>[] = [
    { key: 'time', title: t('trading.orders.time'), render: (row) => formats.dateTime(row.time) },
    { key: 'account', title: t('records.columns.account'), render: accountName },
    { key: 'kind', title: t('records.columns.kind'), render: kindName },
    { key: 'coin', title: t('trading.marginAccount.coin'), render: (row) => row.coin },
    {
      key: 'amount',
      title: t('trading.marginAccount.amount'),
      align: 'end',
      render: (row) => formats.amount(row.amount),
    },
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
    <RecordsLayout
      section="marginRecords"
      title={t('records.sections.marginRecords')}
      testId="margin-records-page"
    >
      <ListFilterBar
        fields={['symbol', 'kind', 'days']}
        value={filters}
        onChange={setFilters}
        symbolLabel={t('records.filters.account')}
        anySymbol={t('records.filters.allAccounts')}
        kinds={MARGIN_RECORD_KINDS.map((kind) => ({
          value: kind,
          label: t(`records.kinds.${kind}`),
        }))}
        rangeError={query === null ? t('records.filters.rangeInvalid') : null}
      />
      <div className={styles.toolbar}>
        <ExportButton
          readAll={list.readAll}
          columns={csvColumns}
          fileName="margin-records"
          disabled={query === null}
        />
      </div>
      <ListStatus failed={list.failed} />
      <DataTable
        columns={columns}
        rows={query === null ? [] : list.rows}
        rowKey={(row) => row.recordId}
        rowData={(row) => ({ 'data-kind': row.kind })}
        loadingText={t('records.loading')}
        emptyText={t('records.empty')}
        caption={t('records.sections.marginRecords')}
        data-testid="margin-records"
      />
      <Pager page={list.page} hasMore={list.hasMore} onPage={list.setPage} />
    </RecordsLayout>
  );
}
