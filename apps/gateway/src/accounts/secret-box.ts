import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the gateway must read back (an authenticator's key) are kept encrypted with the
 * secrets key of the configuration (README "Account security"): AES-256-GCM, a fresh 12-byte IV
 * each time, the row's owner as associated data so a ciphertext copied to another user's row does
 * not open. A database dump alone reveals none of them.
 */
export class SecretBox {
  static readonly KEY_BYTES = 32;
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== SecretBox.KEY_BYTES) {
      throw new Error(`the secrets key must be ${SecretBox.KEY_BYTES} bytes`);
    }
    this.#key = Buffer.from(key);
  }

  /** `v1.` and base64url of IV, tag and ciphertext; `owner` must be given again to open it. */
  seal(plaintext: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plaintext of a sealed value; throws when it was sealed with another key or owner. */
  open(sealed: string, owner: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('a sealed secret must start with v1.');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length < 28) throw new Error('a sealed secret is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** The file the key is kept in when the configuration names none. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The secrets key: the configured one (64 hex characters), else one kept in the data folder,
 * made at the first start (readable by this user only). Read once at start, before the database
 * opens. Gateways sharing a PostgreSQL database must share the key: configure it for them.
 */
export function loadSecretsKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return Buffer.from(configured, 'hex');
  if (dataDir === '')
    throw new Error('no secrets key is configured and no data folder to keep one');
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written whole under a name of this process, then linked into place: of processes starting
    // at once, one key wins, and none reads a file half written.
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, randomBytes(SecretBox.KEY_BYTES).toString('hex'), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) {
    throw new Error(`${file} must hold the secrets key as 64 hex characters`);
  }
  return Buffer.from(text, 'hex');
}
