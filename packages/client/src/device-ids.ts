import { LocalStorageKey } from '@exchange-web/protocol/registry';
import type { KeyValueStorage } from './key-value-storage';
import type { LocalCache } from './local-cache';

const read = (storage: KeyValueStorage, key: string): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
};

const write = (storage: KeyValueStorage, key: string, value: string): void => {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage refused the write (quota, privacy settings): the id holds for this page's life.
  }
};

/**
 * The device id of the `deviceId` header until the tracker supplies the real fingerprint: the value
 * stored under the fingerprint key, else a new random id stored there on first use (SPEC 3, 9).
 * Storage is read on every call, so a fingerprint written later by the tracker takes over at once.
 */
export function storedDeviceId(storage: KeyValueStorage, createId: () => string): () => string {
  let created: string | undefined;
  return () => {
    const stored = read(storage, LocalStorageKey.deviceFingerprint);
    if (stored) return stored;
    created ??= createId();
    write(storage, LocalStorageKey.deviceFingerprint, created);
    return created;
  };
}

// SPEC 3 keeps a terminal code both in local storage (the tracker's key) and in the local cache
// record: we read the key first, then the record, and write a new one to both so they agree.
/** The `terminalCode` header: the stored code, else a random id created on first use. */
export function storedTerminalCode(
  storage: KeyValueStorage,
  localCache: LocalCache,
  createId: () => string,
): () => string {
  let created: string | undefined;
  return () => {
    const stored = read(storage, LocalStorageKey.terminalCode) || localCache.get('terminalCode');
    if (stored) return stored;
    created ??= createId();
    write(storage, LocalStorageKey.terminalCode, created);
    localCache.set('terminalCode', created);
    return created;
  };
}
