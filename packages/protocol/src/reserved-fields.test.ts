import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cookiePreferenceDefaults,
  localCacheDefaults,
  RESERVED_COOKIE_PREFERENCES,
  RESERVED_LOCAL_CACHE_FIELDS,
} from './registry';

/**
 * Every field of the local cache record and of the cookie preferences (SPEC 3) is either used by
 * the site or listed as reserved in the registry, never both: the lists say what is true.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The source files of the site and its packages, tests and this registry left out. */
function sources(): string[] {
  const folders = ['packages', 'apps'].flatMap((top) =>
    readdirSync(path.join(root, top)).map((name) => path.join(root, top, name)),
  );
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
        continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
        files.push(full);
    }
  };
  for (const folder of folders) walk(folder);
  return files.filter((file) => !file.endsWith(path.join('protocol', 'src', 'registry.ts')));
}

const text = sources()
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** A local cache field is used where its key is named: `localCache.get('klineInterval')`. */
const localCacheUsed = (field: string) => text.includes(`'${field}'`);
/** A cookie preference is used through the preference store or its cookie name. */
const cookieUsed = (field: string) =>
  new RegExp(`preferences\\.(?:get|set)\\('${field}'|CookieName\\.${field}\\b`).test(text);

describe('reserved fields of the local cache record and the cookie preferences', () => {
  it('lists as reserved exactly the local cache fields no source uses', () => {
    const unused = Object.keys(localCacheDefaults).filter((field) => !localCacheUsed(field));
    expect(unused.sort()).toEqual([...RESERVED_LOCAL_CACHE_FIELDS].sort());
  });

  it('lists as reserved exactly the cookie preferences no source uses', () => {
    const unused = Object.keys(cookiePreferenceDefaults).filter((field) => !cookieUsed(field));
    expect(unused.sort()).toEqual([...RESERVED_COOKIE_PREFERENCES].sort());
  });
});
