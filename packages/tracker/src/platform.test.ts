// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { browserPlatform } from './platform';

describe('browserPlatform in a page', () => {
  it('wraps pushState and replaceState, hears popstate, and restores the originals', () => {
    const platform = browserPlatform();
    const push = history.pushState;
    const changes = vi.fn();
    const off = platform.onHistoryChange(changes);
    history.pushState({}, '', '/a');
    history.replaceState({}, '', '/b');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(changes).toHaveBeenCalledTimes(3);
    expect(platform.page()?.pathname).toBe('/b');
    off();
    expect(history.pushState).toBe(push);
    history.pushState({}, '', '/c');
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('reads storage, page, device and cookies, and listens until told to stop', async () => {
    const platform = browserPlatform();
    platform.localStorage()?.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(platform.device()?.networkType).toBe('unknown');
    expect(platform.page()?.hidden).toBe(false);
    const jar = await platform.cookies();
    jar?.set('fp_mark_0', '1.x', 365);
    expect(jar?.get('fp_mark_0')).toBe('1.x');
    const heard = vi.fn();
    const off = platform.listen('document', 'visibilitychange', heard);
    document.dispatchEvent(new Event('visibilitychange'));
    off();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(platform.randomUUID()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers undefined when storage access throws', () => {
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(browserPlatform().localStorage()).toBeUndefined();
    spy.mockRestore();
  });
});
