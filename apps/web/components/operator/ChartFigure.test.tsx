// @vitest-environment jsdom
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TWO_HOURS } from './chart-test-series';
import { ChartFigure, type ChartFigureProps } from './ChartFigure';

// The drawing itself is StackedBars' (tested beside it); here the figure around it.
vi.mock('next/dynamic', () => ({ default: () => () => null }));

const dom = testRootPerTest();

const series = TWO_HOURS;

const mount = (overrides: Partial<ChartFigureProps> = {}) =>
  dom.render(
    <ChartFigure
      title="Events per type"
      series={series}
      description="Events of each type per hour"
      categoryHeading="Time"
      tableLabel="Show as a table"
      rtl={false}
      formatNumber={(value) => `#${value}`}
      {...overrides}
    />,
  );

const cells = () =>
  [...dom.host.querySelectorAll('tbody tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent),
  );

describe('a chart figure', () => {
  it('names each series in a legend in its colour', () => {
    mount();
    const items = [...dom.host.querySelectorAll('li')];
    expect(items.map((item) => item.textContent)).toEqual(['Click', 'Page view']);
    expect(items.map((item) => item.querySelector('span')?.style.background)).toEqual([
      'rgb(31, 111, 235)',
      'rgb(227, 98, 9)',
    ]);
  });

  it('makes its table of numbers only once it is opened, a row per label', () => {
    mount();
    const details = dom.host.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('Show as a table');
    expect(dom.host.querySelector('table')).toBeNull();
    act(() => {
      details?.setAttribute('open', '');
      details?.dispatchEvent(new Event('toggle'));
    });
    expect(cells()).toEqual([
      ['00:00', '#1', '#2'],
      ['01:00', '', '#3'],
    ]);
  });

  it('keeps its places, empty, while the data loads', () => {
    mount({ series: null });
    expect(dom.host.querySelector('li')).toBeNull();
    expect(dom.host.querySelector('details')).toBeNull();
    expect(dom.host.querySelector('figcaption')?.textContent).toBe('Events per type');
  });
});
