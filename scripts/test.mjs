// `npm test`: the one gate CI and people run alike. Typecheck, lint, format, unit tests, gateway
// tests over real HTTP, a production build, and end-to-end tests in Chromium against the real stack.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { root, run } from './lib.mjs';

const resultsDir = path.join(root, '.data', 'test-results');
await rm(resultsDir, { recursive: true, force: true });
await mkdir(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

async function vitest(project) {
  const output = path.join(resultsDir, `${project}.json`);
  const code = await run('node', [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  if (existsSync(output)) {
    const report = JSON.parse(await readFile(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) return 1;
  }
  return code;
}

const steps = [
  ['typecheck', () => run('node', ['scripts/typecheck.mjs'])],
  ['lint', () => run('node', ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0'])],
  [
    'format',
    () =>
      run('node', [
        'node_modules/prettier/bin/prettier.cjs',
        '--check',
        '.',
        '--log-level',
        'warn',
      ]),
  ],
  ['unit tests', () => vitest('unit')],
  ['gateway tests', () => vitest('gateway')],
  // The same tests on a throwaway PostgreSQL server (installed with apt-get where missing and
  // allowed); where it cannot be, the step says why and counts one skipped test.
  ['gateway tests on PostgreSQL', () => vitest('gateway-postgres')],
  // Two gateways on one PostgreSQL behind nginx (scripts/cluster.mjs): the cases of README
  // "Scaling out" across processes.
  ['two-gateway tests', () => vitest('cluster')],
  ['production build', async () => (await build(), 0)],
  [
    'end-to-end tests',
    async () => {
      process.env.CHROMIUM_PATH = ensureChromium();
      return vitest('e2e');
    },
  ],
];

for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  let code;
  try {
    code = await step();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  if (code !== 0) failures.push(name);
}

console.log('\n=== summary ===');
if (failures.length > 0) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length === 0 ? 0 : 1);
