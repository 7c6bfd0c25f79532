import type { Theme } from '@exchange-web/protocol/registry';
import type { ReactNode } from 'react';
import { CHART_COLOURS } from './chart-colours';
import styles from './chart-preview.module.css';

/** The drawing's own units: the SVG stretches them over the box. */
export const PREVIEW_WIDTH = 1000;
export const PREVIEW_HEIGHT = 1000;
/** Price labels on the axis: the range's top, bottom and two between. */
const AXIS_LABELS = 4;

/** Where a price falls in the drawing, from the range's top (0) to its bottom (PREVIEW_HEIGHT). */
export function previewScale(high: number, low: number) {
  // A flat market still gets a visible band instead of a division by zero.
  const span = high - low || Math.abs(high) || 1;
  return {
    span,
    y: (price: number) => ((high - price) / span) * PREVIEW_HEIGHT,
  };
}

export interface ChartPreviewProps {
  /** The range's top and bottom, as the drawing is scaled. */
  high: number;
  low: number;
  theme: Theme;
  formatPrice(value: number): string;
  /** The drawing, in PREVIEW_WIDTH x PREVIEW_HEIGHT units. */
  children: ReactNode;
}

/**
 * A chart drawn as plain SVG with its price range on the axis: what a chart box shows until the
 * visitor reaches for it (useReachFor), so a page's first paint and start-up carry no chart
 * library. Decorative for assistive technology: the chart box carries the description, the
 * table beside it the data.
 */
export function ChartPreview({ high, low, theme, formatPrice, children }: ChartPreviewProps) {
  const { span } = previewScale(high, low);
  const labels = Array.from(
    { length: AXIS_LABELS },
    (_, index) => high - (span * index) / (AXIS_LABELS - 1),
  );
  return (
    <div className={styles.preview} aria-hidden="true" data-testid="chart-preview">
      <svg viewBox={`0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}`} preserveAspectRatio="none">
        {children}
      </svg>
      <ol className={styles.axis} style={{ color: CHART_COLOURS[theme].text }}>
        {labels.map((price) => (
          <li key={price}>{formatPrice(price)}</li>
        ))}
      </ol>
    </div>
  );
}
