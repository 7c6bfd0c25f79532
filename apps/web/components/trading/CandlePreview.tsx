import type { Theme } from '@exchange-web/protocol/registry';
import type { Candle } from '@exchange-web/protocol/trading';
import { CHART_COLOURS } from '../charts/chart-colours';
import { ChartPreview, PREVIEW_WIDTH, previewScale } from '../charts/ChartPreview';
import { chartBar } from './market-data';

export interface CandlePreviewProps {
  candles: readonly Candle[];
  theme: Theme;
  formatPrice(value: number): string;
}

/** The candles drawn as SVG (see ChartPreview), live, until the candlestick chart loads. */
export function CandlePreview({ candles, theme, formatPrice }: CandlePreviewProps) {
  if (candles.length === 0) return null;
  const bars = candles.map(chartBar);
  const colours = CHART_COLOURS[theme];
  const high = Math.max(...bars.map((bar) => bar.high));
  const low = Math.min(...bars.map((bar) => bar.low));
  const { y } = previewScale(high, low);
  const slot = PREVIEW_WIDTH / bars.length;
  const body = Math.max(slot * 0.7, 1);
  return (
    <ChartPreview high={high} low={low} theme={theme} formatPrice={formatPrice}>
      {bars.map((bar, index) => {
        const colour = bar.close >= bar.open ? colours.up : colours.down;
        const centre = slot * index + slot / 2;
        const top = y(Math.max(bar.open, bar.close));
        return (
          <g key={bar.time} fill={colour} stroke={colour}>
            <line
              x1={centre}
              x2={centre}
              y1={y(bar.high)}
              y2={y(bar.low)}
              vectorEffect="non-scaling-stroke"
            />
            <rect
              x={centre - body / 2}
              width={body}
              y={top}
              height={Math.max(y(Math.min(bar.open, bar.close)) - top, 2)}
              stroke="none"
            />
          </g>
        );
      })}
    </ChartPreview>
  );
}
