import type { Translate } from '@exchange-web/react/i18n/translator';
import type { MarketSymbol, Ticker } from '@exchange-web/protocol/trading';
import { compare } from './trade-math';
import type { TradingFormats } from './formats';
import styles from './trading.module.css';

export interface TickerBarProps {
  pair: MarketSymbol;
  ticker: Ticker | null;
  /** Futures show the mark price beside the last. */
  showMark?: boolean;
  t: Translate;
  formats: TradingFormats;
}

/** Last price, 24 h change (coloured up or down), high, low and volume of the pair. */
export function TickerBar({ pair, ticker, showMark = false, t, formats }: TickerBarProps) {
  const direction = ticker ? compare(ticker.change24h, '0') : 0;
  const tone = direction > 0 ? styles.up : direction < 0 ? styles.down : '';
  const price = (value: string | undefined) =>
    value === undefined ? '' : formats.price(value, pair.priceTick);
  return (
    <dl
      className={`${styles.panel} ${styles.ticker}`}
      aria-label={t('trading.ticker.label')}
      data-testid="ticker"
      data-last={ticker?.last ?? ''}
      data-time={ticker?.time ?? ''}
    >
      <div>
        <dt>{t('trading.ticker.last')}</dt>
        <dd className={`${styles.lastPrice} ${tone}`} data-testid="ticker-last">
          {price(ticker?.last)}
        </dd>
      </div>
      {showMark ? (
        <div>
          <dt>{t('trading.ticker.mark')}</dt>
          <dd data-testid="ticker-mark">{price(ticker?.mark)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('trading.ticker.change')}</dt>
        <dd className={tone} data-testid="ticker-change">
          {ticker ? formats.percent(ticker.change24h) : ''}
        </dd>
      </div>
      <div>
        <dt>{t('trading.ticker.high')}</dt>
        <dd>{price(ticker?.high24h)}</dd>
      </div>
      <div>
        <dt>{t('trading.ticker.low')}</dt>
        <dd>{price(ticker?.low24h)}</dd>
      </div>
      <div>
        <dt>{t('trading.ticker.volume', { coin: pair.base })}</dt>
        <dd>{ticker ? formats.amount(ticker.volume24h, 2) : ''}</dd>
      </div>
    </dl>
  );
}
