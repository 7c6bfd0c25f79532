// The README promises the site runs on the Node.js that package.json declares: every installed
// package must accept the oldest Node of that range, or `npm ci` warns EBADENGINE and the package
// may use what that Node lacks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  engines?: { node?: string };
}
const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };

describe('engines', () => {
  const declared = manifest.engines.node;
  const oldest = semver.minVersion(declared);

  it('declares a Node.js range with a lowest version', () => {
    expect(oldest?.version).toBe('20.19.0');
  });

  it('locks no package that refuses the oldest declared Node.js', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const range = entry.engines?.node;
        return range !== undefined && oldest !== null && !semver.satisfies(oldest, range);
      })
      .map(([name, entry]) => `${name} (node ${entry.engines?.node ?? ''})`);
    expect(refusing).toEqual([]);
  });
});
