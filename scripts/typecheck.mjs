// Type-checks every workspace with its own tsconfig (each has its own libs: DOM, Node, JSX).
import { run } from './lib.mjs';

const projects = [
  'packages/protocol',
  'packages/client',
  'packages/tracker',
  'packages/react',
  'apps/gateway',
  'apps/header-footer',
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
