// Bundles the site's server (server/main.ts: the front door and Next) into dist/server.js; npm
// packages stay external, the workspace code it imports is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { dependencies } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
);
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@exchange-web/'));

await build({
  entryPoints: [new URL('./server/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
