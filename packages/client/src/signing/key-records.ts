import { hasIndexedDb } from '../browser-globals';
import { openStorageAreas } from '../storage-areas';
import type { KeyRecordStore } from './key-pairs';

/**
 * Key records in the IndexedDB storage area `common` (SPEC 3 "Local storage areas"), where a
 * CryptoKey is stored by structured clone and stays non-extractable. Falls back to memory where
 * IndexedDB is missing or refuses to open (SSR, some private modes): keys then last one page.
 * @default name IDB_DATABASE_NAME
 */
export async function indexedDbKeyRecords(name?: string): Promise<KeyRecordStore> {
  if (!hasIndexedDb()) return memoryKeyRecords();
  try {
    const areas = await (name === undefined ? openStorageAreas() : openStorageAreas(name));
    return {
      get: (key) => areas.get('common', key),
      set: (key, value) => areas.set('common', key, value),
      delete: (key) => areas.delete('common', key),
    };
  } catch {
    return memoryKeyRecords();
  }
}

/** Key records in memory, for one page's life. */
export function memoryKeyRecords(): KeyRecordStore {
  const records = new Map<string, unknown>();
  return {
    get: async (key) => records.get(key),
    set: async (key, value) => {
      records.set(key, value);
    },
    delete: async (key) => {
      records.delete(key);
    },
  };
}
