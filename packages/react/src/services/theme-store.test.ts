import { describe, expect, it, vi } from 'vitest';
import { createThemeStore } from './theme-store';

function targets() {
  const classes = new Set<string>();
  const classList = {
    add: (name: string) => void classes.add(name),
    remove: (name: string) => void classes.delete(name),
  } as unknown as DOMTokenList;
  return {
    classes,
    root: { classList },
    preferences: { set: vi.fn(), get: vi.fn() } as never,
    localCache: { set: vi.fn() },
  };
}

describe('theme store', () => {
  it('toggles between the two themes, applying each to the page and the preferences', () => {
    const page = targets();
    const store = createThemeStore({ initial: 'black', targets: page });
    const listener = vi.fn();
    store.subscribe(listener);
    store.toggle();
    expect(store.getState()).toBe('white');
    expect([...page.classes]).toEqual(['theme-white']);
    expect(page.localCache.set).toHaveBeenCalledWith('globalTheme', 'white');
    store.toggle();
    expect(store.getState()).toBe('black');
    expect([...page.classes]).toEqual(['theme-black']);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('follows a rendered theme without applying it again, and tells no one when unchanged', () => {
    const page = targets();
    const store = createThemeStore({ initial: 'black', targets: page });
    const listener = vi.fn();
    store.subscribe(listener);
    store.follow('black');
    expect(listener).not.toHaveBeenCalled();
    store.follow('white');
    expect(store.getState()).toBe('white');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(page.localCache.set).not.toHaveBeenCalled();
  });

  it('keeps the state alone while server rendering', () => {
    const store = createThemeStore({ initial: 'white', targets: null });
    store.toggle();
    expect(store.getState()).toBe('black');
  });
});
