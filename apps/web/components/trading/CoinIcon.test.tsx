// @vitest-environment jsdom
import { testRootPerTest } from '@exchange-web/react/testing/react-root';
import { describe, expect, it } from 'vitest';
import { CoinIcon } from './CoinIcon';

const dom = testRootPerTest();

describe('CoinIcon', () => {
  it('holds the icon’s place with a blank disc until the icons call answers', () => {
    dom.render(<CoinIcon coin="BTC" icons={new Map()} />);
    const placeholder = dom.host.firstElementChild;
    expect(placeholder?.tagName).toBe('SPAN');
    expect(placeholder?.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder?.className).toMatch(/coinIcon/);
  });

  it('shows the coin’s icon, decorative, once the call gave one', () => {
    dom.render(<CoinIcon coin="BTC" icons={new Map([['BTC', '/images/coins/btc.png']])} />);
    const icon = dom.host.querySelector('img');
    expect(icon?.getAttribute('data-icon-url')).toBe('/images/coins/btc.png');
    expect(icon?.getAttribute('alt')).toBe('');
    expect(icon?.getAttribute('width')).toBe('16');
  });
});
