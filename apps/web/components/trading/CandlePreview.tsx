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

// Two decimals of a 1000-unit drawing are finer than any screen shows, and keep the paths short.
const at = (value: number) => String(Math.round(value * 100) / 100);

/**
 * The candles drawn as SVG (see ChartPreview), live, until the candlestick chart loads: the rising
 * ones in one group and the falling ones in another, each as a path of wicks and a path of bodies.
 * Four elements whatever the count: drawn as an element or two per candle, 200 candles were 600
 * elements made and laid out again on every live candle, a long task on a phone (issue 18).
 */
export function CandlePreview({ candles, theme, formatPrice }: CandlePreviewProps) {
  if (candles.length === 0) return null;
  const bars = candles.map(chartBar);
  const colours = CHART_COLOURS[theme];
  const high = Math.max(...bars.map((bar) => bar.high));
  const low = Math.min(...bars.map((bar) => bar.low));
  const { y } = previewScale(high, low);
  const slot = PREVIEW_WIDTH / bars.length;
  const body = Math.max(slot * 0.7, 1);
  const paths = { up: { wicks: '', bodies: '' }, down: { wicks: '', bodies: '' } };
  bars.forEach((bar, index) => {
    const trend = paths[bar.close >= bar.open ? 'up' : 'down'];
    const centre = slot * index + slot / 2;
    const top = y(Math.max(bar.open, bar.close));
    const height = Math.max(y(Math.min(bar.open, bar.close)) - top, 2);
    trend.wicks += `M${at(centre)} ${at(y(bar.high))}V${at(y(bar.low))}`;
    trend.bodies += `M${at(centre - body / 2)} ${at(top)}h${at(body)}v${at(height)}h${at(-body)}z`;
  });
  return (
    <ChartPreview high={high} low={low} theme={theme} formatPrice={formatPrice}>
      {(['up', 'down'] as const).map((trend) =>
        paths[trend].bodies === '' ? null : (
          <g key={trend} data-trend={trend} fill={colours[trend]} stroke={colours[trend]}>
            <path d={paths[trend].wicks} fill="none" vectorEffect="non-scaling-stroke" />
            <path d={paths[trend].bodies} stroke="none" />
          </g>
        ),
      )}
    </ChartPreview>
  );
}
