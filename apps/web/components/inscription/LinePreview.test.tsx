// @vitest-environment jsdom
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from '../charts/chart-colours';
import { LinePreview } from './LinePreview';

const dom = testRootPerTest();
const price = (value: number) => value.toFixed(2);
const points = (...values: number[]) => values.map((value, index) => ({ time: index * 60, value }));

describe('LinePreview', () => {
  it('draws the line from the first point to the last, highest at the top, over its area', () => {
    dom.render(<LinePreview points={points(2, 4, 3)} theme="white" formatPrice={price} />);
    expect(dom.host.querySelector('polyline')?.getAttribute('points')).toBe(
      '0,1000 500,0 1000,500',
    );
    expect(dom.host.querySelector('polygon')?.getAttribute('points')).toBe(
      '0,1000 0,1000 500,0 1000,500 1000,1000',
    );
    expect([...dom.host.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '4.00',
      '3.33',
      '2.67',
      '2.00',
    ]);
  });

  it('is green when the period ended higher than it began, red otherwise', () => {
    dom.render(<LinePreview points={points(1, 3)} theme="black" formatPrice={price} />);
    expect(dom.host.querySelector('polyline')?.getAttribute('stroke')).toBe(CHART_COLOURS.black.up);
    dom.render(<LinePreview points={points(3, 1)} theme="black" formatPrice={price} />);
    expect(dom.host.querySelector('polyline')?.getAttribute('stroke')).toBe(
      CHART_COLOURS.black.down,
    );
  });

  it('draws one point or a flat history without NaN, and nothing for no points', () => {
    dom.render(<LinePreview points={points(5)} theme="white" formatPrice={price} />);
    expect(dom.host.innerHTML).not.toContain('NaN');
    dom.render(<LinePreview points={points(5, 5, 5)} theme="white" formatPrice={price} />);
    expect(dom.host.innerHTML).not.toContain('NaN');
    dom.render(<LinePreview points={[]} theme="white" formatPrice={price} />);
    expect(dom.host.querySelector('svg')).toBeNull();
  });
});
