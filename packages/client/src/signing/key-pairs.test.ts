import 'fake-indexeddb/auto';
import { LocalStorageKey } from '@exchange-web/protocol/registry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, type KeyValueStorage } from '../key-value-storage';
import { freshDatabaseName, verifiesWith } from '../testing/signing-fixture';
import { defaultTimers } from '../timers';
import type { FailureDetail, FailureEventName } from './failure-report';
import { KeyPairStore, type KeyPairStoreOptions, type KeyRecordStore } from './key-pairs';
import { indexedDbKeyRecords, memoryKeyRecords } from './key-records';
import { signText } from './wire-crypto';

const { subtle } = globalThis.crypto;
let events: { event: FailureEventName; detail: FailureDetail }[];
beforeEach(() => {
  events = [];
});
afterEach(() => {
  vi.useRealTimers();
});

// A fresh store; pass the same storage and records to play a reload of the page.
function store(
  storage: KeyValueStorage,
  records: () => Promise<KeyRecordStore>,
  options: Partial<KeyPairStoreOptions> = {},
) {
  return new KeyPairStore({
    storage,
    openKeyRecords: records,
    subtle: () => subtle,
    isSecureContext: () => true,
    timers: defaultTimers,
    reportFailure: (event, detail) => events.push({ event, detail }),
    ...options,
  });
}

const metadataOf = (storage: KeyValueStorage, key: string): unknown =>
  JSON.parse(storage.getItem(key) ?? 'null');

describe('client key pairs', () => {
  it('makes a pair on first use, then a backup in the background', async () => {
    const storage = memoryStorage();
    const keys = store(storage, async () => memoryKeyRecords());
    const ensured = await keys.ensure('rsa1024');
    expect(ensured?.isNew).toBe(true);
    expect(ensured?.pair).toMatchObject({ algorithm: 'rsa1024', boundUserId: '' });
    const signature = await signText(subtle, ensured?.pair.privateKey as CryptoKey, 'data');
    expect(verifiesWith(ensured?.pair.publicKey ?? '', 'data', signature)).toBe(true);
    await keys.idle();
    const backup = await keys.backup();
    expect(backup?.publicKey).toBeDefined();
    expect(backup?.publicKey).not.toBe(ensured?.pair.publicKey);
    expect(await keys.ensure('rsa1024')).toEqual({ pair: ensured?.pair, isNew: false });
  });

  it('makes rsa2048 keys when asked', async () => {
    const keys = store(memoryStorage(), async () => memoryKeyRecords());
    const ensured = await keys.ensure('rsa2048');
    expect(ensured?.pair.privateKey.algorithm).toMatchObject({ modulusLength: 2048 });
    await keys.idle();
  });

  it('keeps the private key non-extractable in IndexedDB, and only metadata in local storage', async () => {
    const storage = memoryStorage();
    const name = freshDatabaseName();
    const first = store(storage, () => indexedDbKeyRecords(name));
    const made = (await first.ensure('rsa1024'))?.pair;
    await first.idle();

    // A reload: a new store over the same storages reads the very key back.
    const second = store(storage, () => indexedDbKeyRecords(name));
    const loaded = await second.current();
    expect(loaded?.publicKey).toBe(made?.publicKey);
    expect(loaded?.privateKey.extractable).toBe(false);
    await expect(subtle.exportKey('pkcs8', loaded?.privateKey as CryptoKey)).rejects.toThrow();
    const signature = await signText(subtle, loaded?.privateKey as CryptoKey, 'after reload');
    expect(verifiesWith(made?.publicKey ?? '', 'after reload', signature)).toBe(true);

    for (const key of [LocalStorageKey.signKeyPair, LocalStorageKey.backupSignKeyPair]) {
      const metadata = metadataOf(storage, key) as Record<string, unknown>;
      expect(Object.keys(metadata).sort()).toEqual([
        'algorithm',
        'boundUserId',
        'publicKey',
        'saved',
      ]);
      expect(storage.getItem(key)).not.toMatch(/PRIVATE|privateKey/);
    }
  });

  it('records a binding to a user for the main pair only', async () => {
    const storage = memoryStorage();
    const keys = store(storage, async () => memoryKeyRecords());
    const pair = (await keys.ensure('rsa1024'))?.pair;
    keys.bind('some other key', 'u1');
    expect((await keys.current())?.boundUserId).toBe('');
    keys.bind(pair?.publicKey ?? '', 'u1');
    expect((await keys.current())?.boundUserId).toBe('u1');
    expect(metadataOf(storage, LocalStorageKey.signKeyPair)).toMatchObject({ boundUserId: 'u1' });
    await keys.idle();
  });

  it('drops metadata whose private key is gone', async () => {
    const storage = memoryStorage({
      [LocalStorageKey.signKeyPair]: JSON.stringify({
        publicKey: 'AAAA',
        algorithm: 'rsa1024',
        saved: 1,
        boundUserId: 'u1',
      }),
    });
    const keys = store(storage, async () => memoryKeyRecords());
    expect(await keys.current()).toBeUndefined();
    expect(storage.getItem(LocalStorageKey.signKeyPair)).toBeNull();
  });

  it('uses the backup when making a new pair times out after 8 s', async () => {
    const storage = memoryStorage();
    const records = memoryKeyRecords();
    const first = store(storage, async () => records);
    await first.ensure('rsa1024');
    await first.idle();
    const backup = await first.backup();
    // The main pair is lost (storage cleared in part); the backup remains.
    storage.removeItem(LocalStorageKey.signKeyPair);
    await records.delete(LocalStorageKey.signKeyPair);

    vi.useFakeTimers();
    const stuck = store(storage, async () => records, {
      generate: () => new Promise<CryptoKeyPair>(() => undefined),
    });
    const pending = stuck.ensure('rsa1024');
    await vi.advanceTimersByTimeAsync(7999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const ensured = await pending;
    expect(ensured).toMatchObject({ isNew: true, pair: { publicKey: backup?.publicKey } });
    expect(events).toEqual([
      { event: 'genKeypairFailed', detail: { reason: 'keyGenerationTimedOut' } },
    ]);
    expect((await stuck.current())?.publicKey).toBe(backup?.publicKey);
    expect(storage.getItem(LocalStorageKey.backupSignKeyPair)).toBeNull();
  });

  it('logs genKeypairFailed and has no pair when generation fails with no backup', async () => {
    const failure = new Error('OperationError');
    const keys = store(memoryStorage(), async () => memoryKeyRecords(), {
      generate: () => Promise.reject(failure),
    });
    expect(await keys.ensure('rsa1024')).toBeUndefined();
    expect(events).toEqual([
      { event: 'genKeypairFailed', detail: { reason: 'keyGenerationFailed', cause: failure } },
    ]);
  });

  it('makes no key outside a secure context', async () => {
    const generate = vi.fn<(algorithm: string) => Promise<CryptoKeyPair>>();
    const keys = store(memoryStorage(), async () => memoryKeyRecords(), {
      isSecureContext: () => false,
      generate,
    });
    expect(await keys.ensure('rsa1024')).toBeUndefined();
    expect(generate).not.toHaveBeenCalled();
    expect(events).toEqual([{ event: 'genKeypairFailed', detail: { reason: 'insecureContext' } }]);
  });

  it('makes one pair for concurrent callers', async () => {
    const keys = store(memoryStorage(), async () => memoryKeyRecords());
    const [left, right] = await Promise.all([keys.ensure('rsa1024'), keys.ensure('rsa1024')]);
    expect(left?.pair.publicKey).toBe(right?.pair.publicKey);
    await keys.idle();
  });
});
