import { BarChart, type BarChartOptions } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import type { BarSeries } from './chart-data';
import styles from './tracking.module.css';

export interface StackedBarsProps {
  series: BarSeries;
  /** The chart's accessible name (the drawing is an image to assistive technology). */
  label: string;
  /** Right to left, time and buckets run from the right and the value axis stands on the right. */
  rtl: boolean;
  /** Formats the value axis and each bar's hover text in the page's language. */
  formatNumber(value: number): string;
}

// A bar takes this share of its slot, and never more than this width (px), so few bars stay bars.
const BAR_SHARE = 0.7;
const MAX_BAR_WIDTH = 48;
// The narrowest room one time label needs before the next is shown (px).
const LABEL_ROOM = 64;

/**
 * A stacked bar chart drawn as SVG by Chartist, sized by its box. Browser only: the page loads it
 * with `next/dynamic` and `ssr: false`, so the chart library is in no first load. Each bar carries
 * its series, label and value as a hover title; ChartFigure draws the legend and the data table.
 */
export default function StackedBars({ series, label, rtl, formatNumber }: StackedBarsProps) {
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    // Chartist reverses labels and values for a right-to-left chart; hover titles follow it.
    const labels = rtl ? [...series.labels].reverse() : series.labels;
    // Chartist hands each bar's series object back as given, whatever order it draws them in.
    const colours = new Map<unknown, string>();
    const seriesObjects = series.datasets.map((dataset) => {
      const object = {
        name: dataset.label,
        // A null is no bar (a web-vitals bucket of another rating): Chartist skips undefined.
        data: dataset.data.map((value) => value ?? undefined),
      };
      colours.set(object, dataset.colour);
      return object;
    });
    // Every label where there is room, else every n-th, judged on the box's width at each draw.
    const labelStep = () =>
      Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(box.clientWidth / LABEL_ROOM))));
    const options: BarChartOptions = {
      stackBars: true,
      reverseData: rtl,
      chartPadding: { top: 8, right: 8, bottom: 0, left: 8 },
      axisX: {
        showGrid: false,
        labelInterpolationFnc: (value, index) => (index % labelStep() === 0 ? value : null),
      },
      axisY: {
        onlyInteger: true,
        position: rtl ? 'end' : 'start',
        labelInterpolationFnc: (value) => formatNumber(Number(value)),
      },
    };
    const chart = new BarChart(box, { labels: series.labels, series: seriesObjects }, options);
    chart.on('draw', (context) => {
      if (context.type !== 'bar') return;
      const slot = context.chartRect.width() / Math.max(1, labels.length);
      const { value, series: drawn } = context;
      const amount = typeof value === 'number' ? value : 'y' in value ? value.y : 0;
      const name = drawn && typeof drawn === 'object' && 'name' in drawn ? drawn.name : '';
      const colour = colours.get(drawn) ?? 'currentColor';
      const width = Math.min(MAX_BAR_WIDTH, slot * BAR_SHARE);
      context.element.attr({ style: `stroke: ${colour}; stroke-width: ${width}px` });
      context.element
        .elem('title')
        .text(`${labels[context.index] ?? ''}, ${name ?? ''}: ${formatNumber(amount)}`);
    });
    return () => {
      chart.detach();
    };
  }, [series, rtl, formatNumber]);

  return (
    <div
      ref={boxRef}
      className={styles.chartDrawing}
      role="img"
      aria-label={label}
      data-chart=""
      // The drawing runs left to right; reverseData turns it for a right-to-left page.
      dir="ltr"
    />
  );
}
