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

// NOTE: the tracker (packages/tracker, identity.ts) owns the fingerprint and terminal code keys: it
// creates each once under a lock, so tabs that start together agree (SPEC 9). The request layer
// only reads them, so it never races the tracker with an id of its own.

/**
 * The `deviceId` header: the fingerprint stored under its key, read on every call so the tracker's
 * value takes over as soon as it is written; until then one random id for this page's life.
 */
export function storedDeviceId(storage: KeyValueStorage, createId: () => string): () => string {
  let provisional: string | undefined;
  return () => read(storage, LocalStorageKey.deviceFingerprint) || (provisional ??= createId());
}

// SPEC 3 keeps a terminal code both in local storage (the tracker's key) and in the local cache
// record: the key wins, then the record.
/**
 * The `terminalCode` header: the stored code (the tracker's key, else the local cache record);
 * until one exists, one random id for this page's life.
 */
export function storedTerminalCode(
  storage: KeyValueStorage,
  localCache: LocalCache,
  createId: () => string,
): () => string {
  let provisional: string | undefined;
  return () =>
    read(storage, LocalStorageKey.terminalCode) ||
    localCache.get('terminalCode') ||
    (provisional ??= createId());
}
