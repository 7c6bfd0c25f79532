import {
  findMarketSymbol,
  type MarketSymbol,
  type OrderSide,
  type OrderType,
} from '@exchange-web/protocol/trading';
import type { Translate } from '@exchange-web/react/i18n/translator';
import type { DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import type { TradingFormats } from '../trading/formats';
import styles from './records.module.css';

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

type OrderStatus = 'open' | 'filled' | 'cancelled';

/**
 * The columns the order and record tables share, each built for the row type it reads: time,
 * pair, side, type, a price or an amount, an order's cancel button or status, its detail link.
 */
export function recordColumns(t: Translate, formats: TradingFormats) {
  return {
    time: <Row,>(at: (row: Row) => number): DataColumn<Row> => ({
      key: 'time',
      title: t('trading.orders.time'),
      render: (row) => formats.dateTime(at(row)),
    }),
    pair: <Row extends { symbol: string }>(): DataColumn<Row> => ({
      key: 'pair',
      title: t('trading.orders.pair'),
      render: (row) => pairName(row.symbol),
    }),
    side: <Row extends { side: OrderSide }>(): DataColumn<Row> => ({
      key: 'side',
      title: t('trading.orders.side'),
      render: (row) => (
        <span className={row.side === 'buy' ? styles.up : styles.down}>
          {t(`trading.form.${row.side}`)}
        </span>
      ),
    }),
    type: <Row extends { type: OrderType }>(): DataColumn<Row> => ({
      key: 'type',
      title: t('trading.orders.type'),
      render: (row) => t(`trading.form.${row.type}`),
    }),
    /** A price of the row's pair; `missing` where the row has none (a market order's limit). */
    price: <Row extends { symbol: string }>(
      key: string,
      title: string,
      priceOf: (row: Row) => string | null,
      missing = '—',
    ): DataColumn<Row> => ({
      key,
      title,
      align: 'end',
      render: (row) => {
        const price = priceOf(row);
        return price === null ? missing : priceText(formats, row.symbol, price);
      },
    }),
    /** An amount, with its coin after it when `unit` names one. */
    amount: <Row,>(
      key: string,
      title: string,
      valueOf: (row: Row) => string,
      unit?: string,
    ): DataColumn<Row> => ({
      key,
      title,
      align: 'end',
      render: (row) => `${formats.amount(valueOf(row))}${unit ? ` ${unit}` : ''}`,
    }),
    /** An open order's cancel button, another's status. */
    cancelOrStatus: <Row extends { orderId: string; status: OrderStatus }>(
      title: string,
      busy: boolean,
      cancel: (row: Row) => void,
    ): DataColumn<Row> => ({
      key: 'status',
      title,
      render: (row) =>
        row.status === 'open' ? (
          <button
            type="button"
            className={styles.button}
            disabled={busy}
            aria-label={t('trading.orders.cancelOrder', { id: row.orderId })}
            onClick={() => cancel(row)}
          >
            {t('trading.orders.cancel')}
          </button>
        ) : (
          t(`trading.orders.statuses.${row.status}`)
        ),
    }),
    detail: <Row extends { orderId: string }>(
      hrefOf: (orderId: string) => string,
    ): DataColumn<Row> => ({
      key: 'detail',
      title: t('records.detail.label'),
      render: (row) => (
        <PageLink
          href={hrefOf(row.orderId)}
          aria-label={t('records.detail.of', { id: row.orderId })}
        >
          {t('records.detail.label')}
        </PageLink>
      ),
    }),
  };
}
