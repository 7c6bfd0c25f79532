import type { Queryable } from '../db/database';

/**
 * How long a gateway process trusts the upload switch it read (client_config
 * eventLogUploadSwitch), so an upload is one round trip to the database, not two. A change made
 * through this process takes effect here at once; other processes on the same database see it
 * within this time.
 */
export const UPLOAD_SWITCH_CACHE_MS = 1000;

/** The event upload switch of the client config (SPEC 4: uploading happens only when it is on). */
export class UploadSwitch {
  // A cache of the shared switch, at most cacheMs old: the switch itself lives in client_config.
  #cached: { on: boolean; readAt: number } | undefined;
  #reading: Promise<boolean> | undefined;
  // Bumped by each set(), so a read that was under way meanwhile does not bring back the old value.
  #version = 0;

  constructor(
    readonly db: Queryable,
    readonly cacheMs = UPLOAD_SWITCH_CACHE_MS,
    readonly now: () => number = Date.now,
  ) {}

  /** Whether uploading is on; read from the database at most once per cache period. */
  async isOn(): Promise<boolean> {
    const cached = this.#cached;
    if (cached && this.now() - cached.readAt < this.cacheMs) return cached.on;
    // Concurrent uploads after the cache ran out share one read.
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** Turns uploading on or off for every process on the database, and at once for this one. */
  async set(on: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO client_config (key, value, updated_at)
       VALUES ('eventLogUploadSwitch', $1::jsonb, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(on)],
    );
    this.#version += 1;
    this.#cached = { on, readAt: this.now() };
  }

  async #read(): Promise<boolean> {
    const readAt = this.now();
    const version = this.#version;
    const [row] = await this.db.query<{ value: unknown }>(
      "SELECT value FROM client_config WHERE key = 'eventLogUploadSwitch'",
    );
    const on = row?.value === true;
    // A set() that finished while this read was under way wins: it is newer.
    if (version !== this.#version && this.#cached) return this.#cached.on;
    this.#cached = { on, readAt };
    return on;
  }
}
