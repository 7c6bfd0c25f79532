import { localCacheDefaults } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './key-value-storage';
import { LocalCache } from './local-cache';

describe('local cache record', () => {
  it('starts from every default of the spec', () => {
    const cache = new LocalCache(memoryStorage());
    expect(cache.snapshot()).toEqual(localCacheDefaults);
    expect(cache.get('klineInterval')).toBe(1);
    expect(cache.get('topDownloadVisible')).toBe(true);
    expect(cache.get('positionFilterMargin')).toBe('all');
  });

  it('reads storage once, on first use', () => {
    const storage = memoryStorage({ local_cache: JSON.stringify({ globalTheme: 'black' }) });
    let reads = 0;
    const counting = { ...storage, getItem: (key: string) => ((reads += 1), storage.getItem(key)) };
    const cache = new LocalCache(counting);
    expect(reads).toBe(0);
    expect(cache.get('globalTheme')).toBe('black');
    cache.get('globalLocale');
    cache.set('klineInterval', 5);
    expect(reads).toBe(1);
  });

  it('writes nothing when a set does not change the value', () => {
    const storage = memoryStorage();
    const cache = new LocalCache(storage);
    cache.set('globalLocale', 'en');
    cache.set('skipGuide', false);
    expect(storage.writes).toBe(0);
    cache.set('globalLocale', 'ja');
    cache.set('globalLocale', 'ja');
    expect(storage.writes).toBe(1);
    expect(JSON.parse(storage.getItem('local_cache') ?? '{}').globalLocale).toBe('ja');
  });

  it('ignores mistyped or corrupt stored values', () => {
    const corrupt = new LocalCache(memoryStorage({ local_cache: '{not json' }));
    expect(corrupt.get('klineInterval')).toBe(1);
    const mistyped = new LocalCache(
      memoryStorage({ local_cache: '{"klineInterval":"5","skipGuide":true}' }),
    );
    expect(mistyped.get('klineInterval')).toBe(1);
    expect(mistyped.get('skipGuide')).toBe(true);
  });

  it('keeps a value in memory when storage throws on write', () => {
    const throwing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const cache = new LocalCache(throwing);
    cache.set('fiatName', 'JPY');
    expect(cache.get('fiatName')).toBe('JPY');
  });
});
