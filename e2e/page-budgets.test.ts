// The phone budget of every page family (DESIGN "Budgets"): first-load JavaScript at most
// 170 KB gzip, read from the production build the stack runs (its own build manifest), so the
// check is the same on every machine. Timings stay in `npm run bench`.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_BUDGET_BYTES,
  formatPageWeights,
  onDemandImportFiles,
  pageWeights,
  REMOTE_ENTRY_BUDGET_BYTES,
  remoteEntryWeight,
  REPEATED_ON_DEMAND_BUDGET_BYTES,
  repeatedOnDemandModules,
  type PageWeight,
} from '../scripts/page-weights.mjs';

const weights = await pageWeights();
/** The site's built scripts, as the stack serves them. */
const chunkDir = fileURLToPath(new URL('../apps/web/.next/static/chunks/', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const over = (weight: PageWeight) =>
  `${weight.family} (${weight.route}) loads ${kb(weight.bytes)} before its first paint, over ` +
  `the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget; its biggest files: ` +
  weight.files
    .slice(0, 5)
    .map((entry) => `${entry.file} ${kb(entry.bytes)}`)
    .join(', ');

describe('first-load JavaScript of every page family', () => {
  it.each(weights.map((weight) => [weight.family, weight] as const))(
    '%s stays within the phone budget',
    (_family, weight) => {
      expect(weight.bytes, `${over(weight)}\n\n${formatPageWeights(weights)}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_BYTES,
      );
    },
  );
});

describe('Next’s own script every page loads', () => {
  it('carries no rewrite matching: the site has no rewrites (proxy.ts serves /bg/{language})', async () => {
    const [main] = (await readdir(chunkDir)).filter((name) => /^main-.*\.js$/.test(name));
    expect(main).toBeDefined();
    // An error text of Next's rewrite destinations (prepare-destination), kept by the minifier.
    expect(await readFile(path.join(chunkDir, main ?? ''), 'utf8')).not.toContain(
      'To use a multi-match in the destination',
    );
  });
});

describe('the header-footer remote every page loads', () => {
  it('has an entry within its budget', async () => {
    expect(await remoteEntryWeight()).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET_BYTES);
  });

  it('serves its Header and Footer in one file beside its entry', async () => {
    // Every page loads both, the footer right after the header (rspack.config.mjs `exposes`).
    const remoteDir = fileURLToPath(new URL('../apps/header-footer/dist/', import.meta.url));
    const parts = (await readdir(remoteDir)).filter(
      (name) => name.endsWith('.js') && name !== 'remoteEntry.js',
    );
    expect(parts).toEqual(['header-footer.js']);
  });

  it('is loaded by a federation runtime built for browsers and a remote named by its entry', async () => {
    const scripts = (await readdir(chunkDir, { recursive: true })).filter((name) =>
      name.endsWith('.js'),
    );
    const carrying = async (text: string) => {
      const found: string[] = [];
      for (const name of scripts)
        if ((await readFile(path.join(chunkDir, name), 'utf8')).includes(text)) found.push(name);
      return found;
    };
    // The runtime itself is there: the remote loads through it.
    expect(await carrying('__FEDERATION__')).not.toEqual([]);
    // Not its Node script loader, nor the manifest snapshot plugin (next.config.ts build flags).
    expect(await carrying('__mf_require_base__')).toEqual([]);
    expect(await carrying('snapshot-plugin')).toEqual([]);
  });
});

describe('code the pages load on demand', () => {
  it('is shipped once: what several on-demand chunks share is a chunk of its own', async () => {
    const repeated = await repeatedOnDemandModules();
    const extra = repeated.reduce((sum, entry) => sum + entry.bytes * (entry.chunks.length - 1), 0);
    const list = repeated
      .map((entry) => `module ${entry.id} (${entry.bytes} B) in ${entry.chunks.join(', ')}`)
      .join('\n');
    expect(extra, `copies of on-demand modules:\n${list}`).toBeLessThanOrEqual(
      REPEATED_ON_DEMAND_BUDGET_BYTES,
    );
  });
});

describe('parts a page always loads together', () => {
  // Each group shares a chunk name (webpackChunkName) and next.config.ts keeps a library only its
  // chunk uses inside it: a part in a file of its own would cost a request and its headers, and
  // compress alone (issue 18).
  it.each([
    [
      'the tracker',
      [
        'tracking/tracker-loader.ts -> @exchange-web/tracker/tracker',
        'tracking/tracker-loader.ts -> @exchange-web/tracker/web-vitals',
        'tracker/src/tracker.ts -> ./inscription-page',
        'tracker/src/tracker.ts -> ./upload-queue',
      ],
    ],
    [
      'the header-footer runtime',
      [
        'lib/header-footer-remote.ts -> @module-federation/runtime',
        'lib/header-footer-remote.ts -> @module-federation/inject-external-runtime-core-plugin',
      ],
    ],
    ['the request client', ['module-loaders.ts -> axios', 'module-loaders.ts -> ./http-client']],
    [
      'the page query client',
      [
        'module-loaders.ts -> ./query/query-core-parts',
        'module-loaders.ts -> ./query/page-queries',
      ],
    ],
    [
      'a signed-in visitor’s session',
      [
        'session-store.ts -> @exchange-web/client/session',
        'session-store.ts -> @exchange-web/client/coin-chain-list',
        'http-client.ts -> ./signing/signing-hooks',
        'protocol/src/endpoints.ts -> ./session-schemas',
      ],
    ],
  ] as const)('%s comes in the same files, whichever part asks first', async (_group, imports) => {
    const files = await onDemandImportFiles(imports);
    const [first] = [...files.values()];
    expect(first).not.toEqual([]);
    for (const [name, own] of files) expect(own, name).toEqual(first);
  });

  it('keeps a library only its chunk uses: axios comes with the request client', async () => {
    const [files] = (await onDemandImportFiles(['module-loaders.ts -> axios'])).values();
    expect(files).toEqual([expect.stringMatching(/^request-client\./)]);
  });
});
