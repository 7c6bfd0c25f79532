import type { Theme } from '@exchange-web/protocol/registry';
import type { Candle } from '@exchange-web/protocol/trading';
import {
  CandlestickSeries,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_COLOURS, createThemedChart } from '../charts/themed-chart';
import { chartBar } from './market-data';

export interface CandleChartProps {
  candles: readonly Candle[];
  theme: Theme;
  /** The page's BCP 47 language, for the axis labels. */
  locale: string;
  /** Places of the pair's price tick. */
  pricePlaces: number;
  /** Formats a price for the axis and crosshair. */
  formatPrice(value: number): string;
  /** Called once the chart has its first candles, so what stood in for it can go. */
  onReady?(): void;
}

const toData = (candle: Candle): CandlestickData<UTCTimestamp> => {
  const bar = chartBar(candle);
  return { ...bar, time: bar.time as UTCTimestamp };
};

/**
 * The candlestick chart (lightweight-charts), sized by its box. Browser only: the page loads it
 * with `next/dynamic` and `ssr: false`, so the chart library is in no first load. A new candle
 * list that only moved the current candle is applied with `update`, anything else with `setData`.
 */
export default function CandleChart({
  candles,
  theme,
  locale,
  pricePlaces,
  formatPrice,
  onReady,
}: CandleChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const shownRef = useRef<readonly Candle[]>([]);
  const formatRef = useRef(formatPrice);
  formatRef.current = formatPrice;
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const colours = CHART_COLOURS[theme];
    const chart = createThemedChart(box, {
      theme,
      locale,
      timeVisible: true,
      formatPrice: (value) => formatRef.current(value),
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: colours.up,
      downColor: colours.down,
      borderUpColor: colours.up,
      borderDownColor: colours.down,
      wickUpColor: colours.up,
      wickDownColor: colours.down,
      priceFormat: { type: 'price', precision: pricePlaces, minMove: 10 ** -pricePlaces },
    });
    chartRef.current = chart;
    seriesRef.current = series;
    shownRef.current = [];
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme, locale, pricePlaces]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const shown = shownRef.current;
    const last = candles[candles.length - 1];
    const sameHistory =
      last !== undefined &&
      shown.length > 0 &&
      shown[0] === candles[0] &&
      (candles.length === shown.length || candles.length === shown.length + 1) &&
      candles.slice(0, -1).every((candle, index) => candle === shown[index]);
    if (sameHistory) series.update(toData(last));
    else series.setData(candles.map(toData));
    shownRef.current = candles;
    readyRef.current?.();
  }, [candles, theme, locale, pricePlaces]);

  return <div ref={boxRef} style={{ position: 'absolute', inset: 0 }} />;
}
