import {
  LocalStorageKey,
  localCacheDefaults,
  type LocalCacheRecord,
} from '@exchange-web/protocol/registry';
import type { KeyValueStorage } from './key-value-storage';

/**
 * The local cache record of SPEC 3, kept as one JSON value in local storage. It is read once, on
 * first use; a set with an unchanged value writes nothing; unknown or mistyped stored fields fall
 * back to their defaults. Storage that throws (quota, private mode) keeps the value in memory.
 */
export class LocalCache {
  readonly #storage: KeyValueStorage;
  #record: LocalCacheRecord | undefined;

  constructor(storage: KeyValueStorage) {
    this.#storage = storage;
  }

  get<K extends keyof LocalCacheRecord>(key: K): LocalCacheRecord[K] {
    return this.#load()[key];
  }

  set<K extends keyof LocalCacheRecord>(key: K, value: LocalCacheRecord[K]): void {
    const record = this.#load();
    if (Object.is(record[key], value)) return;
    this.#record = { ...record, [key]: value };
    try {
      this.#storage.setItem(LocalStorageKey.localCache, JSON.stringify(this.#record));
    } catch {
      // Storage refused the write: the value still holds for this page's life.
    }
  }

  snapshot(): Readonly<LocalCacheRecord> {
    return this.#load();
  }

  #load(): LocalCacheRecord {
    if (this.#record) return this.#record;
    const record: LocalCacheRecord = { ...localCacheDefaults };
    let stored: unknown;
    try {
      stored = JSON.parse(this.#storage.getItem(LocalStorageKey.localCache) ?? 'null');
    } catch {
      stored = null;
    }
    if (stored !== null && typeof stored === 'object') {
      for (const key of Object.keys(record) as (keyof LocalCacheRecord)[]) {
        const value = (stored as Record<string, unknown>)[key];
        if (typeof value === typeof record[key]) Object.assign(record, { [key]: value });
      }
    }
    this.#record = record;
    return record;
  }
}
