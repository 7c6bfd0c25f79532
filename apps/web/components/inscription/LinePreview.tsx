import type { Theme } from '@exchange-web/protocol/registry';
import { CHART_COLOURS } from '../charts/chart-colours';
import { ChartPreview, PREVIEW_HEIGHT, PREVIEW_WIDTH, previewScale } from '../charts/ChartPreview';
import type { ChartPoint } from './chart-data';

export interface LinePreviewProps {
  points: readonly ChartPoint[];
  theme: Theme;
  formatPrice(value: number): string;
}

/**
 * The price history drawn as an SVG line over its area (see ChartPreview), in the colours the
 * area chart uses: green when the period ended higher than it began, red otherwise. Server-drawn
 * from the page's first history, so a crawler and the first paint see the chart.
 */
export function LinePreview({ points, theme, formatPrice }: LinePreviewProps) {
  if (points.length === 0) return null;
  const values = points.map((point) => point.value);
  const high = Math.max(...values);
  const low = Math.min(...values);
  const { y } = previewScale(high, low);
  const step = points.length > 1 ? PREVIEW_WIDTH / (points.length - 1) : 0;
  const line = points.map((point, index) => `${index * step},${y(point.value)}`).join(' ');
  const colours = CHART_COLOURS[theme];
  const colour = values[values.length - 1]! >= values[0]! ? colours.up : colours.down;
  return (
    <ChartPreview high={high} low={low} theme={theme} formatPrice={formatPrice}>
      <polygon
        points={`0,${PREVIEW_HEIGHT} ${line} ${(points.length - 1) * step},${PREVIEW_HEIGHT}`}
        fill={colour}
        fillOpacity={0.15}
      />
      <polyline
        points={line}
        fill="none"
        stroke={colour}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    </ChartPreview>
  );
}
