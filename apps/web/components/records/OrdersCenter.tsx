import { Endpoints } from '@exchange-web/protocol/endpoints';
import { marginOrderDetailPath, orderDetailPath } from '@exchange-web/protocol/paths';
import type { Order } from '@exchange-web/protocol/trading';
import type { MarginOrder } from '@exchange-web/protocol/trading-schemas';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, useState } from 'react';
import type { DataColumn } from '../DataTable';
import { FormMessage } from '../trading/FormMessage';
import { tradingFormats, type TradingFormats } from '../trading/formats';
import { Tabs } from '../trading/Tabs';
import { ACCOUNT_REFRESH_MS } from '../trading/useTradingAccount';
import { useTradeAction } from '../trading/useTradeAction';
import { ListFilterBar, type ListFilterField } from './ListFilterBar';
import { NO_FILTERS, type ListFilterValues, type ListQueryField } from './list-filters';
import { useListQuery } from './useListQuery';
import { pairName, recordColumns } from './record-columns';
import { RecordList } from './RecordList';
import { RecordsLayout } from './RecordsLayout';
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
  const { query, rangeInvalid } = useListQuery(filters, TAB_QUERY[tab]);
  return (
    <RecordsLayout section="orders" title={t('records.orders.title')} testId="orders-page">
      <ListFilterBar
        fields={TAB_FILTERS[tab]}
        value={filters}
        onChange={setFilters}
        rangeError={rangeInvalid ? t('records.filters.rangeInvalid') : null}
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
          <MarginOrderList query={query} asked={!rangeInvalid} formats={formats} />
        ) : (
          <SpotOrderList
            key={tab}
            which={tab}
            query={query}
            asked={!rangeInvalid}
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
  /** False while the filters are invalid: nothing is listed. */
  asked: boolean;
  formats: TradingFormats;
}

const orderRowData = (row: { orderId: string; status: string }) => ({
  'data-order-id': row.orderId,
  'data-status': row.status,
});

function SpotOrderList({
  which,
  query,
  asked,
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
  const column = recordColumns(t, formats);
  const columns: DataColumn<Order>[] = [
    column.time((row) => row.createdAt),
    column.pair(),
    column.side(),
    column.type(),
    column.price(
      'price',
      t('trading.orders.price'),
      (row) => row.price,
      t('trading.orders.market'),
    ),
    column.amount('size', t('trading.orders.size'), (row) => row.size),
    column.amount('filled', t('trading.orders.filled'), (row) => row.filledSize),
    column.price('average', t('trading.orders.average'), (row) => row.averagePrice),
    column.cancelOrStatus(
      open ? t('trading.orders.actions') : t('trading.orders.status'),
      action.busy,
      cancel,
    ),
    column.detail(orderDetailPath),
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
      <RecordList
        list={list}
        asked={asked}
        columns={columns}
        rowKey={(row) => row.orderId}
        rowData={orderRowData}
        caption={t(open ? 'records.orders.open' : 'records.orders.history')}
        testId={open ? 'open-orders' : 'order-history'}
      />
      <FormMessage message={action.message} testId="orders-message" />
    </>
  );
}

function MarginOrderList({ query, asked, formats }: ListProps) {
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
  const column = recordColumns(t, formats);
  const columns: DataColumn<MarginOrder>[] = [
    column.time((row) => row.time),
    column.pair(),
    {
      key: 'mode',
      title: t('trading.marginAccount.mode'),
      render: (row) => t(`trading.marginAccount.${row.mode}`),
    },
    column.type(),
    column.side(),
    column.price('price', t('trading.orders.price'), (row) => row.price),
    column.amount('size', t('trading.orders.size'), (row) => row.size),
    column.amount('fee', t('trading.orders.fee'), (row) => row.fee, 'USDT'),
    {
      key: 'loan',
      title: t('trading.marginAccount.sideEffect'),
      render: (row) => t(`trading.marginAccount.sideEffects.${row.sideEffect}`),
    },
    column.cancelOrStatus(t('trading.orders.status'), action.busy, cancel),
    column.detail(marginOrderDetailPath),
  ];
  return (
    <>
      <RecordList
        list={list}
        asked={asked}
        columns={columns}
        rowKey={(row) => row.orderId}
        rowData={orderRowData}
        caption={t('records.orders.margin')}
        testId="margin-orders"
      />
      <FormMessage message={action.message} testId="orders-message" />
    </>
  );
}
