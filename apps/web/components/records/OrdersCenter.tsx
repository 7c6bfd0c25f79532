import { Endpoints } from '@exchange-web/protocol/endpoints';
import { marginOrderDetailPath, orderDetailPath } from '@exchange-web/protocol/paths';
import { findMarketSymbol, type MarketSymbol, type Order } from '@exchange-web/protocol/trading';
import type { MarginOrder } from '@exchange-web/protocol/trading-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { FormMessage } from '../trading/FormMessage';
import { tradingFormats, type TradingFormats } from '../trading/formats';
import { Tabs } from '../trading/Tabs';
import { ACCOUNT_REFRESH_MS } from '../trading/useTradingAccount';
import { useTradeAction } from '../trading/useTradeAction';
import { ListFilterBar, type ListFilterField } from './ListFilterBar';
import { listQuery, NO_FILTERS, type ListFilterValues, type ListQueryField } from './list-filters';
import { Pager, RecordsLayout } from './RecordsLayout';
import { RECORDS_REFRESH_MS, usePagedList } from './usePagedList';
import styles from './records.module.css';

type OrdersTab = 'open' | 'history' | 'margin';

const TAB_FILTERS: Record<OrdersTab, readonly ListFilterField[]> = {
  open: ['symbol', 'side', 'type', 'days'],
  history: ['symbol', 'side', 'type', 'days'],
  margin: ['symbol', 'side', 'type', 'days'],
};
const TAB_QUERY: Record<OrdersTab, readonly ListQueryField[]> = {
  open: ['symbol', 'side', 'type'],
  history: ['symbol', 'side', 'type'],
  margin: ['symbol', 'side', 'type'],
};

/** The pair of a row (the market's own, or its symbol spelled as is when no longer quoted). */
export const pairName = (symbol: string) => {
  const pair = findMarketSymbol(symbol);
  return pair ? `${pair.base}/${pair.quote}` : symbol;
};
/** A price to its pair's tick (as entered, when the pair is no longer quoted). */
export const priceText = (formats: TradingFormats, symbol: string, price: string) => {
  const pair: MarketSymbol | undefined = findMarketSymbol(symbol);
  return pair ? formats.price(price, pair.priceTick) : formats.amount(price);
};

/**
 * The orders page (SPEC 2 `transac`): the trader's open spot orders (cancel one or all), their
 * order history and their margin orders, filtered by pair, side, type and days, paged, each
 * linking to its detail.
 */
export function OrdersCenter() {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const [tab, setTab] = useState<OrdersTab>('open');
  const [filters, setFilters] = useState<ListFilterValues>(NO_FILTERS);
  const query = listQuery(filters, TAB_QUERY[tab]);
  return (
    <RecordsLayout section="orders" title={t('records.orders.title')} testId="orders-page">
      <ListFilterBar
        fields={TAB_FILTERS[tab]}
        value={filters}
        onChange={setFilters}
        rangeError={query === null ? t('records.filters.rangeInvalid') : null}
      />
      <Tabs<OrdersTab>
        id="orders-center"
        label={t('records.orders.title')}
        items={[
          { key: 'open', label: t('records.orders.open') },
          { key: 'history', label: t('records.orders.history') },
          { key: 'margin', label: t('records.orders.margin') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'margin' ? (
          <MarginOrderList query={query} formats={formats} />
        ) : (
          <SpotOrderList
            key={tab}
            which={tab}
            query={query}
            symbol={filters.symbol}
            formats={formats}
          />
        )}
      </Tabs>
    </RecordsLayout>
  );
}

interface ListProps {
  query: Record<string, string | number> | null;
  formats: TradingFormats;
}

function SpotOrderList({
  which,
  query,
  symbol,
  formats,
}: ListProps & { which: 'open' | 'history'; symbol: string }) {
  const { t } = useShellState();
  const open = which === 'open';
  const list = usePagedList(
    open ? Endpoints.openOrders : Endpoints.orderHistory,
    query,
    (reply) => reply.orders,
    // Open orders fill as the market moves: read again as the trading page does.
    { pollMs: open ? ACCOUNT_REFRESH_MS : RECORDS_REFRESH_MS },
  );
  const action = useTradeAction(list.refetch);
  const cancel = (order: Order) =>
    void action.call(Endpoints.cancelOrder, { orderId: order.orderId }, () =>
      t('trading.orders.cancelled'),
    );
  const cancelAll = () =>
    void action.call(Endpoints.cancelAllOrders, symbol ? { symbol } : {}, (reply) =>
      t('records.orders.cancelledAll', { count: reply.orders.length }),
    );

  const columns: DataColumn<Order>[] = [
    {
      key: 'time',
      title: t('trading.orders.time'),
      render: (row) => formats.dateTime(row.createdAt),
    },
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
      key: 'type',
      title: t('trading.orders.type'),
      render: (row) => t(`trading.form.${row.type}`),
    },
    {
      key: 'price',
      title: t('trading.orders.price'),
      align: 'end',
      render: (row) =>
        row.price === null ? t('trading.orders.market') : priceText(formats, row.symbol, row.price),
    },
    {
      key: 'size',
      title: t('trading.orders.size'),
      align: 'end',
      render: (row) => formats.amount(row.size),
    },
    {
      key: 'filled',
      title: t('trading.orders.filled'),
      align: 'end',
      render: (row) => formats.amount(row.filledSize),
    },
    {
      key: 'average',
      title: t('trading.orders.average'),
      align: 'end',
      render: (row) =>
        row.averagePrice === null ? '—' : priceText(formats, row.symbol, row.averagePrice),
    },
    {
      key: 'status',
      title: open ? t('trading.orders.actions') : t('trading.orders.status'),
      render: (row) =>
        open ? (
          <button
            type="button"
            className={styles.button}
            disabled={action.busy}
            aria-label={t('trading.orders.cancelOrder', { id: row.orderId })}
            onClick={() => cancel(row)}
          >
            {t('trading.orders.cancel')}
          </button>
        ) : (
          t(`trading.orders.statuses.${row.status}`)
        ),
    },
    {
      key: 'detail',
      title: t('records.detail.label'),
      render: (row) => (
        <PageLink
          href={orderDetailPath(row.orderId)}
          aria-label={t('records.detail.of', { id: row.orderId })}
        >
          {t('records.detail.label')}
        </PageLink>
      ),
    },
  ];

  return (
    <>
      {open ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.button}
            disabled={action.busy || !list.rows?.length}
            onClick={cancelAll}
            data-testid="cancel-all"
          >
            {symbol
              ? t('records.orders.cancelAllOf', { pair: pairName(symbol) })
              : t('records.orders.cancelAll')}
          </button>
        </div>
      ) : null}
      <ListStatus failed={list.failed} />
      <DataTable
        columns={columns}
        rows={query === null ? [] : list.rows}
        rowKey={(row) => row.orderId}
        rowData={(row) => ({ 'data-order-id': row.orderId, 'data-status': row.status })}
        loadingText={t('records.loading')}
        emptyText={t('records.empty')}
        caption={t(open ? 'records.orders.open' : 'records.orders.history')}
        data-testid={open ? 'open-orders' : 'order-history'}
      />
      <Pager page={list.page} hasMore={list.hasMore} onPage={list.setPage} />
      <FormMessage message={action.message} testId="orders-message" />
    </>
  );
}

function MarginOrderList({ query, formats }: ListProps) {
  const { t } = useShellState();
  const list = usePagedList(Endpoints.marginOrders, query, (reply) => reply.orders, {
    // A resting limit order fills as the market moves: read again as the open orders are.
    pollMs: ACCOUNT_REFRESH_MS,
  });
  const action = useTradeAction(list.refetch);
  const cancel = (order: MarginOrder) =>
    void action.call(Endpoints.marginCancelOrder, { orderId: order.orderId }, () =>
      t('trading.orders.cancelled'),
    );
  const columns: DataColumn<MarginOrder>[] = [
    { key: 'time', title: t('trading.orders.time'), render: (row) => formats.dateTime(row.time) },
    { key: 'pair', title: t('trading.orders.pair'), render: (row) => pairName(row.symbol) },
    {
      key: 'mode',
      title: t('trading.marginAccount.mode'),
      render: (row) => t(`trading.marginAccount.${row.mode}`),
    },
    {
      key: 'type',
      title: t('trading.orders.type'),
      render: (row) => t(`trading.form.${row.type}`),
    },
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
      key: 'loan',
      title: t('trading.marginAccount.sideEffect'),
      render: (row) => t(`trading.marginAccount.sideEffects.${row.sideEffect}`),
    },
    {
      key: 'status',
      title: t('trading.orders.status'),
      render: (row) =>
        row.status === 'open' ? (
          <button
            type="button"
            className={styles.button}
            disabled={action.busy}
            aria-label={t('trading.orders.cancelOrder', { id: row.orderId })}
            onClick={() => cancel(row)}
          >
            {t('trading.orders.cancel')}
          </button>
        ) : (
          t(`trading.orders.statuses.${row.status}`)
        ),
    },
    {
      key: 'detail',
      title: t('records.detail.label'),
      render: (row) => (
        <PageLink
          href={marginOrderDetailPath(row.orderId)}
          aria-label={t('records.detail.of', { id: row.orderId })}
        >
          {t('records.detail.label')}
        </PageLink>
      ),
    },
  ];
  return (
    <>
      <ListStatus failed={list.failed} />
      <DataTable
        columns={columns}
        rows={query === null ? [] : list.rows}
        rowKey={(row) => row.orderId}
        rowData={(row) => ({ 'data-order-id': row.orderId, 'data-status': row.status })}
        loadingText={t('records.loading')}
        emptyText={t('records.empty')}
        caption={t('records.orders.margin')}
        data-testid="margin-orders"
      />
      <Pager page={list.page} hasMore={list.hasMore} onPage={list.setPage} />
      <FormMessage message={action.message} testId="orders-message" />
    </>
  );
}

/** Says that the list could not be read (what is shown, if anything, is older). */
export function ListStatus({ failed }: { failed: boolean }) {
  const { t } = useShellState();
  return failed ? (
    <p className={styles.error} role="alert">
      {t('records.failed')}
    </p>
  ) : null;
}
