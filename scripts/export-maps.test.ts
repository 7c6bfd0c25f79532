// Every workspace package names its public entry points one by one: a module left out of its
// export map cannot be imported from outside, so what another package may reach is a choice
// written down, never "whatever file exists".
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const packages = readdirSync(path.join(root, 'packages'));

type ExportTarget = string | { types?: string; default?: string };

const exportsOf = (name: string) =>
  (
    JSON.parse(readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8')) as {
      exports: Record<string, ExportTarget>;
    }
  ).exports;

describe('package export maps', () => {
  it.each(packages)('%s lists its entry points without patterns', (name) => {
    const keys = Object.keys(exportsOf(name));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes('*'))).toEqual([]);
  });

  it.each(packages)('%s points every entry at a file that exists', (name) => {
    const missing = Object.values(exportsOf(name))
      .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
      .filter((file) => !existsSync(path.join(root, 'packages', name, file)));
    expect(missing).toEqual([]);
  });
});
