import type { Translate } from '@exchange-web/react/i18n/translator';
import type { Theme } from '@exchange-web/protocol/registry';
import {
  KLINE_INTERVALS,
  type Candle,
  type KlineInterval,
  type MarketSymbol,
} from '@exchange-web/protocol/trading';
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { useReachFor } from '../charts/useReachFor';
import { CandlePreview } from './CandlePreview';
import type { TradingFormats } from './formats';
import { Segmented } from './Segmented';
import { decimalsOf } from './trade-math';
import styles from './trading.module.css';

// DESIGN Budgets: lightweight-charts loads on demand, in the browser only; the box keeps its size.
// Issue 18: on demand means when the visitor reaches for the chart (a pointer over it or on it);
// until then CandlePreview draws the same candles, live, without the library.
const CandleChart = dynamic(() => import('./CandleChart'), { ssr: false, loading: () => null });

const INTERVALS = Object.keys(KLINE_INTERVALS) as KlineInterval[];
/** Candles listed in the data table under the chart. */
const TABLE_ROWS = 12;

export interface PriceChartProps {
  pair: MarketSymbol;
  candles: readonly Candle[] | null;
  interval: KlineInterval;
  onInterval(interval: KlineInterval): void;
  t: Translate;
  theme: Theme;
  formats: TradingFormats;
}

/**
 * The pair's candlestick chart as a figure: its title, the interval switch, the chart (an image
 * named by the title and a sentence of what it shows) and the latest candles as a table.
 */
export function PriceChart({
  pair,
  candles,
  interval,
  onInterval,
  t,
  theme,
  formats,
}: PriceChartProps) {
  const pairName = `${pair.base}/${pair.quote}`;
  const title = t('trading.chart.title', { pair: pairName });
  const last = candles?.[candles.length - 1];
  const description = t('trading.chart.description', {
    pair: pairName,
    interval: t(`trading.chart.intervals.${interval}`),
    count: formats.amount(String(candles?.length ?? 0), 0),
    close: last ? formats.price(last.close, pair.priceTick) : '—',
  });
  const pricePlaces = decimalsOf(pair.priceTick);
  const formatPrice = useMemo(() => {
    const numbers = new Intl.NumberFormat(formats.locale, {
      minimumFractionDigits: pricePlaces,
      maximumFractionDigits: pricePlaces,
    });
    return (value: number) => numbers.format(value);
  }, [formats.locale, pricePlaces]);
  const recent = candles ? candles.slice(-TABLE_ROWS).reverse() : [];
  const { stage, handlers, onChartReady } = useReachFor();

  return (
    <figure className={`${styles.panel} ${styles.chartPanel}`} aria-labelledby="chart-title">
      <div className={styles.chartBar}>
        <h2 id="chart-title">{title}</h2>
        <Segmented
          label={t('trading.chart.interval')}
          testId="chart-interval"
          value={interval}
          onChange={onInterval}
          options={INTERVALS.map((value) => ({ value, label: value }))}
        />
      </div>
      {/* NOTE: time runs left to right on a price chart in every language, Arabic included, so
          the chart box stays ltr while the page around it is rtl. */}
      <div
        className={styles.chartBox}
        dir="ltr"
        role="img"
        aria-label={`${title}. ${description}`}
        data-testid="price-chart"
        aria-busy={candles === null}
        data-interactive={stage !== 'preview'}
        {...handlers}
      >
        {candles === null ? (
          <span className={styles.chartLoading} aria-hidden="true">
            {t('trading.chart.loading')}
          </span>
        ) : (
          <>
            {/* Stays under the chart until it has drawn: the chart's canvas covers it. */}
            {stage !== 'chart' ? (
              <CandlePreview candles={candles} theme={theme} formatPrice={formatPrice} />
            ) : null}
            {stage !== 'preview' ? (
              <CandleChart
                candles={candles}
                theme={theme}
                locale={formats.locale}
                pricePlaces={pricePlaces}
                formatPrice={formatPrice}
                onReady={onChartReady}
              />
            ) : null}
          </>
        )}
      </div>
      <details className={styles.dataTable}>
        <summary>{t('trading.chart.showTable')}</summary>
        <div className={styles.dataTableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('trading.chart.time')}</th>
                <th scope="col">{t('trading.chart.open')}</th>
                <th scope="col">{t('trading.chart.high')}</th>
                <th scope="col">{t('trading.chart.low')}</th>
                <th scope="col">{t('trading.chart.close')}</th>
                <th scope="col">{t('trading.chart.volume')}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((candle) => (
                <tr key={candle.time}>
                  <th scope="row">{formats.dateTime(candle.time)}</th>
                  <td className={styles.num}>{formats.price(candle.open, pair.priceTick)}</td>
                  <td className={styles.num}>{formats.price(candle.high, pair.priceTick)}</td>
                  <td className={styles.num}>{formats.price(candle.low, pair.priceTick)}</td>
                  <td className={styles.num}>{formats.price(candle.close, pair.priceTick)}</td>
                  <td className={styles.num}>{formats.amount(candle.volume, 4)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
