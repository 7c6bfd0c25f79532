// `npm run bench`: prints the figures our budgets are checked against (DESIGN.md, Budgets).
// Benchmarks print numbers; they never fail the build on timing.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from './build.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { freePort, root } from './lib.mjs';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const figures = [];
const report = (name, value, unit, budget = '') => {
  figures.push({ name, value, unit, budget });
  console.log(`${name}: ${value} ${unit}${budget ? ` (budget ${budget})` : ''}`);
};

/** Time from `node scripts/start.mjs` on a built tree to its "ready" line. */
async function timeStart(port, dataDir) {
  const env = {
    ...process.env,
    PORT: String(port),
    GATEWAY_PORT: String(await freePort()),
    HEADER_FOOTER_PORT: String(await freePort()),
    GATEWAY_DATA_DIR: dataDir,
  };
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('is ready at')) resolve();
    });
    child.on('exit', (code) =>
      reject(new Error(`npm start exited with ${code} before it was ready`)),
    );
  });
  return { child, ms: Math.round(performance.now() - started) };
}

/** Gzip bytes of JavaScript the browser downloads on a first visit to `url`. */
async function firstLoadJs(executablePath, url) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    let bytes = 0;
    for (const request of scripts) bytes += (await request.sizes()).responseBodySize;
    return { bytes, files: scripts.length };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

await build();
const executablePath = ensureChromium();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-gateway-'));
const port = await freePort();
const cold = await timeStart(port, dataDir);
report('npm start, built tree, new database: start to serving', cold.ms, 'ms');
const js = await firstLoadJs(executablePath, `http://127.0.0.1:${port}/`);
report(
  `first-load JavaScript of / (${js.files} files, gzip as downloaded)`,
  (js.bytes / 1024).toFixed(1),
  'KB',
  '170 KB',
);
cold.child.kill('SIGINT');
await new Promise((resolve) => cold.child.once('exit', resolve));

const warm = await timeStart(port, dataDir);
report('npm start, built tree, existing database: start to serving', warm.ms, 'ms');
warm.child.kill('SIGINT');
await new Promise((resolve) => warm.child.once('exit', resolve));
await rm(dataDir, { recursive: true, force: true });

console.log('\nbench: ' + JSON.stringify(figures));
