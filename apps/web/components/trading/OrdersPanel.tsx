import type { Translate } from '@exchange-web/react/i18n/translator';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import {
  findMarketSymbol,
  type Fill,
  type MarketSymbol,
  type Order,
} from '@exchange-web/protocol/trading';
import { useState, type ReactNode } from 'react';
import { FormMessage } from './FormMessage';
import type { TradingFormats } from './formats';
import { Tabs } from './Tabs';
import { useTradeAction } from './useTradeAction';
import styles from './trading.module.css';

type OrdersTab = 'open' | 'history' | 'fills';

export interface OrdersPanelProps {
  pair: MarketSymbol;
  signedIn: boolean | null;
  openOrders: Order[] | null;
  history: Order[] | null;
  fills: Fill[] | null;
  refresh(): Promise<void>;
  t: Translate;
  formats: TradingFormats;
}

/** The trader's open orders (each with a cancel button), order history and fills of the pair. */
export function OrdersPanel(props: OrdersPanelProps) {
  const { pair, signedIn, t, formats } = props;
  const [tab, setTab] = useState<OrdersTab>('open');
  const action = useTradeAction(props.refresh);
  const tick = (symbol: string) => findMarketSymbol(symbol) ?? pair;
  const sideText = (side: 'buy' | 'sell') =>
    t(side === 'buy' ? 'trading.form.buy' : 'trading.form.sell');
  const sideCell = (side: 'buy' | 'sell') => (
    <td className={side === 'buy' ? styles.up : styles.down}>{sideText(side)}</td>
  );

  const cancel = (order: Order) =>
    void action.call(Endpoints.cancelOrder, { orderId: order.orderId }, () =>
      t('trading.orders.cancelled'),
    );

  const orderTable = (orders: Order[], open: boolean, testId: string, empty: string) => (
    <table className={styles.table} data-testid={testId}>
      <caption className="visually-hidden">
        {t(open ? 'trading.orders.open' : 'trading.orders.history')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('trading.orders.time')}</th>
          <th scope="col">{t('trading.orders.pair')}</th>
          <th scope="col">{t('trading.orders.side')}</th>
          <th scope="col">{t('trading.orders.type')}</th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.price')}
          </th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.size')}
          </th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.filled')}
          </th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.average')}
          </th>
          <th scope="col">{open ? t('trading.orders.actions') : t('trading.orders.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 ? (
          <tr>
            <td colSpan={9} className={styles.empty}>
              {empty}
            </td>
          </tr>
        ) : (
          orders.map((order) => {
            const market = tick(order.symbol);
            return (
              <tr
                key={order.orderId}
                data-order-id={order.orderId}
                data-status={order.status}
                data-side={order.side}
              >
                <td>{formats.dateTime(order.createdAt)}</td>
                <td>{`${market.base}/${market.quote}`}</td>
                {sideCell(order.side)}
                <td>{t(order.type === 'limit' ? 'trading.form.limit' : 'trading.form.market')}</td>
                <td className={styles.num}>
                  {order.price === null
                    ? t('trading.orders.market')
                    : formats.price(order.price, market.priceTick)}
                </td>
                <td className={styles.num}>{formats.size(order.size, market.sizeStep)}</td>
                <td className={styles.num}>{formats.size(order.filledSize, market.sizeStep)}</td>
                <td className={styles.num}>
                  {order.averagePrice === null
                    ? '—'
                    : formats.price(order.averagePrice, market.priceTick)}
                </td>
                <td>
                  {open ? (
                    <button
                      type="button"
                      className={styles.smallButton}
                      disabled={action.busy}
                      aria-label={t('trading.orders.cancelOrder', { id: order.orderId })}
                      onClick={() => cancel(order)}
                    >
                      {t('trading.orders.cancel')}
                    </button>
                  ) : (
                    t(`trading.orders.statuses.${order.status}`)
                  )}
                </td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );

  const fillsTable = (fills: Fill[]) => (
    <table className={styles.table} data-testid="fills">
      <caption className="visually-hidden">{t('trading.orders.fills')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('trading.orders.time')}</th>
          <th scope="col">{t('trading.orders.pair')}</th>
          <th scope="col">{t('trading.orders.side')}</th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.price')}
          </th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.size')}
          </th>
          <th scope="col" className={styles.num}>
            {t('trading.orders.fee')}
          </th>
        </tr>
      </thead>
      <tbody>
        {fills.length === 0 ? (
          <tr>
            <td colSpan={6} className={styles.empty}>
              {t('trading.orders.emptyFills')}
            </td>
          </tr>
        ) : (
          fills.map((fill) => {
            const market = tick(fill.symbol);
            return (
              <tr key={fill.fillId} data-order-id={fill.orderId}>
                <td>{formats.dateTime(fill.time)}</td>
                <td>{`${market.base}/${market.quote}`}</td>
                {sideCell(fill.side)}
                <td className={styles.num}>{formats.price(fill.price, market.priceTick)}</td>
                <td className={styles.num}>{formats.size(fill.size, market.sizeStep)}</td>
                <td className={styles.num}>{`${formats.amount(fill.fee)} ${market.quote}`}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );

  let content: ReactNode;
  if (signedIn === false)
    content = <p className={styles.empty}>{t('trading.orders.loginToSee')}</p>;
  else if (tab === 'open')
    content = props.openOrders
      ? orderTable(props.openOrders, true, 'open-orders', t('trading.orders.emptyOpen'))
      : null;
  else if (tab === 'history')
    content = props.history
      ? orderTable(
          props.history.filter((order) => order.status !== 'open'),
          false,
          'order-history',
          t('trading.orders.emptyHistory'),
        )
      : null;
  else content = props.fills ? fillsTable(props.fills) : null;

  return (
    <section className={`${styles.panel} ${styles.orders}`} aria-label={t('trading.orders.label')}>
      <Tabs<OrdersTab>
        id="orders"
        label={t('trading.orders.label')}
        items={[
          { key: 'open', label: t('trading.orders.open') },
          { key: 'history', label: t('trading.orders.history') },
          { key: 'fills', label: t('trading.orders.fills') },
        ]}
        selected={tab}
        onSelect={setTab}
        panelClassName={styles.tabPanel}
      >
        {content}
        <FormMessage message={action.message} testId="orders-message" />
      </Tabs>
    </section>
  );
}
