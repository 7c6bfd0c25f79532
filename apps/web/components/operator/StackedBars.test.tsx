// @vitest-environment jsdom
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_HOURS } from './chart-test-series';
import StackedBars from './StackedBars';

// Chartist asks for media queries as it draws; jsdom has no layout, so none matches.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => vi.unstubAllGlobals());

const dom = testRootPerTest();

const series = TWO_HOURS;

const formatNumber = (value: number) => `#${value}`;

const draw = async (rtl: boolean) => {
  dom.render(
    <StackedBars series={series} label="Events per type" rtl={rtl} formatNumber={formatNumber} />,
  );
  // Chartist draws in a task of its own after it is made.
  await vi.waitFor(() => expect(dom.host.querySelector('.ct-bar')).not.toBeNull());
  const chart = dom.host.querySelector('[data-chart]');
  const bars = [...dom.host.querySelectorAll('.ct-bar')];
  return {
    chart,
    titles: bars.map((bar) => bar.querySelector('title')?.textContent).sort(),
    strokes: bars.map((bar) => bar.getAttribute('style')?.match(/stroke: (#\w+)/)?.[1]).sort(),
    valueLabels: [...dom.host.querySelectorAll('.ct-label.ct-vertical')],
  };
};

describe('a stacked bar chart', () => {
  it('is one image named by its label, a bar per value in its series colour', async () => {
    const { chart, titles, strokes, valueLabels } = await draw(false);
    expect([chart?.getAttribute('role'), chart?.getAttribute('aria-label')]).toEqual([
      'img',
      'Events per type',
    ]);
    expect(chart?.querySelectorAll('svg')).toHaveLength(1);
    expect(titles).toEqual(['00:00, Click: #1', '00:00, Page view: #2', '01:00, Page view: #3']);
    expect(strokes).toEqual(['#1f6feb', '#e36209', '#e36209']);
    expect(valueLabels.map((label) => label.textContent)).toContain('#0');
    expect(valueLabels.every((label) => label.classList.contains('ct-start'))).toBe(true);
  });

  it('right to left, pairs each bar with its own time and stands the value axis at the end', async () => {
    const rtl = await draw(true);
    expect(rtl.titles).toEqual([
      '00:00, Click: #1',
      '00:00, Page view: #2',
      '01:00, Page view: #3',
    ]);
    expect(rtl.valueLabels.length).toBeGreaterThan(0);
    expect(rtl.valueLabels.every((label) => label.classList.contains('ct-end'))).toBe(true);
  });

  it('removes its drawing when it goes', async () => {
    await draw(false);
    dom.unmount();
    expect(dom.host.querySelector('svg')).toBeNull();
  });
});
