import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openStorageAreas } from './storage-areas';

describe('IndexedDB storage areas', () => {
  it('creates database version 1 with the nine areas of the spec', async () => {
    const areas = await openStorageAreas('areas-test-1');
    expect(areas.areas().sort()).toEqual(
      [
        'activity',
        'common',
        'community',
        'copy',
        'earn',
        'mix',
        'separation',
        'web sdk',
        'web3',
      ].sort(),
    );
    areas.close();
    const request = indexedDB.open('areas-test-1');
    const version = await new Promise<number>((resolve) => {
      request.onsuccess = () => {
        resolve(request.result.version);
        request.result.close();
      };
    });
    expect(version).toBe(1);
  });

  it('keeps values per area across reopening', async () => {
    const first = await openStorageAreas('areas-test-2');
    await first.set('web sdk', 'queue', [{ id: 1 }]);
    await first.set('mix', 'queue', 'other area');
    first.close();
    const second = await openStorageAreas('areas-test-2');
    expect(await second.get('web sdk', 'queue')).toEqual([{ id: 1 }]);
    expect(await second.get('mix', 'queue')).toBe('other area');
    await second.delete('web sdk', 'queue');
    expect(await second.get('web sdk', 'queue')).toBeUndefined();
    second.close();
  });
});
