import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import { createCookiePreferences } from './cookie-preferences';
import { memoryStorage } from './key-value-storage';
import { LocalCache } from './local-cache';
import { applyTheme, resolveTheme, themeClassName } from './theme';

class FakeClassList {
  readonly values = new Set<string>();
  add(name: string) {
    this.values.add(name);
  }
  remove(name: string) {
    this.values.delete(name);
  }
}

describe('theme', () => {
  it.each([
    [{ query: 'dark' }, 'black'],
    [{ query: 'light', cookie: 'black' }, 'white'],
    [{ query: 'black' }, 'black'],
    // A value that names no theme does not override the cookie.
    [{ query: 'sepia', cookie: 'black' }, 'black'],
    [{ query: 'sepia' }, 'white'],
    [{ query: 'Dark', cookie: 'black' }, 'black'],
    [{ query: 'light', cookie: 'dark' }, 'white'],
    [{ cookie: 'black' }, 'black'],
    [{ cookie: 'dark' }, 'black'],
    [{ cookie: 'purple' }, 'white'],
    [{}, 'white'],
    [{ query: '', cookie: 'black' }, 'black'],
  ])('%o renders %s', (input, expected) => {
    expect(resolveTheme(input)).toBe(expected);
  });

  it('updates the page class, the cookie and local storage on a change', () => {
    const classList = new FakeClassList();
    classList.add(themeClassName('white'));
    const jar = memoryCookieJar();
    const storage = memoryStorage();
    applyTheme('black', {
      root: { classList: classList as unknown as DOMTokenList },
      preferences: createCookiePreferences(jar),
      localCache: new LocalCache(storage),
    });
    expect([...classList.values]).toEqual(['theme-black']);
    expect(jar.get('theme')).toBe('black');
    expect(JSON.parse(storage.getItem('local_cache') ?? '{}').globalTheme).toBe('black');
  });
});
