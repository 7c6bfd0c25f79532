import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { describe, expect, it } from 'vitest';
import { storedDeviceId, storedTerminalCode } from './device-ids';
import { memoryStorage, type KeyValueStorage } from './key-value-storage';
import { LocalCache } from './local-cache';

const counter = () => {
  let next = 0;
  return () => `id${(next += 1)}`;
};

const refusing = (): KeyValueStorage => ({
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => undefined,
});

describe('device id', () => {
  it('reads the fingerprint the tracker stored', () => {
    const storage = memoryStorage({ [LocalStorageKey.deviceFingerprint]: 'fingerprint' });
    expect(storedDeviceId(storage, counter())()).toBe('fingerprint');
  });

  it('keeps one provisional id for the page until then, and never writes the tracker key', () => {
    const storage = memoryStorage();
    const deviceId = storedDeviceId(storage, counter());
    expect([deviceId(), deviceId()]).toEqual(['id1', 'id1']);
    expect(storage.getItem(LocalStorageKey.deviceFingerprint)).toBeNull();
  });

  it('takes a fingerprint written later at once', () => {
    const storage = memoryStorage();
    const deviceId = storedDeviceId(storage, counter());
    deviceId();
    storage.setItem(LocalStorageKey.deviceFingerprint, 'fingerprint');
    expect(deviceId()).toBe('fingerprint');
  });

  it('keeps one id in memory when storage refuses', () => {
    const deviceId = storedDeviceId(refusing(), counter());
    expect([deviceId(), deviceId()]).toEqual(['id1', 'id1']);
  });
});

describe('terminal code', () => {
  it('keeps one provisional code for the page until one is stored, and writes none', () => {
    const storage = memoryStorage();
    const cache = new LocalCache(storage);
    const terminalCode = storedTerminalCode(storage, cache, counter());
    expect([terminalCode(), terminalCode()]).toEqual(['id1', 'id1']);
    expect(storage.getItem(LocalStorageKey.terminalCode)).toBeNull();
    expect(cache.get('terminalCode')).toBe('');
  });

  it('reads the key first, then the local cache record', () => {
    const storage = memoryStorage({
      [LocalStorageKey.localCache]: JSON.stringify({ terminalCode: 'from-cache' }),
    });
    const cache = new LocalCache(storage);
    const terminalCode = storedTerminalCode(storage, cache, counter());
    expect(terminalCode()).toBe('from-cache');
    storage.setItem(LocalStorageKey.terminalCode, 'from-key');
    expect(terminalCode()).toBe('from-key');
  });
});
