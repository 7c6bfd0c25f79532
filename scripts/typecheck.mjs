// Type-checks every workspace with its own tsconfig (each has its own libs: DOM, Node, JSX).
import { run } from './lib.mjs';

// Packages are checked twice: their source without Node's types (it runs in browsers), and
// their tests with them.
const projects = [
  'packages/protocol',
  'packages/protocol/tsconfig.test.json',
  'packages/client',
  'packages/client/tsconfig.test.json',
  'packages/tracker',
  'packages/tracker/tsconfig.test.json',
  'packages/react',
  'packages/react/tsconfig.test.json',
  'packages/node-guards',
  'apps/gateway',
  'apps/header-footer',
  'apps/mail-catcher',
  'apps/web',
  'e2e',
];
let failed = 0;
for (const project of projects) {
  const code = await run('node', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project]);
  if (code !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed += 1;
  }
}
if (failed === 0) console.log(`typecheck: ${projects.length} projects clean`);
process.exit(failed === 0 ? 0 : 1);
