import type { Theme } from '@exchange-web/protocol/registry';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { AXIS_COLOURS, type BarSeries } from './chart-data';

// Only what a stacked bar chart draws: chart.js tree-shakes the rest away.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarCanvasProps {
  series: BarSeries;
  /** The chart's accessible name (the canvas is an image to assistive technology). */
  label: string;
  theme: Theme;
  /** The page's BCP 47 language, for the numbers on the axis and in tooltips. */
  locale: string;
  rtl: boolean;
}

/**
 * A stacked bar chart on a canvas, sized by its container. Browser only: the page loads it with
 * `next/dynamic` and `ssr: false`, so chart.js is in no first load.
 */
export default function BarCanvas({ series, label, theme, locale, rtl }: BarCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const axis = AXIS_COLOURS[theme];
    const config: ChartConfiguration<'bar', (number | null)[], string> = {
      type: 'bar',
      data: {
        labels: series.labels,
        datasets: series.datasets.map((dataset) => ({
          label: dataset.label,
          data: dataset.data,
          backgroundColor: dataset.colour,
          borderColor: dataset.colour,
          borderWidth: 0,
          maxBarThickness: 48,
        })),
      },
      options: {
        locale,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          // Right to left, time and buckets run from the right as the page reads.
          x: {
            stacked: true,
            reverse: rtl,
            ticks: { color: axis.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
            grid: { color: axis.grid },
          },
          y: {
            stacked: true,
            beginAtZero: true,
            position: rtl ? 'right' : 'left',
            ticks: { color: axis.text, precision: 0 },
            grid: { color: axis.grid },
          },
        },
        plugins: {
          legend: {
            position: 'bottom',
            rtl,
            textDirection: rtl ? 'rtl' : 'ltr',
            labels: { color: axis.text, boxWidth: 12, boxHeight: 12 },
          },
          tooltip: { rtl, textDirection: rtl ? 'rtl' : 'ltr' },
        },
      },
    };
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [series, theme, locale, rtl]);

  return (
    <canvas ref={canvasRef} role="img" aria-label={label}>
      {label}
    </canvas>
  );
}
