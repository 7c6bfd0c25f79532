import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import type { BarSeries } from './chart-data';
import styles from './tracking.module.css';

// DESIGN Budgets: the chart library loads on demand, in the browser only; the box keeps its size
// meanwhile.
const StackedBars = dynamic(() => import('./StackedBars'), { ssr: false, loading: () => null });

export interface ChartFigureProps {
  /** The visible title, also the chart's accessible name. */
  title: string;
  /** The line under the title (totals, thresholds), read with the figure. */
  caption?: ReactNode;
  /** The chart's data; null while it loads (the box is drawn empty at its final size). */
  series: BarSeries | null;
  /** A sentence that names what the bars are, for the canvas's accessible name. */
  description: string;
  /** Heading of the first column of the data table (time, or the bucket's upper value). */
  categoryHeading: string;
  /** Label of the disclosure that shows the chart's numbers as a table. */
  tableLabel: string;
  rtl: boolean;
  /** Formats the numbers of the value axis, the bars' hover titles and the data table. */
  formatNumber(value: number): string;
  size?: 'large' | 'small';
  testId?: string;
}

/**
 * One chart as a figure: its title, caption, the canvas (an image named by the title and the
 * description) and the same numbers as a table for screen readers and anyone who prefers one.
 */
export function ChartFigure({
  title,
  caption,
  series,
  description,
  categoryHeading,
  tableLabel,
  rtl,
  formatNumber,
  size = 'large',
  testId,
}: ChartFigureProps) {
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <figure className={styles.figure} data-testid={testId}>
      <figcaption className={styles.figcaption}>
        <strong className={styles.figureTitle}>{title}</strong>
        {caption ? <span className={styles.figureCaption}>{caption}</span> : null}
      </figcaption>
      <div className={size === 'large' ? styles.chartBoxLarge : styles.chartBoxSmall}>
        {series ? (
          <>
            <div className={styles.drawingArea}>
              <StackedBars
                series={series}
                label={`${title}. ${description}`}
                rtl={rtl}
                formatNumber={formatNumber}
              />
            </div>
            {/* Page text, so it wraps, reads in the page's direction and can be searched. */}
            <ul className={styles.legend}>
              {series.datasets.map((dataset) => (
                <li key={dataset.label}>
                  <span className={styles.swatch} style={{ background: dataset.colour }} />
                  {dataset.label}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {series ? (
        <details
          className={styles.dataTable}
          onToggle={(event) => setTableOpen(event.currentTarget.open)}
        >
          <summary>{tableLabel}</summary>
          {/* Made when opened: seven tables nobody opened were most of the page's first render. */}
          {tableOpen ? (
            <div className={styles.tableScroll}>
              <table>
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{categoryHeading}</th>
                    {series.datasets.map((dataset) => (
                      <th scope="col" key={dataset.label}>
                        {dataset.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {series.labels.map((label, row) => (
                    <tr key={`${row}:${label}`}>
                      <th scope="row">{label}</th>
                      {series.datasets.map((dataset) => {
                        const value = dataset.data[row];
                        return (
                          <td key={dataset.label}>
                            {value === null || value === undefined ? '' : formatNumber(value)}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </details>
      ) : (
        // Same height as the closed disclosure, so nothing moves when the data arrives.
        <div className={styles.dataTablePlaceholder} aria-hidden="true" />
      )}
    </figure>
  );
}
