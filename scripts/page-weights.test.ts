// The page-family weights read the site's build output: a fixture build stands in for it here.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_FAMILIES,
  formatPageWeights,
  onDemandImportFiles,
  pageWeights,
} from './page-weights.mjs';

let webDir: string;
// Incompressible-ish content of a given length, so sizes differ by file.
const script = (seed: number, length: number) =>
  Array.from({ length }, (_, index) => String.fromCharCode(33 + ((index * seed * 7919) % 90))).join(
    '',
  );
const files: Record<string, string> = {
  'shell.js': script(3, 4000),
  'trading.js': script(5, 3000),
  'asset.js': script(7, 1500),
  'forms.js': script(11, 9000),
};
const gz = (name: string) => gzipSync(files[name] ?? '').length;
const manifestScript = script(17, 600);
/** Every route's first load: the shell's script and the build manifest. */
const shellBytes = () => gz('shell.js') + gzipSync(manifestScript).length;

/** A webpack build manifest: `_app`'s files (a stylesheet among them) and each route's. */
const manifestOf = (pages: Record<string, string[]>) =>
  JSON.stringify({
    polyfillFiles: ['static/chunks/polyfills.js'],
    lowPriorityFiles: ['static/build/_buildManifest.js'],
    pages: { '/_app': ['static/chunks/shell.js', 'static/css/app.css'], ...pages },
  });

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'page-weights-'));
  await mkdir(path.join(webDir, '.next/static/chunks'), { recursive: true });
  await mkdir(path.join(webDir, '.next/static/build'), { recursive: true });
  for (const [name, text] of Object.entries(files))
    await writeFile(path.join(webDir, '.next/static/chunks', name), text);
  await writeFile(path.join(webDir, '.next/static/build/_buildManifest.js'), manifestScript);
  // Never fetched by a modern browser (`nomodule`), so never weighed: big enough to show.
  await writeFile(path.join(webDir, '.next/static/chunks/polyfills.js'), script(13, 20000));
  const chunk = (name: string) => `static/chunks/${name}`;
  const pages = Object.fromEntries(
    PAGE_FAMILIES.flatMap(([, members]) => members).map((route) => [
      route,
      [
        // A route's list repeats the shell's files: they are weighed once.
        chunk('shell.js'),
        ...(route.startsWith('/spot') || route.startsWith('/asset') ? [chunk('trading.js')] : []),
        ...(route === '/asset/spot' ? [chunk('asset.js')] : []),
        ...(route === '/login' ? [chunk('forms.js')] : []),
      ],
    ]),
  );
  await writeFile(path.join(webDir, '.next/build-manifest.json'), manifestOf(pages));
});

afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
});

describe('pageWeights', () => {
  it('weighs each family by its heaviest route, its files biggest first', async () => {
    const weights = await pageWeights(webDir);
    expect(weights.map((weight) => weight.family)).toEqual(PAGE_FAMILIES.map(([family]) => family));
    const asset = weights.find((weight) => weight.family === 'asset');
    expect(asset?.route).toBe('/asset/spot');
    expect(asset?.bytes).toBe(shellBytes() + gz('trading.js') + gz('asset.js'));
    const sizes = asset?.files.map((entry) => entry.bytes) ?? [];
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(asset?.files.map((entry) => path.basename(entry.file)).sort()).toEqual([
      '_buildManifest.js',
      'asset.js',
      'shell.js',
      'trading.js',
    ]);
    expect(weights.find((weight) => weight.family === 'home')?.bytes).toBe(shellBytes());
  });

  it('says which family is over its budget and by how much, naming what it adds to /', async () => {
    const weights = await pageWeights(webDir);
    const budget = shellBytes() + gz('trading.js');
    const table = formatPageWeights(weights, budget);
    const line = (family: string) => table.split('\n').find((row) => row.startsWith(family)) ?? '';
    expect(line('spot')).toContain('within');
    expect(line('asset')).toContain(`over by ${(gz('asset.js') / 1024).toFixed(1)} KB`);
    expect(line('login')).toContain('forms.js');
    expect(line('login')).not.toContain('shell.js');
  });

  it('refuses a build that lacks a family route', async () => {
    await writeFile(path.join(webDir, '.next/build-manifest.json'), manifestOf({ '/': [] }));
    await expect(pageWeights(webDir)).rejects.toThrow('no route /spot/[symbol]');
  });
});

describe('onDemandImportFiles', () => {
  const loadable = {
    '../../packages/tracker/src/tracker.ts -> ./upload-queue': {
      id: 1,
      files: ['static/chunks/tracker.b.js', 'static/chunks/8764-a.js'],
    },
    '../../packages/client/src/module-loaders.ts -> axios': {
      id: 2,
      files: ['static/chunks/request-client.c.js'],
    },
    'lib/a/x.ts -> ./shared': { id: 3, files: [] },
    'lib/b/x.ts -> ./shared': { id: 4, files: [] },
  };

  beforeAll(async () => {
    await writeFile(
      path.join(webDir, '.next/react-loadable-manifest.json'),
      JSON.stringify(loadable),
    );
  });

  it('gives each import named by its key or its end the file names it fetches, sorted', async () => {
    const files = await onDemandImportFiles(
      ['tracker/src/tracker.ts -> ./upload-queue', 'module-loaders.ts -> axios'],
      webDir,
    );
    expect([...files]).toEqual([
      ['tracker/src/tracker.ts -> ./upload-queue', ['8764-a.js', 'tracker.b.js']],
      ['module-loaders.ts -> axios', ['request-client.c.js']],
    ]);
  });

  it('refuses a name that matches no import, or more than one', async () => {
    await expect(onDemandImportFiles(['tracker.ts -> ./uploader'], webDir)).rejects.toThrow(
      '0 on-demand imports match "tracker.ts -> ./uploader"',
    );
    await expect(onDemandImportFiles(['x.ts -> ./shared'], webDir)).rejects.toThrow(
      '2 on-demand imports match',
    );
  });
});
