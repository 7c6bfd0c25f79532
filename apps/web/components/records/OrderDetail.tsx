import {
  Endpoints,
  type EndpointReply,
  type EndpointRequest,
} from '@exchange-web/protocol/endpoints';
import { RecordPagePath } from '@exchange-web/protocol/paths';
import type { Fill } from '@exchange-web/protocol/trading';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { isApiError } from '@exchange-web/client/errors';
import { TradeCode } from '@exchange-web/protocol/trading';
import { useMemo, useState, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { FormMessage } from '../trading/FormMessage';
import { tradingFormats } from '../trading/formats';
import { times } from '../trading/trade-math';
import { ACCOUNT_REFRESH_MS } from '../trading/useTradingAccount';
import { useTradeAction } from '../trading/useTradeAction';
import { ListStatus, pairName, priceText } from './OrdersCenter';
import { RecordsLayout } from './RecordsLayout';
import styles from './records.module.css';

/** The figures of an order as a description list. */
function DetailList({ entries }: { entries: readonly [string, ReactNode, string][] }) {
  return (
    <dl className={styles.detail} data-testid="order-detail">
      {entries.map(([label, value, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={`detail-${testId}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Whether a failed read is the gateway saying the order is not this account's. */
const notFound = (error: Error | null) =>
  error !== null && isApiError(error) && error.code === TradeCode.orderNotFound;

/**
 * Reads an order, again every ACCOUNT_REFRESH_MS until `final` says it can no longer change (or
 * the gateway said it is not this account's): an open order fills as the market moves, and a read
 * that failed is tried again.
 */
function useOrderQuery<E extends typeof Endpoints.orderDetail | typeof Endpoints.marginOrderDetail>(
  endpoint: E,
  orderId: string,
  final: (reply: EndpointReply<E>) => boolean,
) {
  const { status } = useSession();
  const [polling, setPolling] = useState(true);
  const query = useEndpointQuery(endpoint, { orderId } as EndpointRequest<E>, {
    enabled: status === 'signedIn',
    quiet: true,
    ...(polling ? { pollMs: ACCOUNT_REFRESH_MS } : {}),
  });
  const settled =
    notFound(query.error) ||
    (query.error === null && query.data !== undefined && final(query.data));
  // Adjusted while rendering (React's pattern for state derived from a result).
  if (polling === settled) setPolling(!settled);
  return query;
}

/**
 * A spot order's detail (SPEC 2 `transac/{orderId}`): its figures, status and every fill, with a
 * cancel button while it is open.
 */
export function OrderDetail({ orderId }: { orderId: string }) {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const detail = useOrderQuery(
    Endpoints.orderDetail,
    orderId,
    (reply) => reply.order.status !== 'open',
  );
  const action = useTradeAction(detail.refetch);
  const order = detail.data?.order;
  const columns: DataColumn<Fill>[] = [
    { key: 'time', title: t('trading.orders.time'), render: (row) => formats.dateTime(row.time) },
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
      key: 'value',
      title: t('records.detail.value'),
      align: 'end',
      render: (row) => `${formats.amount(times(row.price, row.size))} USDT`,
    },
    {
      key: 'fee',
      title: t('trading.orders.fee'),
      align: 'end',
      render: (row) => `${formats.amount(row.fee)} USDT`,
    },
  ];

  return (
    <RecordsLayout section="orders" title={t('records.detail.title')} testId="order-detail-page">
      <p>
        <PageLink href={RecordPagePath.orders}>{t('records.detail.back')}</PageLink>
      </p>
      {notFound(detail.error) ? (
        <p className={styles.error} role="alert" data-testid="order-not-found">
          {t('records.detail.notFound')}
        </p>
      ) : (
        <ListStatus failed={detail.error !== null} />
      )}
      {order ? (
        <>
          <DetailList
            entries={[
              [t('records.detail.orderId'), order.orderId, 'id'],
              [t('trading.orders.pair'), pairName(order.symbol), 'pair'],
              [t('trading.orders.side'), t(`trading.form.${order.side}`), 'side'],
              [t('trading.orders.type'), t(`trading.form.${order.type}`), 'type'],
              [
                t('trading.orders.price'),
                order.price === null
                  ? t('trading.orders.market')
                  : priceText(formats, order.symbol, order.price),
                'price',
              ],
              [t('trading.orders.size'), formats.amount(order.size), 'size'],
              [t('trading.orders.filled'), formats.amount(order.filledSize), 'filled'],
              [
                t('trading.orders.average'),
                order.averagePrice === null
                  ? '—'
                  : priceText(formats, order.symbol, order.averagePrice),
                'average',
              ],
              [t('trading.orders.status'), t(`trading.orders.statuses.${order.status}`), 'status'],
              [t('records.detail.placed'), formats.dateTime(order.createdAt), 'placed'],
              [t('records.detail.updated'), formats.dateTime(order.updatedAt), 'updated'],
            ]}
          />
          {order.status === 'open' ? (
            <div className={styles.toolbar}>
              <button
                type="button"
                className={styles.button}
                disabled={action.busy}
                onClick={() =>
                  void action.call(Endpoints.cancelOrder, { orderId }, () =>
                    t('trading.orders.cancelled'),
                  )
                }
              >
                {t('trading.orders.cancel')}
              </button>
            </div>
          ) : null}
          <FormMessage message={action.message} testId="orders-message" />
          <h2>{t('trading.orders.fills')}</h2>
          <DataTable
            columns={columns}
            rows={detail.data?.fills ?? null}
            rowKey={(row) => row.fillId}
            loadingText={t('records.loading')}
            emptyText={t('trading.orders.emptyFills')}
            caption={t('trading.orders.fills')}
            data-testid="order-fills"
          />
        </>
      ) : null}
    </RecordsLayout>
  );
}

/**
 * A margin order's detail (SPEC 2 `order/marginOrderInfo`): it fills whole at once, so its one
 * fill is the order's price, size and fee; what it borrowed or repaid; a cancel while it rests.
 */
export function MarginOrderDetail({ orderId }: { orderId: string }) {
  const { t, language } = useShellState();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const detail = useOrderQuery(
    Endpoints.marginOrderDetail,
    orderId,
    (reply) => reply.order.status !== 'open',
  );
  const action = useTradeAction(detail.refetch);
  const order = detail.data?.order;
  return (
    <RecordsLayout
      section="orders"
      title={t('records.detail.marginTitle')}
      testId="margin-order-detail-page"
    >
      <p>
        <PageLink href={RecordPagePath.orders}>{t('records.detail.back')}</PageLink>
      </p>
      {notFound(detail.error) ? (
        <p className={styles.error} role="alert" data-testid="order-not-found">
          {t('records.detail.notFound')}
        </p>
      ) : (
        <ListStatus failed={detail.error !== null} />
      )}
      {order ? (
        <DetailList
          entries={[
            [t('records.detail.orderId'), order.orderId, 'id'],
            [t('trading.orders.pair'), pairName(order.symbol), 'pair'],
            [t('trading.marginAccount.mode'), t(`trading.marginAccount.${order.mode}`), 'mode'],
            [t('trading.orders.side'), t(`trading.form.${order.side}`), 'side'],
            [t('trading.orders.type'), t(`trading.form.${order.type}`), 'type'],
            [t('trading.orders.status'), t(`trading.orders.statuses.${order.status}`), 'status'],
            [t('trading.orders.price'), priceText(formats, order.symbol, order.price), 'price'],
            [t('trading.orders.size'), formats.amount(order.size), 'size'],
            [
              t('records.detail.value'),
              `${formats.amount(times(order.price, order.size))} USDT`,
              'value',
            ],
            [t('trading.orders.fee'), `${formats.amount(order.fee)} USDT`, 'fee'],
            [
              t('trading.marginAccount.sideEffect'),
              t(`trading.marginAccount.sideEffects.${order.sideEffect}`),
              'side-effect',
            ],
            [
              t('records.detail.borrowed'),
              order.loanCoin ? `${formats.amount(order.borrowed)} ${order.loanCoin}` : '—',
              'borrowed',
            ],
            [
              t('records.detail.repaid'),
              order.loanCoin ? `${formats.amount(order.repaid)} ${order.loanCoin}` : '—',
              'repaid',
            ],
            [t('records.detail.placed'), formats.dateTime(order.time), 'placed'],
          ]}
        />
      ) : null}
      {order?.status === 'open' ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.button}
            disabled={action.busy}
            onClick={() =>
              void action.call(Endpoints.marginCancelOrder, { orderId }, () =>
                t('trading.orders.cancelled'),
              )
            }
          >
            {t('trading.orders.cancel')}
          </button>
        </div>
      ) : null}
      <FormMessage message={action.message} testId="orders-message" />
    </RecordsLayout>
  );
}
