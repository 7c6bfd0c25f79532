// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { browserRefetchPlatform } from './refetch-policy';

const setVisibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

afterEach(() => setVisibility('visible'));

describe('the browser refetch platform', () => {
  it('reads the page visibility at each call', () => {
    const platform = browserRefetchPlatform();
    expect(platform.isVisible()).toBe(true);
    setVisibility('hidden');
    expect(platform.isVisible()).toBe(false);
  });

  it('hears the page shown or hidden and the window focused, until cleaned up', () => {
    const platform = browserRefetchPlatform();
    let heard = 0;
    const stop = platform.onFocusChange(() => (heard += 1));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    expect(heard).toBe(2);
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    expect(heard).toBe(2);
  });
});
