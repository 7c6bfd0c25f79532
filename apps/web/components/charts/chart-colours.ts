import type { Theme } from '@exchange-web/protocol/registry';

/**
 * Chart colours per theme: the same up/down pair as the pages' text (trading.module.css). Apart
 * from the chart library, so the candle preview draws in them without loading it.
 */
export const CHART_COLOURS: Record<
  Theme,
  { text: string; grid: string; background: string; up: string; down: string }
> = {
  white: {
    text: '#4d5565',
    grid: '#eef0f3',
    background: '#ffffff',
    up: '#0b8a5a',
    down: '#c8323c',
  },
  black: {
    text: '#a3adba',
    grid: '#222831',
    background: '#161b22',
    up: '#2ebd85',
    down: '#f6465d',
  },
};
