import type { MessageKey } from '@exchange-web/react/i18n/messages';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import type { PriceHistoryInterval, PriceHistoryReply } from '@exchange-web/protocol/inscription';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import dynamic from 'next/dynamic';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useReachFor } from '../charts/useReachFor';
import { Segmented } from '../trading/Segmented';
import { CHART_POINTS, chartSeries } from './chart-data';
import type { Fiat, InscriptionFormats } from './formats';
import { failureKeyOf, inscriptionCall } from './inscription-client';
import { LinePreview } from './LinePreview';
import styles from './inscription.module.css';

// DESIGN Budgets: lightweight-charts loads on demand, in the browser only; the box keeps its size.
// Issue 18: on demand means when the visitor reaches for the chart; LinePreview draws it before.
const PriceLineChart = dynamic(() => import('./PriceLineChart'), {
  ssr: false,
  loading: () => null,
});

/** Points listed in the data table under the chart (newest first). */
const TABLE_ROWS = 30;

export interface PriceHistoryProps {
  ticker: string;
  /** The server's history of the first interval, null when it could not load. */
  initial: PriceHistoryReply | null;
  intervals: readonly PriceHistoryInterval[];
  /** The interval the chart opens with (the server's history is of it). */
  defaultInterval: PriceHistoryInterval;
  t: Translate;
  formats: InscriptionFormats;
  fiat: Fiat;
}

/**
 * The token's price history as a figure: title, the interval switch (1 h, 1 d), the chart (an
 * image named by its title and a sentence of what it shows), and the latest points as a table,
 * which is in the server's HTML for readers and crawlers without script.
 */
export function PriceHistory({
  ticker,
  initial,
  intervals,
  defaultInterval,
  t,
  formats,
  fiat,
}: PriceHistoryProps) {
  const { api, theme } = useShell();
  const [interval, setChosenInterval] = useState(defaultInterval);
  const [replies, setReplies] = useState<Partial<Record<PriceHistoryInterval, PriceHistoryReply>>>(
    initial ? { [initial.interval]: initial } : {},
  );
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    (next: PriceHistoryInterval) => {
      const call = (latest.current += 1);
      setLoading(true);
      setFailure(null);
      inscriptionCall(api, Endpoints.seoTradesPriceHistory, {
        ticker,
        interval: next,
        pageNo: 1,
        pageSize: CHART_POINTS[next],
      })
        .then((reply) => {
          if (call === latest.current) setReplies((known) => ({ ...known, [next]: reply }));
        })
        .catch(async (error: unknown) => {
          const key = await failureKeyOf(error);
          if (call === latest.current) setFailure(key);
        })
        .finally(() => {
          if (call === latest.current) setLoading(false);
        });
    },
    [api, ticker],
  );

  const choose = (next: PriceHistoryInterval) => {
    setChosenInterval(next);
    if (!replies[next]) load(next);
    else {
      latest.current += 1;
      setLoading(false);
      setFailure(null);
    }
  };

  const reply = replies[interval] ?? null;
  const points = useMemo(
    () => (reply ? chartSeries(reply.items, fiat.rate) : null),
    [reply, fiat.rate],
  );
  const fiatPrice = useCallback(
    (value: number) => formats.price(String(value), { value: fiat.value, rate: 1 }),
    [formats, fiat.value],
  );
  const { stage, handlers, onChartReady } = useReachFor();
  const title = t('inscription.chart.title', { ticker });
  const newest = reply?.items[0];
  const oldest = reply?.items[reply.items.length - 1];
  const description =
    newest && oldest && points
      ? t('inscription.chart.description', {
          ticker,
          currency: fiat.value,
          points: formats.count(points.length),
          interval: t(`inscription.chart.intervals.${interval}`),
          from: formats.dateTime(oldest.time),
          to: formats.dateTime(newest.time),
          price: formats.price(newest.priceUsdt, fiat),
        })
      : t('inscription.chart.empty');
  const status = failure
    ? null
    : loading || (points === null && !initial)
      ? t('inscription.chart.loading')
      : points !== null && points.length === 0
        ? t('inscription.chart.empty')
        : null;

  return (
    <figure
      className={`${styles.panel} ${styles.chartPanel}`}
      aria-labelledby="price-history-title"
      aria-describedby="price-history-summary"
      data-testid="price-history"
    >
      <div className={styles.chartBar}>
        <h2 id="price-history-title">{title}</h2>
        <Segmented
          label={t('inscription.chart.interval')}
          testId="price-history-interval"
          value={interval}
          onChange={choose}
          options={intervals.map((value) => ({
            value,
            label: t(`inscription.chart.intervals.${value}`),
          }))}
        />
      </div>
      {/* What the chart shows, in words: the chart itself is a picture (its box holds the
          chart library's attribution link, so it cannot be an image element of its own). */}
      <p id="price-history-summary" className="visually-hidden">
        {description}
      </p>
      {/* NOTE: time runs left to right on a price chart in every language, Arabic included. */}
      <div
        className={styles.chartBox}
        dir="ltr"
        aria-busy={loading}
        data-testid="price-history-chart"
        data-interval={interval}
        data-points={points?.length ?? 0}
        data-interactive={stage !== 'preview'}
        {...handlers}
      >
        {points && points.length > 0 ? (
          <>
            {/* Stays under the chart until it has drawn: the chart's canvas covers it. */}
            {stage !== 'chart' ? (
              <LinePreview points={points} theme={theme} formatPrice={fiatPrice} />
            ) : null}
            {stage !== 'preview' ? (
              <PriceLineChart
                points={points}
                theme={theme}
                locale={formats.locale}
                timeVisible={interval === '1h'}
                formatPrice={fiatPrice}
                onReady={onChartReady}
              />
            ) : null}
          </>
        ) : null}
        {status ? (
          <span className={styles.chartStatus} aria-hidden="true">
            {status}
          </span>
        ) : null}
      </div>
      {failure || (!reply && !loading) ? (
        <p role="alert" className={`${styles.tableStatus} ${styles.alert}`}>
          {t(failure ?? 'inscription.loadFailed')}
          <button type="button" className={styles.retry} onClick={() => load(interval)}>
            {t('inscription.table.retry')}
          </button>
        </p>
      ) : null}
      {reply && reply.items.length > 0 ? (
        <details className={styles.dataTable}>
          <summary>{t('inscription.chart.showTable')}</summary>
          <div
            className={styles.dataTableScroll}
            tabIndex={0}
            role="region"
            aria-label={t('inscription.chart.showTable')}
          >
            <table className={styles.table} data-testid="price-history-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('inscription.chart.time')}</th>
                  <th scope="col" className={styles.num}>
                    {t('inscription.chart.price', { currency: fiat.value })}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('inscription.chart.volume', { currency: fiat.value })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {reply.items.slice(0, TABLE_ROWS).map((point) => (
                  <tr key={point.time}>
                    <th scope="row">{formats.dateTime(point.time)}</th>
                    <td className={styles.num}>{formats.price(point.priceUsdt, fiat)}</td>
                    <td className={styles.num}>{formats.money(point.volumeUsdt, fiat)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
