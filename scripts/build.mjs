// Builds the gateway, the header-footer remote and the site for production, unless the sources
// are unchanged since the last build (`--force` rebuilds anyway).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root, runOrThrow } from './lib.mjs';
import { precompressStatic } from './precompress-static.mjs';

const stampFile = path.join(root, '.data', 'build-stamp');
const sources = ['packages', 'apps', 'package-lock.json', 'tsconfig.base.json'];
const skipped = new Set(['node_modules', '.next', 'dist', '.turbo', 'next-env.d.ts']);
const outputs = [
  'apps/gateway/dist/server.js',
  'apps/header-footer/dist/remoteEntry.js',
  'apps/web/.next/BUILD_ID',
  'apps/web/dist/server.js',
];

async function* files(entry) {
  const info = await stat(entry);
  if (info.isFile()) {
    yield [entry, info];
    return;
  }
  for (const name of (await readdir(entry)).sort()) {
    if (!skipped.has(name)) yield* files(path.join(entry, name));
  }
}

export async function sourceStamp() {
  const hash = createHash('sha256');
  for (const source of sources) {
    for await (const [file, info] of files(path.join(root, source))) {
      hash.update(`${path.relative(root, file)}\0${info.size}\0${info.mtimeMs}\n`);
    }
  }
  // Build-time settings are part of the build: NEXT_PUBLIC_* is inlined into the site's code and
  // SIGN_TRUST_CERT_FILE names the certificate built into it.
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('NEXT_PUBLIC_') || name === 'SIGN_TRUST_CERT_FILE') {
      hash.update(`env\0${name}\0${value}\n`);
    }
  }
  return hash.digest('hex');
}

export async function build({ force = false } = {}) {
  const stamp = await sourceStamp();
  const previous = existsSync(stampFile) ? (await readFile(stampFile, 'utf8')).trim() : '';
  const complete = outputs.every((output) => existsSync(path.join(root, output)));
  if (!force && complete && previous === stamp) {
    console.log('Build is up to date.');
    return false;
  }
  console.log('Building the gateway, the header-footer remote and the site...');
  await runOrThrow('node', ['apps/gateway/build.mjs']);
  await runOrThrow('node', ['apps/header-footer/build.mjs']);
  await runOrThrow('node', ['apps/web/build-server.mjs']);
  // webpack, not Turbopack: it tree-shakes zod and splits the shared code finer, 7 to 20 KB gzip
  // less JavaScript on every page family (README "Working on it").
  await runOrThrow('node', ['../../node_modules/next/dist/bin/next', 'build', '--webpack'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  // Brotli copies of the site's scripts and stylesheets, which its server sends (static-assets.ts).
  await precompressStatic(path.join(root, 'apps/web/.next/static'));
  await mkdir(path.dirname(stampFile), { recursive: true });
  // Stamped after the build: `next build` itself touches tsconfig.json and next-env.d.ts.
  await writeFile(stampFile, (await sourceStamp()) + '\n');
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ force: process.argv.includes('--force') });
}
