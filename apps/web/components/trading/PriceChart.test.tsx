// @vitest-environment jsdom
import { MARKET_SYMBOLS, type Candle } from '@exchange-web/protocol/trading';
import { createTranslator } from '@exchange-web/react/i18n/translator';
import type { Messages } from '@exchange-web/react/i18n/messages';
import en from '@exchange-web/react/i18n/messages/en.json';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { act, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHART_COLOURS } from '../charts/chart-colours';
import { CandlePreview } from './CandlePreview';
import { tradingFormats } from './formats';
import { PriceChart } from './PriceChart';

// The interactive chart stands for lightweight-charts, which draws on a canvas jsdom lacks; it
// says it has drawn once the test lets it.
const drawn = { now: false };
vi.mock('./CandleChart', () => ({
  default: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => {
      if (drawn.now) onReady?.();
    });
    return <div data-testid="interactive-chart" />;
  },
}));

const t = createTranslator(en as Messages);
const pair = MARKET_SYMBOLS[0]!;
const candle = (time: number, open: string, close: string, high: string, low: string): Candle => ({
  time,
  open,
  close,
  high,
  low,
  volume: '1',
});
const CANDLES = [
  candle(60_000, '100', '110', '112', '95'),
  candle(120_000, '110', '104', '115', '100'),
  candle(180_000, '104', '108', '120', '103'),
];
const dom = testRootPerTest();
const price = (value: number) => value.toFixed(1);

describe('CandlePreview', () => {
  /** The path data of one trend's wicks or bodies, one `M` per candle. */
  const pathOf = (trend: 'up' | 'down', part: 'wicks' | 'bodies') => {
    const paths = dom.host.querySelectorAll(`svg g[data-trend="${trend}"] path`);
    return paths.item(part === 'wicks' ? 0 : 1)?.getAttribute('d') ?? '';
  };

  it('draws one candle per bar, rising ones in the up colour and falling ones in the down colour', () => {
    dom.render(<CandlePreview candles={CANDLES} theme="white" formatPrice={price} />);
    const groups = [...dom.host.querySelectorAll('svg g')];
    expect(groups.map((group) => group.getAttribute('fill'))).toEqual([
      CHART_COLOURS.white.up,
      CHART_COLOURS.white.down,
    ]);
    // Two rising candles and one falling one, whatever the count in four elements.
    expect(pathOf('up', 'bodies').match(/M/g)).toHaveLength(2);
    expect(pathOf('down', 'bodies').match(/M/g)).toHaveLength(1);
    expect(dom.host.querySelectorAll('svg *')).toHaveLength(6);
    // The highest high (the third candle) touches the top, the lowest low (the first) the bottom.
    const [first, third] = pathOf('up', 'wicks').split('M').slice(1);
    expect(third).toMatch(/ 0V/);
    expect(first).toMatch(/V1000$/);
    expect(
      dom.host.querySelector('[data-testid="chart-preview"]')?.getAttribute('aria-hidden'),
    ).toBe('true');
  });

  it('labels the axis from the range top to its bottom', () => {
    dom.render(<CandlePreview candles={CANDLES} theme="black" formatPrice={price} />);
    const labels = [...dom.host.querySelectorAll('li')].map((item) => item.textContent);
    expect(labels).toEqual(['120.0', '111.7', '103.3', '95.0']);
  });

  it('draws a flat market as a visible band, and nothing for no candles', () => {
    dom.render(
      <CandlePreview
        candles={[candle(60_000, '5', '5', '5', '5')]}
        theme="white"
        formatPrice={price}
      />,
    );
    const height = /v([\d.]+)h/.exec(pathOf('up', 'bodies'))?.[1];
    expect(Number(height)).toBeGreaterThan(0);
    expect(dom.host.innerHTML).not.toContain('NaN');
    dom.render(<CandlePreview candles={[]} theme="white" formatPrice={price} />);
    expect(dom.host.querySelector('svg')).toBeNull();
  });
});

describe('PriceChart', () => {
  const chart = () => (
    <PriceChart
      pair={pair}
      candles={CANDLES}
      interval="1m"
      onInterval={() => undefined}
      t={t}
      theme="white"
      formats={tradingFormats('en')}
    />
  );
  const box = () => dom.host.querySelector<HTMLElement>('[data-testid="price-chart"]')!;
  const interactiveChart = () => dom.host.querySelector('[data-testid="interactive-chart"]');

  it.each(['pointerdown', 'pointerover', 'wheel'])(
    'shows the preview and loads the chart library only once the visitor reaches for it (%s)',
    async (type) => {
      dom.render(chart());
      expect(dom.host.querySelector('[data-testid="chart-preview"]')).not.toBeNull();
      expect(box().dataset.interactive).toBe('false');
      expect(interactiveChart()).toBeNull();
      await act(async () => {
        box().dispatchEvent(new MouseEvent(type, { bubbles: true }));
      });
      expect(box().dataset.interactive).toBe('true');
      await vi.waitFor(() => expect(interactiveChart()).not.toBeNull());
    },
  );

  it('keeps the preview under the chart until it has drawn, then draws it no more', async () => {
    drawn.now = false;
    dom.render(chart());
    await act(async () => {
      box().dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    });
    await vi.waitFor(() => expect(interactiveChart()).not.toBeNull());
    expect(dom.host.querySelector('[data-testid="chart-preview"]')).not.toBeNull();
    drawn.now = true;
    dom.render(chart());
    await vi.waitFor(() =>
      expect(dom.host.querySelector('[data-testid="chart-preview"]')).toBeNull(),
    );
    expect(interactiveChart()).not.toBeNull();
    drawn.now = false;
  });
});
