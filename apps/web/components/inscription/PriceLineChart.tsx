import type { Theme } from '@exchange-web/protocol/registry';
import { AreaSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_COLOURS, createThemedChart } from '../charts/themed-chart';
import type { ChartPoint } from './chart-data';

/** `#rrggbb` with an alpha, for the area under the line. */
const withAlpha = (hex: string, alpha: number) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
};

export interface PriceLineChartProps {
  points: readonly ChartPoint[];
  theme: Theme;
  /** The page's BCP 47 language, for the axis labels. */
  locale: string;
  /** Whether the time axis shows hours (hourly points) or only dates. */
  timeVisible: boolean;
  /** Formats a price (in the visitor's currency) for the axis and the crosshair. */
  formatPrice(value: number): string;
  /** Called once the chart has its points, so what stood in for it can go. */
  onReady?(): void;
}

/**
 * The price history as an area chart (lightweight-charts, as the trading pages' candles), sized
 * by its box. Browser only: the page loads it with `next/dynamic` and `ssr: false`, so the chart
 * library is in no first load. Green when the period ended higher than it began, red otherwise.
 */
export default function PriceLineChart({
  points,
  theme,
  locale,
  timeVisible,
  formatPrice,
  onReady,
}: PriceLineChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const formatRef = useRef(formatPrice);
  formatRef.current = formatPrice;
  const readyRef = useRef(onReady);
  readyRef.current = onReady;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const chart = createThemedChart(box, {
      theme,
      locale,
      timeVisible,
      formatPrice: (value) => formatRef.current(value),
    });
    chartRef.current = chart;
    seriesRef.current = chart.addSeries(AreaSeries, {
      lineWidth: 2,
      priceFormat: { type: 'custom', formatter: (value: number) => formatRef.current(value) },
    });
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme, locale, timeVisible]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const colours = CHART_COLOURS[theme];
    const first = points[0]?.value ?? 0;
    const last = points[points.length - 1]?.value ?? 0;
    const colour = last >= first ? colours.up : colours.down;
    series.applyOptions({
      lineColor: colour,
      topColor: withAlpha(colour, 0.28),
      bottomColor: withAlpha(colour, 0.02),
    });
    series.setData(
      points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })),
    );
    chartRef.current?.timeScale().fitContent();
    readyRef.current?.();
  }, [points, theme, locale, timeVisible]);

  return <div ref={boxRef} style={{ position: 'absolute', inset: 0 }} />;
}
