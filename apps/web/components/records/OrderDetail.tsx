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
import { pairName, priceText, recordColumns } from './record-columns';
import { ListStatus } from './RecordList';
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

/** The frame of an order's page: its title, the way back, and why it is missing if it is. */
function DetailFrame({
  title,
  testId,
  error,
  children,
}: {
  title: string;
  testId: string;
  error: Error | null;
  children: ReactNode;
}) {
  const { t } = useShellState();
  return (
    <RecordsLayout section="orders" title={title} testId={testId}>
      <p>
        <PageLink href={RecordPagePath.orders}>{t('records.detail.back')}</PageLink>
      </p>
      {notFound(error) ? (
        <p className={styles.error} role="alert" data-testid="order-not-found">
          {t('records.detail.notFound')}
        </p>
      ) : (
        <ListStatus failed={error !== null} />
      )}
      {children}
    </RecordsLayout>
  );
}

/** An open order's cancel button, and the outcome of the cancel. */
function CancelOrder({
  open,
  action,
  cancel,
}: {
  open: boolean;
  action: ReturnType<typeof useTradeAction>;
  cancel(): Promise<boolean>;
}) {
  const { t } = useShellState();
  return (
    <>
      {open ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.button}
            disabled={action.busy}
            onClick={() => void cancel()}
          >
            {t('trading.orders.cancel')}
          </button>
        </div>
      ) : null}
      <FormMessage message={action.message} testId="orders-message" />
    </>
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
  const column = recordColumns(t, formats);
  const columns: DataColumn<Fill>[] = [
    column.time((row) => row.time),
    column.price('price', t('trading.orders.price'), (row) => row.price),
    column.amount('size', t('trading.orders.size'), (row) => row.size),
    column.amount('value', t('records.detail.value'), (row) => times(row.price, row.size), 'USDT'),
    column.amount('fee', t('trading.orders.fee'), (row) => row.fee, 'USDT'),
  ];

  return (
    <DetailFrame title={t('records.detail.title')} testId="order-detail-page" error={detail.error}>
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
          <CancelOrder
            open={order.status === 'open'}
            action={action}
            cancel={() =>
              action.call(Endpoints.cancelOrder, { orderId }, () => t('trading.orders.cancelled'))
            }
          />
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
    </DetailFrame>
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
    <DetailFrame
      title={t('records.detail.marginTitle')}
      testId="margin-order-detail-page"
      error={detail.error}
    >
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
      <CancelOrder
        open={order?.status === 'open'}
        action={action}
        cancel={() =>
          action.call(Endpoints.marginCancelOrder, { orderId }, () => t('trading.orders.cancelled'))
        }
      />
    </DetailFrame>
  );
}
