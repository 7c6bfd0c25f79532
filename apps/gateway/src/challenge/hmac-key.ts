import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

// The row of table gateway_secrets that holds the generated key.
const SECRET_NAME = 'challenge-hmac-key';

/**
 * The key that signs challenges (README, "Human verification"): the configured one, else a random
 * key made by the first process that needs it and kept in the database, so every gateway process
 * sharing the database signs and verifies alike. Read once per process.
 */
export class ChallengeHmacKey {
  readonly #db: Queryable;
  readonly #configured: string | undefined;
  // Pure cache: the stored key is written once (first insert wins) and never changes.
  #key: Promise<string> | undefined;

  constructor(db: Queryable, configured: string | undefined) {
    this.#db = db;
    this.#configured = configured;
  }

  get(): Promise<string> {
    if (this.#configured !== undefined) return Promise.resolve(this.#configured);
    this.#key ??= this.#load().catch((error: unknown) => {
      // A failed read is tried again by the next caller rather than remembered.
      this.#key = undefined;
      throw error;
    });
    return this.#key;
  }

  async #load(): Promise<string> {
    // Whoever inserts first wins; the others read the winner's key.
    await this.#db.query(
      `INSERT INTO gateway_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
      [SECRET_NAME, randomBytes(32).toString('hex')],
    );
    const [row] = await this.#db.query<{ value: string }>(
      'SELECT value FROM gateway_secrets WHERE name = $1',
      [SECRET_NAME],
    );
    if (!row) throw new Error('the challenge HMAC key is missing after it was stored');
    return row.value;
  }
}
