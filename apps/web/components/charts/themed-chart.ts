import type { Theme } from '@exchange-web/protocol/registry';
import { ColorType, createChart, type IChartApi } from 'lightweight-charts';
import { CHART_COLOURS } from './chart-colours';

export { CHART_COLOURS } from './chart-colours';

export interface ThemedChartOptions {
  theme: Theme;
  /** The page's BCP 47 language, for the axis labels. */
  locale: string;
  /** Whether the time axis shows hours as well as dates. */
  timeVisible: boolean;
  /** Formats a price for the axis and the crosshair; read at each call, so it may change. */
  formatPrice(value: number): string;
}

/**
 * A lightweight-charts chart in `box`, sized by it, in the theme's colours, with the page's
 * language and price format: what the trading candles and the token price history share.
 */
export function createThemedChart(
  box: HTMLElement,
  { theme, locale, timeVisible, formatPrice }: ThemedChartOptions,
): IChartApi {
  const colours = CHART_COLOURS[theme];
  return createChart(box, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colours.background },
      textColor: colours.text,
    },
    grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
    localization: { locale, priceFormatter: formatPrice },
    timeScale: { timeVisible, secondsVisible: false, borderColor: colours.grid },
    rightPriceScale: { borderColor: colours.grid },
  });
}
