// Builds the remote's entry into dist/. React stays external: the site shares its instance.
import { build } from 'esbuild';
import { mkdir } from 'node:fs/promises';

const here = (relative) => new URL(relative, import.meta.url).pathname;
await mkdir(here('./dist'), { recursive: true });
await build({
  entryPoints: [here('./src/remote-entry.tsx')],
  outfile: here('./dist/remote-entry.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  minify: true,
  sourcemap: true,
  external: ['react', 'react/jsx-runtime', 'react-dom'],
  logLevel: 'warning',
});
