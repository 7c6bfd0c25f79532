import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { SigningConfig } from '../config';
import type { Database } from '../db/database';

/** A server key pair: the sign config hands out its public key, logins are wrapped for it. */
export interface ServerKey {
  keyId: string;
  /** Base64 SPKI DER of the RSA-2048 public key: the sign config's `serverPublicKey`. */
  publicKey: string;
  privateKey: KeyObject;
  /** Whether a newer key replaced it (it still decrypts during the grace). */
  retired: boolean;
}

type KeyTiming = Pick<SigningConfig, 'signKeyRotationMs' | 'signKeyGraceMs' | 'signKeyCacheMs'>;

interface ServerKeyRow {
  key_id: string;
  public_key: string;
  private_key_pem: string;
  retired: boolean;
  due: boolean;
}

/** The server key size: RSA-2048, wrapping 48 bytes with OAEP/SHA-256 (DESIGN "Wire formats"). */
export const SERVER_KEY_BITS = 2048;

// Any constant works as long as every process uses the same one: it serialises rotations.
const ROTATION_LOCK_KEY = 7_245_008;

// NOTE: all key times come from the database clock (now()), so processes with drifting clocks agree.
const MS = `::double precision * interval '1 millisecond'`;

const generateRsaKeyPair = promisify(generateKeyPair);

/** A fresh RSA-2048 pair: public as base64 SPKI DER, private as PKCS#8 PEM. */
async function newKeyPair(): Promise<{ publicKey: string; privateKeyPem: string }> {
  const pair = await generateRsaKeyPair('rsa', {
    modulusLength: SERVER_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: pair.publicKey.toString('base64'), privateKeyPem: pair.privateKey };
}

/**
 * The server key pairs, kept in the database (table sign_server_keys) and rotated on a schedule.
 * Each process caches what it read for a short while; the first process to find the current key
 * due rotates it, under an advisory lock, and the others read the new one.
 */
export class ServerKeyStore {
  readonly #db: Database;
  readonly #timing: KeyTiming;
  readonly #now: () => number;
  // Per-process cache, not shared state: the keys live in the database, this copy is at most
  // signKeyCacheMs old, and a login for a key it lacks reads them again (keys({ fresh: true })).
  #cache: { keys: ServerKey[]; readAt: number } | undefined;
  #reading: Promise<ServerKey[]> | undefined;
  // Pure cache: each row's private key PEM never changes, so its parsed KeyObject can be kept.
  readonly #privateKeys = new Map<string, KeyObject>();

  constructor(db: Database, timing: KeyTiming, now: () => number = () => Date.now()) {
    this.#db = db;
    this.#timing = timing;
    this.#now = now;
  }

  /** The key the sign config hands out (made or rotated first when none is current or it is due). */
  async current(): Promise<ServerKey> {
    const [current] = await this.keys();
    if (!current) throw new Error('no current server sign key after a rotation');
    return current;
  }

  /**
   * The keys that decrypt a login: the current one first, then those retired within the grace,
   * newest first. `fresh` skips the cache (a login wrapped for a key this process has not read yet).
   */
  async keys(options: { fresh?: boolean } = {}): Promise<readonly ServerKey[]> {
    const cache = this.#cache;
    if (!options.fresh && cache && this.#now() - cache.readAt < this.#timing.signKeyCacheMs) {
      return cache.keys;
    }
    // Concurrent requests of one process share one read (and at most one rotation).
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<ServerKey[]> {
    let rows = await this.#select();
    const current = rows[0];
    if (!current || current.retired || current.due) {
      await this.#rotate();
      rows = await this.#select();
    }
    const keys = rows.map((row) => this.#toKey(row));
    for (const keyId of this.#privateKeys.keys()) {
      if (!keys.some((key) => key.keyId === keyId)) this.#privateKeys.delete(keyId);
    }
    this.#cache = { keys, readAt: this.#now() };
    return keys;
  }

  #select(): Promise<ServerKeyRow[]> {
    return this.#db.query<ServerKeyRow>(
      `SELECT key_id::text AS key_id, public_key, private_key_pem,
         retired_at IS NOT NULL AS retired,
         (retired_at IS NULL AND created_at <= now() - $1${MS}) AS due
       FROM sign_server_keys
       WHERE retired_at IS NULL OR retired_at > now() - $2${MS}
       ORDER BY retired_at IS NULL DESC, retired_at DESC`,
      [this.#timing.signKeyRotationMs, this.#timing.signKeyGraceMs],
    );
  }

  /** Retires the current key and adds a new one, unless another process just did. */
  async #rotate(): Promise<void> {
    // Made before the lock is taken, so no transaction waits on RSA key generation; a process
    // that loses the race throws its pair away.
    const pair = await newKeyPair();
    await this.#db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [ROTATION_LOCK_KEY]);
      const [current] = await tx.query<{ due: boolean }>(
        `SELECT created_at <= now() - $1${MS} AS due
         FROM sign_server_keys WHERE retired_at IS NULL`,
        [this.#timing.signKeyRotationMs],
      );
      if (current && !current.due) return;
      await tx.query('UPDATE sign_server_keys SET retired_at = now() WHERE retired_at IS NULL');
      await tx.query('INSERT INTO sign_server_keys (public_key, private_key_pem) VALUES ($1, $2)', [
        pair.publicKey,
        pair.privateKeyPem,
      ]);
    });
  }

  #toKey(row: ServerKeyRow): ServerKey {
    let privateKey = this.#privateKeys.get(row.key_id);
    if (!privateKey) {
      privateKey = createPrivateKey(row.private_key_pem);
      this.#privateKeys.set(row.key_id, privateKey);
    }
    return { keyId: row.key_id, publicKey: row.public_key, privateKey, retired: row.retired };
  }
}

/** Deletes server keys whose grace has ended: they decrypt nothing any more. */
export async function sweepServerKeys(db: Pick<Database, 'query'>, graceMs: number): Promise<void> {
  await db.query(`DELETE FROM sign_server_keys WHERE retired_at < now() - $1${MS}`, [graceMs]);
}
