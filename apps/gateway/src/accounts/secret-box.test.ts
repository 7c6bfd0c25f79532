import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretsKey, SECRETS_KEY_FILE, SecretBox } from './secret-box';

const box = new SecretBox(randomBytes(32));

describe('SecretBox', () => {
  it('opens what it sealed for the same owner, and seals alike texts differently', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
  });

  it('refuses another owner, another key, a changed byte and a malformed value', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'user-1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, 'user-1')).toThrow();
    expect(() => box.open('secret', 'user-1')).toThrow(/v1/);
    expect(() => box.open('v1.AAAA', 'user-1')).toThrow(/short/);
  });

  it('takes a key of 32 bytes only', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('loadSecretsKey', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the configured key', () => {
    expect(loadSecretsKey('ab'.repeat(32), '/nowhere').toString('hex')).toBe('ab'.repeat(32));
  });

  it('makes a key in the data folder at the first start, readable by its owner only, and keeps it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const first = loadSecretsKey(undefined, path.join(dir, 'data'));
    const file = path.join(dir, 'data', SECRETS_KEY_FILE);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey(undefined, path.join(dir, 'data')).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
  });

  it('refuses a damaged key file and a start with neither key nor folder', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    writeFileSync(path.join(dir, SECRETS_KEY_FILE), 'not a key');
    expect(() => loadSecretsKey(undefined, dir)).toThrow(/64 hex/);
    expect(() => loadSecretsKey(undefined, '')).toThrow(/no data folder/);
  });
});
