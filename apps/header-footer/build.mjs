// Builds the header-footer remote into dist/ (or HEADER_FOOTER_OUT_DIR). HEADER_FOOTER_BUILD_ID
// names the build; by default the time of the build.
import { rspack } from '@rspack/core';
import { remoteConfig } from './rspack.config.mjs';

const buildId = process.env.HEADER_FOOTER_BUILD_ID || new Date().toISOString();
const outDir = process.env.HEADER_FOOTER_OUT_DIR || undefined;
const stats = await new Promise((resolve, reject) => {
  rspack(remoteConfig({ buildId, ...(outDir ? { outDir } : {}) })).run((error, result) =>
    error ? reject(error) : resolve(result),
  );
});
if (stats.hasErrors()) {
  console.error(stats.toString({ colors: false, all: false, errors: true }));
  process.exit(1);
}
console.log(`header-footer remote built (${buildId})`);
