import type { Translate } from '@exchange-web/react/i18n/translator';
import type { Depth, MarketSymbol } from '@exchange-web/protocol/trading';
import type { CSSProperties } from 'react';
import type { TradingFormats } from './formats';
import { bookView, type BookRow } from './market-data';
import styles from './trading.module.css';

/** Levels drawn on each side (the box is sized for this many). */
export const BOOK_LEVELS = 12;

export interface OrderBookProps {
  pair: MarketSymbol;
  depth: Depth | null;
  t: Translate;
  formats: TradingFormats;
  /** A click on a level fills the order form's price. */
  onPickPrice?: ((price: string) => void) | undefined;
}

/**
 * The order book: asks above (best ask nearest the middle), the spread, bids below, each level
 * with a bar of the cumulative size.
 */
export function OrderBook({ pair, depth, t, formats, onPickPrice }: OrderBookProps) {
  const view = bookView(depth, BOOK_LEVELS);
  const side = (rows: BookRow[], kind: 'ask' | 'bid', caption: string) => (
    <div className={styles.bookSide}>
      <table className={styles.table} data-testid={`book-${kind}s`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead className={kind === 'bid' ? 'visually-hidden' : undefined}>
          <tr>
            <th scope="col">{t('trading.book.price', { coin: pair.quote })}</th>
            <th scope="col" className={styles.num}>
              {t('trading.book.size', { coin: pair.base })}
            </th>
            <th scope="col" className={styles.num}>
              {t('trading.book.total', { coin: pair.base })}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.price}
              className={kind === 'ask' ? styles.askRow : styles.bidRow}
              style={{ '--depth': `${row.bar}%` } as CSSProperties}
              data-price={row.price}
              onClick={onPickPrice ? () => onPickPrice(row.price) : undefined}
            >
              <td className={kind === 'ask' ? styles.down : styles.up}>
                {formats.price(row.price, pair.priceTick)}
              </td>
              <td className={styles.num}>{formats.size(row.size, pair.sizeStep)}</td>
              <td className={styles.num}>{formats.size(row.cumulative, pair.sizeStep)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    // NOTE: the book keeps its left-to-right columns (price, size, total) in Arabic too, as
    // exchanges do; only its headings are translated.
    <section
      className={`${styles.panel} ${styles.book}`}
      aria-labelledby="book-title"
      data-testid="order-book"
      data-time={depth?.time ?? ''}
      dir="ltr"
    >
      <h2 id="book-title">{t('trading.book.title')}</h2>
      {side(view.asks, 'ask', t('trading.book.asks'))}
      <div className={styles.spread} data-testid="book-spread">
        {view.spread !== null && view.spreadRatio !== null ? (
          t('trading.book.spread', {
            value: formats.price(view.spread, pair.priceTick),
            percent: formats.percent(view.spreadRatio).replace(/^\+/, ''),
          })
        ) : depth ? (
          <span className={styles.hint}>{t('trading.book.empty')}</span>
        ) : null}
      </div>
      {side(view.bids, 'bid', t('trading.book.bids'))}
    </section>
  );
}
