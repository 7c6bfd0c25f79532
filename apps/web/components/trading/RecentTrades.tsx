import type { Translate } from '@exchange-web/react/i18n/translator';
import type { MarketSymbol, MarketTrade } from '@exchange-web/protocol/trading';
import type { TradingFormats } from './formats';
import styles from './trading.module.css';

/** Trades listed (the box is sized for this many). */
const SHOWN = 14;

export interface RecentTradesProps {
  pair: MarketSymbol;
  trades: readonly MarketTrade[];
  t: Translate;
  formats: TradingFormats;
}

/** The pair's latest trades, newest first, coloured by the taker's side. */
export function RecentTrades({ pair, trades, t, formats }: RecentTradesProps) {
  return (
    <section
      className={`${styles.panel} ${styles.trades}`}
      aria-labelledby="trades-title"
      data-testid="recent-trades"
      data-latest={trades[0]?.id ?? ''}
    >
      <h2 id="trades-title">{t('trading.trades.title')}</h2>
      <div className={styles.tradesList}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('trading.trades.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trading.book.price', { coin: pair.quote })}</th>
              <th scope="col" className={styles.num}>
                {t('trading.book.size', { coin: pair.base })}
              </th>
              <th scope="col" className={styles.num}>
                {t('trading.trades.time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.slice(0, SHOWN).map((trade) => (
              <tr key={trade.id}>
                <td className={trade.side === 'buy' ? styles.up : styles.down}>
                  {formats.price(trade.price, pair.priceTick)}
                  <span className="visually-hidden">
                    {' '}
                    {t(trade.side === 'buy' ? 'trading.form.buy' : 'trading.form.sell')}
                  </span>
                </td>
                <td className={styles.num}>{formats.size(trade.size, pair.sizeStep)}</td>
                <td className={styles.num}>{formats.time(trade.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
