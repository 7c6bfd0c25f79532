// Builds the header-footer remote into dist/ (or HEADER_FOOTER_OUT_DIR). HEADER_FOOTER_BUILD_ID
// names the build; by default the time of the build.
import { rspack } from '@rspack/core';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { remoteConfig } from './rspack.config.mjs';

const buildId = process.env.HEADER_FOOTER_BUILD_ID || new Date().toISOString();
const outDir = process.env.HEADER_FOOTER_OUT_DIR || undefined;
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const stats = await new Promise((resolve, reject) => {
  rspack(remoteConfig({ buildId, ...(outDir ? { outDir } : {}) })).run((error, result) =>
    error ? reject(error) : resolve(result),
  );
});
if (stats.hasErrors()) {
  console.error(stats.toString({ colors: false, all: false, errors: true }));
  process.exit(1);
}
// Everything built is served to visitors: none of it may name a path of the build machine.
const builtDir = stats.compilation.outputOptions.path;
const leaks = [];
for (const name of await readdir(builtDir, { recursive: true })) {
  const text = await readFile(path.join(builtDir, name), 'utf8').catch(() => '');
  const found = [repoRoot, builtDir].flatMap((dir) => [dir, encodeURIComponent(dir)]);
  if (found.some((needle) => text.includes(needle))) leaks.push(name);
}
if (leaks.length > 0) {
  console.error(`header-footer build names absolute paths of this machine in: ${leaks.join(', ')}`);
  process.exit(1);
}
console.log(`header-footer remote built (${buildId})`);
