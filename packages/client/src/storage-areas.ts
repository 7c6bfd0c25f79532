import {
  IDB_DATABASE_NAME,
  IDB_DATABASE_VERSION,
  storageAreas,
  type StorageArea,
} from '@exchange-web/protocol/registry';
import { openDB } from 'idb';

/**
 * The IndexedDB database of SPEC 3 (version 1) with one object store per storage area: common,
 * separation, mix, copy, community, activity, earn, web sdk, web3.
 */
export interface StorageAreas {
  get<T>(area: StorageArea, key: string): Promise<T | undefined>;
  set(area: StorageArea, key: string, value: unknown): Promise<void>;
  delete(area: StorageArea, key: string): Promise<void>;
  /** The object stores the database holds, for diagnostics. */
  areas(): string[];
  close(): void;
}

/** Opens (creating on first use) the storage areas; browser only, as IndexedDB is. */
export async function openStorageAreas(name: string = IDB_DATABASE_NAME): Promise<StorageAreas> {
  const db = await openDB(name, IDB_DATABASE_VERSION, {
    upgrade(database) {
      for (const area of storageAreas) {
        if (!database.objectStoreNames.contains(area)) database.createObjectStore(area);
      }
    },
  });
  return {
    get: (area, key) => db.get(area, key),
    set: async (area, key, value) => {
      await db.put(area, value, key);
    },
    delete: (area, key) => db.delete(area, key),
    areas: () => [...db.objectStoreNames],
    close: () => db.close(),
  };
}
