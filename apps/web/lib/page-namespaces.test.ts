import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SHELL_NAMESPACES,
  type MessageNamespace,
  type Messages,
} from '@exchange-web/react/i18n/messages';
import en from '@exchange-web/react/i18n/messages/en.json';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES, pageMessages } from './page-namespaces';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const REACT_SRC = fileURLToPath(new URL('../../../packages/react/src/', import.meta.url));
const NAMESPACES = Object.keys(en) as MessageNamespace[];
// A key as code names it: in quotes or a template, a section then a dot and a name.
const KEY = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.[A-Za-z]`, 'g');
const IMPORT = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

/** The file an import names, for the site's own modules and @exchange-web/react; else null. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('.')
    ? path.resolve(path.dirname(from), specifier)
    : specifier.startsWith('@exchange-web/react/')
      ? path.join(REACT_SRC, specifier.slice('@exchange-web/react/'.length))
      : null;
  if (base === null) return null;
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end);
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/** Every section the modules reachable from `entry` name keys of (tests left out). */
function namespacesUsed(entry: string): Set<MessageNamespace> {
  const used = new Set<MessageNamespace>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(KEY)) used.add(match[1] as MessageNamespace);
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return used;
}

/** The Next route of a page file: `pages/spot/[symbol].tsx` is `/spot/[symbol]`. */
const routeOf = (file: string) =>
  `/${path.relative(path.join(WEB, 'pages'), file).replace(/\.tsx$/, '')}`
    .replace(/\/index$/, '')
    .replace(/^$/, '/') || '/';

const pageFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(path.join(dir, entry.name))
      : entry.name.endsWith('.tsx') && !entry.name.startsWith('_')
        ? [path.join(dir, entry.name)]
        : [],
  );

describe('the catalogue sections each page carries', () => {
  it('finds keys through the imports, so the check below can fail', () => {
    expect([...namespacesUsed(path.join(WEB, 'pages/spot/[symbol].tsx'))]).toContain('trading');
  });

  it("keeps every key the shell's modules name inside the shell's sections", () => {
    const used = namespacesUsed(path.join(WEB, 'pages/_app.tsx'));
    expect([...used].filter((name) => !SHELL_NAMESPACES.includes(name))).toEqual([]);
  });

  const pages = pageFiles(path.join(WEB, 'pages'));
  it.each(pages.map((file) => [routeOf(file), file]))(
    '%s carries every section its modules name',
    (route, file) => {
      expect(Object.keys(PAGE_NAMESPACES)).toContain(route);
      const carried = [...SHELL_NAMESPACES, ...PAGE_NAMESPACES[route]!];
      expect([...namespacesUsed(file)].filter((name) => !carried.includes(name))).toEqual([]);
    },
  );

  it('cuts the catalogue to the shell and the page, and keeps it whole for an unknown route', () => {
    const spot = pageMessages(en as Messages, '/spot/[symbol]');
    expect(Object.keys(spot).sort()).toEqual([...SHELL_NAMESPACES, 'trading'].sort());
    expect(spot.trading).toBe(en.trading);
    expect(pageMessages(en as Messages, '/no-such-route')).toBe(en);
  });
});
