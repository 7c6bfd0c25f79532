import { createHash, randomBytes } from 'node:crypto';

/** A new session or refresh token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, hex. A leaked table signs nobody in. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
