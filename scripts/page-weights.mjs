// The first-load JavaScript of every page family, read from the site's own build output
// (`.next/build-manifest.json`, webpack's): deterministic, so a budget on it can be a test once
// every family fits, where a browser measurement can only be a benchmark figure.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

/** SPEC's phone budget for the first-load JavaScript of any page (DESIGN "Budgets"). */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024;

/**
 * The header-footer remote's entry, which every page loads by network idle before the header
 * shows: about 8 KB gzip once the federation runtime's ES modules are tree-shaken, 15 KB before.
 */
export const REMOTE_ENTRY_BUDGET_BYTES = 10 * 1024;

/**
 * The gzip bytes of the built header-footer remote's entry.
 * @param {string} [remoteDir] the built remote @default apps/header-footer/dist
 */
export async function remoteEntryWeight(remoteDir = path.join(root, 'apps/header-footer/dist')) {
  return gzipSync(await readFile(path.join(remoteDir, 'remoteEntry.js'))).length;
}

/** The page families and the routes that belong to each: a family shares one first load. */
export const PAGE_FAMILIES = [
  ['home', ['/']],
  ['spot', ['/spot/[symbol]']],
  ['futures', ['/futures/usdt/[symbol]']],
  ['margin', ['/margin/[symbol]', '/trade-margin/[symbol]']],
  ['asset', ['/asset', '/asset/spot', '/asset/margin', '/asset/futures', '/trade-asset']],
  [
    'orders and records',
    [
      '/transac',
      '/transac/[orderId]',
      '/trade-asset-order',
      '/order/marginOrderInfo',
      '/record/exchange',
      '/record/margin',
    ],
  ],
  ['copy trading', ['/copy-trading', '/copy-trading/[leadId]', '/order/mcp', '/record/mcp']],
  [
    'BRC-20 list',
    [
      '/inscription/brc-20',
      '/inscription/brc-20/page',
      '/inscription/brc-20/hot',
      '/inscription/brc-20/inProgress',
    ],
  ],
  ['token', ['/inscription/brc-20/[token]']],
  ['login', ['/login', '/qr-login', '/telegram-login', '/oauth-return']],
  ['register', ['/register']],
  ['account', ['/account']],
  ['API keys', ['/account/newapi']],
  ['operator', ['/operator/tracking']],
  ['legal', ['/legal/[document]']],
  ['download', ['/download']],
  ['proof of reserves', ['/proof-of-reserves']],
  ['protection fund', ['/protection-fund']],
  ['fees and VIP', ['/fee', '/vip/detail', '/vip/vipIntroduce']],
  ['not found', ['/404']],
];

/** One page of each family, as a visitor opens it; `signedIn` pages need the demo session. */
export const FAMILY_PAGES = [
  { family: 'home', path: '/' },
  { family: 'spot', path: '/spot/BTCUSDT' },
  { family: 'futures', path: '/futures/usdt/BTCUSDT' },
  { family: 'margin', path: '/margin/BTCUSDT', signedIn: true },
  { family: 'asset', path: '/asset', signedIn: true },
  { family: 'orders and records', path: '/record/exchange', signedIn: true },
  { family: 'copy trading', path: '/copy-trading' },
  { family: 'BRC-20 list', path: '/inscription/brc-20' },
  { family: 'token', path: '/inscription/brc-20/ordi' },
  { family: 'login', path: '/login' },
  { family: 'register', path: '/register' },
  { family: 'account', path: '/account', signedIn: true },
  { family: 'API keys', path: '/account/newapi', signedIn: true },
  { family: 'operator', path: '/operator/tracking', signedIn: true },
  { family: 'legal', path: '/legal/terms' },
  { family: 'download', path: '/download' },
  { family: 'proof of reserves', path: '/proof-of-reserves' },
  { family: 'protection fund', path: '/protection-fund' },
  { family: 'fees and VIP', path: '/vip/detail', signedIn: true },
];

/**
 * Each page family's heaviest route: its first-load files, gzip bytes (the server's default
 * level), and its biggest files first.
 * @param {string} [webDir] the built site @default apps/web
 * @returns {Promise<{ family: string, route: string, bytes: number, files: { file: string, bytes: number }[] }[]>}
 */
export async function pageWeights(webDir = path.join(root, 'apps/web')) {
  const manifest = JSON.parse(
    await readFile(path.join(webDir, '.next/build-manifest.json'), 'utf8'),
  );
  // What a modern browser fetches first for a route: the scripts of `_app` and of the page, and
  // the build and SSG manifests (polyfills are `nomodule`: a phone of today never loads them).
  const scriptsOf = (files) => files.filter((file) => file.endsWith('.js'));
  const shell = [...scriptsOf(manifest.pages['/_app'] ?? []), ...manifest.lowPriorityFiles];
  const routes = new Map(
    Object.entries(manifest.pages).map(([route, files]) => [
      route,
      [...new Set([...shell, ...scriptsOf(files)])].map((file) => `.next/${file}`),
    ]),
  );
  const gzipBytes = new Map();
  const sizeOf = async (file) => {
    if (!gzipBytes.has(file))
      gzipBytes.set(file, gzipSync(await readFile(path.join(webDir, file))).length);
    return gzipBytes.get(file);
  };
  const weights = [];
  for (const [family, members] of PAGE_FAMILIES) {
    let heaviest;
    for (const route of members) {
      const chunkPaths = routes.get(route);
      if (!chunkPaths) throw new Error(`the build has no route ${route} (page family ${family})`);
      const files = await Promise.all(
        chunkPaths.map(async (file) => ({ file, bytes: await sizeOf(file) })),
      );
      files.sort((a, b) => b.bytes - a.bytes);
      const bytes = files.reduce((sum, entry) => sum + entry.bytes, 0);
      if (!heaviest || bytes > heaviest.bytes) heaviest = { family, route, bytes, files };
    }
    weights.push(heaviest);
  }
  return weights;
}

/** What copies of on-demand code may add up to across the site's on-demand chunks. */
export const REPEATED_ON_DEMAND_BUDGET_BYTES = 10 * 1024;

/**
 * The modules of at least `minBytes` (minified) that sit in more than one on-demand chunk (a chunk
 * no page lists for its first load), each with the chunks that carry a copy: a page whose parts
 * load two of those chunks downloads the module twice. Read from the build's chunks, which only
 * register their modules when evaluated (nothing of them runs).
 * @param {string} [webDir] the built site @default apps/web
 * @param {number} [minBytes] the smallest module counted @default 1000
 * @returns {Promise<{ id: string, bytes: number, chunks: string[] }[]>}
 */
export async function repeatedOnDemandModules(
  webDir = path.join(root, 'apps/web'),
  minBytes = 1000,
) {
  const manifest = JSON.parse(
    await readFile(path.join(webDir, '.next/build-manifest.json'), 'utf8'),
  );
  const firstLoad = new Set(
    [...Object.values(manifest.pages).flat(), ...manifest.lowPriorityFiles].map((file) =>
      path.basename(file),
    ),
  );
  const chunkDir = path.join(webDir, '.next/static/chunks');
  const modules = new Map();
  for (const name of (await readdir(chunkDir)).sort()) {
    if (!name.endsWith('.js') || firstLoad.has(name)) continue;
    const pushed = [];
    const self = { webpackChunk_N_E: { push: (entry) => pushed.push(entry) } };
    vm.runInNewContext(await readFile(path.join(chunkDir, name), 'utf8'), { self });
    for (const [, chunkModules] of pushed)
      for (const [id, factory] of Object.entries(chunkModules ?? {})) {
        const entry = modules.get(id) ?? { id, bytes: String(factory).length, chunks: [] };
        entry.chunks.push(name);
        modules.set(id, entry);
      }
  }
  return [...modules.values()]
    .filter((entry) => entry.chunks.length > 1 && entry.bytes >= minBytes)
    .sort((a, b) => b.bytes * b.chunks.length - a.bytes * a.chunks.length);
}

/**
 * The files each on-demand import of the site fetches, by Next's loadable manifest (its
 * `react-loadable-manifest.json`): keyed `importer -> request`, the importer's path relative to
 * the site. A name that matches no import is an error, so a renamed module fails the check.
 * @param {readonly string[]} imports each an import's key, or its end (`tracker.ts -> ./uploader`)
 * @param {string} [webDir] the built site @default apps/web
 * @returns {Promise<Map<string, string[]>>} each import's files, by file name, sorted
 */
export async function onDemandImportFiles(imports, webDir = path.join(root, 'apps/web')) {
  const manifest = JSON.parse(
    await readFile(path.join(webDir, '.next/react-loadable-manifest.json'), 'utf8'),
  );
  const keys = Object.keys(manifest);
  return new Map(
    imports.map((wanted) => {
      const found = keys.filter((key) => key === wanted || key.endsWith(`/${wanted}`));
      if (found.length !== 1)
        throw new Error(`${found.length} on-demand imports match "${wanted}": ${found.join(', ')}`);
      const files = manifest[found[0]].files.map((file) => path.basename(file)).sort();
      return [wanted, files];
    }),
  );
}

/**
 * The weights as a table: family, route, KB, the budget's verdict, and the biggest files the
 * family loads beyond the home page's first load (what the shell shares is no family's own).
 */
export function formatPageWeights(weights, budget = FIRST_LOAD_BUDGET_BYTES) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const shared = new Set(
    weights.find((weight) => weight.route === '/')?.files.map((entry) => entry.file) ?? [],
  );
  const rows = weights.map((weight) => [
    weight.family,
    weight.route,
    kb(weight.bytes),
    weight.bytes > budget ? `over by ${kb(weight.bytes - budget)}` : 'within',
    weight.files
      .filter((entry) => weight.route === '/' || !shared.has(entry.file))
      .slice(0, 3)
      .map((entry) => `${path.basename(entry.file)} ${kb(entry.bytes)}`)
      .join(', '),
  ]);
  const header = [
    'page family',
    'route',
    'first load (gzip)',
    `budget ${kb(budget)}`,
    'biggest files beyond /',
  ];
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
