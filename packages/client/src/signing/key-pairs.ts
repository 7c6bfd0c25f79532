import { FailureEvent } from '@exchange-web/protocol/codes';
import {
  KeyAlgorithm,
  LocalStorageKey,
  Timing,
  type KeyAlgorithm as KeyAlgorithmName,
} from '@exchange-web/protocol/registry';
import type { KeyValueStorage } from '../key-value-storage';
import type { Timers } from '../timers';
import type { FailureReason, ReportFailure } from './failure-report';
import { exportPublicKey, generateSigningKeyPair } from './wire-crypto';

/**
 * What local storage keeps of a key pair (SPEC 3 "Key pair"), never the private key.
 * NOTE: the private key lives in IndexedDB only, as a non-extractable CryptoKey (DESIGN.md
 * "Secure by default"); SPEC 3's privateKeyPem is deliberately not kept anywhere.
 */
export interface KeyPairMetadata {
  /** Base64 SPKI, as sent in `publicKey` and `device-sign-key`. */
  publicKey: string;
  algorithm: KeyAlgorithmName;
  /** When the pair was made, ms since the epoch. */
  saved: number;
  /** The user the gateway bound this key to at the last login (SPEC 4), '' when none. */
  boundUserId: string;
}

/** A usable key pair: its metadata and its private key. */
export interface SigningKeyPair extends KeyPairMetadata {
  /** Non-extractable: it signs, and cannot be read out. */
  readonly privateKey: CryptoKey;
}

/** A key pair as {@link KeyPairStore.ensure} hands it out. */
export interface EnsuredKeyPair {
  pair: SigningKeyPair;
  /** Whether this call made it (or promoted the backup), so it existed before no request. */
  isNew: boolean;
}

/** The record of a key pair in IndexedDB: structured-cloned, CryptoKey included. */
interface KeyRecord {
  privateKey: CryptoKey;
  publicKey: string;
  algorithm: KeyAlgorithmName;
  saved: number;
}

/** Where the key records go: the IndexedDB area `common` by default. */
export interface KeyRecordStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface KeyPairStoreOptions {
  /** Local storage, for the metadata. */
  storage: KeyValueStorage;
  /** Opens the store of the private keys (called once, on first use). */
  openKeyRecords(): Promise<KeyRecordStore>;
  /** WebCrypto's `subtle`, or undefined where there is none. */
  subtle(): SubtleCrypto | undefined;
  /** SPEC 5: keys are made only in a secure context (https; browsers count localhost). */
  isSecureContext(): boolean;
  /** Makes a key pair; the default is WebCrypto with a non-extractable private key. */
  generate?: (algorithm: KeyAlgorithmName) => Promise<CryptoKeyPair>;
  timers: Timers;
  /** SPEC 5, 9: generation gives up after this and the backup is used. @default 8000 */
  keyGenTimeoutMs?: number;
  /** Where generation failures go (SPEC 8: as genKeypairFailed). */
  reportFailure: ReportFailure;
}

type Slot = typeof LocalStorageKey.signKeyPair | typeof LocalStorageKey.backupSignKeyPair;
// The IndexedDB record of a pair is kept under the same name as its metadata.
const MAIN: Slot = LocalStorageKey.signKeyPair;
const BACKUP: Slot = LocalStorageKey.backupSignKeyPair;

const algorithms: ReadonlySet<string> = new Set(Object.values(KeyAlgorithm));

function readMetadata(storage: KeyValueStorage, slot: Slot): KeyPairMetadata | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(slot) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { publicKey, algorithm, saved, boundUserId } = value as Record<string, unknown>;
    if (typeof publicKey !== 'string' || typeof algorithm !== 'string') return undefined;
    if (!algorithms.has(algorithm) || typeof saved !== 'number') return undefined;
    return {
      publicKey,
      algorithm: algorithm as KeyAlgorithmName,
      saved,
      boundUserId: typeof boundUserId === 'string' ? boundUserId : '',
    };
  } catch {
    return undefined;
  }
}

function isKeyRecord(value: unknown): value is KeyRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof CryptoKey !== 'undefined' &&
    record.privateKey instanceof CryptoKey &&
    typeof record.publicKey === 'string' &&
    typeof record.algorithm === 'string' &&
    algorithms.has(record.algorithm) &&
    typeof record.saved === 'number'
  );
}

/**
 * The client's signing key pairs (SPEC 3, 4, 5): one main pair, used for request signing,
 * `initSign` and the device check, and a backup made in the background once the main one is
 * ready, used when making a main pair times out (8 s) or fails.
 *
 * Private keys are non-extractable CryptoKeys in IndexedDB and survive a reload; local storage
 * keeps only their metadata (public key, algorithm, saved time, bound user).
 * @example
 * const keys = new KeyPairStore({ storage, openKeyRecords, subtle, isSecureContext, timers, reportFailure });
 * const ensured = await keys.ensure('rsa1024'); // made on first use, then read back
 */
// SPEC 4 names no moment the key changes: a pair is kept for the device's life and made only when
// none is stored, so an algorithm change in the config applies to pairs made after it.
export class KeyPairStore {
  readonly #options: KeyPairStoreOptions;
  #records: Promise<KeyRecordStore> | undefined;
  // Private keys already read, by public key, so a signature costs no IndexedDB read.
  readonly #known = new Map<string, KeyRecord>();
  #ensuring: Promise<EnsuredKeyPair | undefined> | undefined;
  #background: Promise<void> | undefined;

  constructor(options: KeyPairStoreOptions) {
    this.#options = options;
  }

  /** The stored main pair, made by no one now; undefined when there is none. */
  current(): Promise<SigningKeyPair | undefined> {
    return this.#load(MAIN);
  }

  /** Whether local storage lists a main pair: a cheap check before any IndexedDB read. */
  hasStored(): boolean {
    return readMetadata(this.#options.storage, MAIN) !== undefined;
  }

  /** The stored backup pair, if one is ready. */
  backup(): Promise<SigningKeyPair | undefined> {
    return this.#load(BACKUP);
  }

  /**
   * The main pair, made when none is stored (only in a secure context, giving up after 8 s), else
   * the backup promoted in its place; undefined when neither can be had. Failures are logged as
   * genKeypairFailed. Starts the backup's generation in the background once a main pair is ready.
   */
  ensure(algorithm: KeyAlgorithmName): Promise<EnsuredKeyPair | undefined> {
    this.#ensuring ??= this.#ensure(algorithm).finally(() => {
      this.#ensuring = undefined;
    });
    return this.#ensuring;
  }

  /**
   * Records that the gateway bound the pair with this public key to a user (SPEC 4). A pair that
   * is no longer the main one (another tab replaced it) is left alone.
   */
  bind(publicKey: string, userId: string): void {
    const metadata = readMetadata(this.#options.storage, MAIN);
    if (!metadata || metadata.publicKey !== publicKey) return;
    this.#writeMetadata(MAIN, { ...metadata, boundUserId: userId });
  }

  /** Resolves when no background generation is running (tests; a page about to unload). */
  async idle(): Promise<void> {
    while (this.#background) await this.#background;
  }

  async #ensure(algorithm: KeyAlgorithmName): Promise<EnsuredKeyPair | undefined> {
    const existing = await this.#load(MAIN);
    if (existing) {
      this.#startBackup(existing.algorithm);
      return { pair: existing, isNew: false };
    }
    const made = await this.#generateInTime(algorithm);
    if (made.ok) {
      await this.#save(MAIN, made.record);
      this.#startBackup(algorithm);
      return { pair: { ...made.record, boundUserId: '' }, isNew: true };
    }
    this.#options.reportFailure(FailureEvent.genKeypairFailed, {
      reason: made.reason,
      ...(made.cause === undefined ? {} : { cause: made.cause }),
    });
    // SPEC 5: "times out after 8 seconds, then the backup key pair is used"; so on failure too.
    const backup = await this.#load(BACKUP);
    if (!backup) return undefined;
    const { boundUserId: _unbound, ...record } = backup;
    await this.#save(MAIN, record);
    await this.#remove(BACKUP);
    this.#startBackup(algorithm);
    return { pair: { ...backup, boundUserId: '' }, isNew: true };
  }

  async #generateInTime(
    algorithm: KeyAlgorithmName,
  ): Promise<
    { ok: true; record: KeyRecord } | { ok: false; reason: FailureReason; cause?: unknown }
  > {
    if (!this.#options.isSecureContext() || !this.#options.subtle())
      return { ok: false, reason: 'insecureContext' };
    const { timers } = this.#options;
    let timer: unknown;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = timers.setTimeout(
        () => resolve('timeout'),
        this.#options.keyGenTimeoutMs ?? Timing.keyGenTimeoutMs,
      );
    });
    try {
      // A pair that arrives after the timeout is dropped: the backup took its place.
      const outcome = await Promise.race([this.#makeRecord(algorithm), timeout]);
      if (outcome === 'timeout') return { ok: false, reason: 'keyGenerationTimedOut' };
      return { ok: true, record: outcome };
    } catch (cause) {
      return { ok: false, reason: 'keyGenerationFailed', cause };
    } finally {
      timers.clearTimeout(timer);
    }
  }

  async #makeRecord(algorithm: KeyAlgorithmName): Promise<KeyRecord> {
    const subtle = this.#options.subtle();
    if (!subtle) throw new Error('WebCrypto is not available');
    const generate =
      this.#options.generate ?? ((name: KeyAlgorithmName) => generateSigningKeyPair(subtle, name));
    const pair = await generate(algorithm);
    return {
      privateKey: pair.privateKey,
      publicKey: await exportPublicKey(subtle, pair.publicKey),
      algorithm,
      saved: this.#options.timers.now(),
    };
  }

  #startBackup(algorithm: KeyAlgorithmName) {
    if (this.#background) return;
    const work = (async () => {
      if (await this.#load(BACKUP)) return;
      if (!this.#options.isSecureContext()) return;
      try {
        await this.#save(BACKUP, await this.#makeRecord(algorithm));
      } catch (cause) {
        this.#options.reportFailure(FailureEvent.genKeypairFailed, {
          reason: 'backupGenerationFailed',
          cause,
        });
      }
    })().finally(() => {
      this.#background = undefined;
    });
    this.#background = work;
  }

  async #load(slot: Slot): Promise<SigningKeyPair | undefined> {
    const metadata = readMetadata(this.#options.storage, slot);
    let record = metadata ? this.#known.get(metadata.publicKey) : undefined;
    if (!record) {
      record = await this.#readRecord(slot);
      if (record) this.#known.set(record.publicKey, record);
    }
    if (!record) {
      // Metadata without its private key (storage cleared in part) is no key pair.
      if (metadata) this.#removeMetadata(slot);
      return undefined;
    }
    if (metadata?.publicKey === record.publicKey)
      return { ...metadata, privateKey: record.privateKey };
    // The record is the truth; metadata lost or from another tab's pair is rebuilt, unbound.
    const rebuilt: KeyPairMetadata = {
      publicKey: record.publicKey,
      algorithm: record.algorithm,
      saved: record.saved,
      boundUserId: '',
    };
    this.#writeMetadata(slot, rebuilt);
    return { ...rebuilt, privateKey: record.privateKey };
  }

  async #readRecord(slot: Slot): Promise<KeyRecord | undefined> {
    try {
      const value = await (await this.#openRecords()).get(slot);
      return isKeyRecord(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async #save(slot: Slot, record: KeyRecord) {
    this.#known.set(record.publicKey, record);
    try {
      await (await this.#openRecords()).set(slot, record);
    } catch {
      // IndexedDB refused (quota, private mode): the pair still serves this page from memory.
    }
    this.#writeMetadata(slot, {
      publicKey: record.publicKey,
      algorithm: record.algorithm,
      saved: record.saved,
      boundUserId: '',
    });
  }

  async #remove(slot: Slot) {
    this.#removeMetadata(slot);
    try {
      await (await this.#openRecords()).delete(slot);
    } catch {
      // A record left behind is the promoted key itself: read again, it is harmless.
    }
  }

  #openRecords(): Promise<KeyRecordStore> {
    this.#records ??= this.#options.openKeyRecords();
    return this.#records;
  }

  #writeMetadata(slot: Slot, metadata: KeyPairMetadata) {
    try {
      this.#options.storage.setItem(slot, JSON.stringify(metadata));
    } catch {
      // Storage refused: the pair is rebuilt from its record on the next read.
    }
  }

  #removeMetadata(slot: Slot) {
    try {
      this.#options.storage.removeItem(slot);
    } catch {
      // Storage refused: nothing else to do.
    }
  }
}
