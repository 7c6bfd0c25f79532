// `npm run bench`: prints the figures our budgets are checked against (DESIGN.md, Budgets).
// Benchmarks print numbers; they never fail the build on timing.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from './build.mjs';
import { benchCalls, formatCallsTable } from './bench-calls.mjs';
import { benchPages, formatPagesTable } from './bench-pages.mjs';
import { benchScale, formatScaleTable } from './bench-scale.mjs';
import { trackCallTime, trackerSizes } from './bench-tracker.mjs';
import { CHROMIUM_ARGS, ensureChromium } from './ensure-chromium.mjs';
import { freePort, root } from './lib.mjs';
import { formatPageWeights, pageWeights } from './page-weights.mjs';

const figures = [];
const report = (name, value, unit, budget = '') => {
  figures.push({ name, value, unit, budget });
  console.log(`${name}: ${value} ${unit}${budget ? ` (budget ${budget})` : ''}`);
};

/** Time from `node scripts/start.mjs` on a built tree to its "ready" line. */
async function timeStart(port, mailCatcherPort, dataDir) {
  const env = {
    ...process.env,
    PORT: String(port),
    GATEWAY_PORT: String(await freePort()),
    HEADER_FOOTER_PORT: String(await freePort()),
    MAIL_CATCHER_PORT: String(mailCatcherPort),
    MAIL_CATCHER_SMTP_PORT: String(await freePort()),
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

/**
 * JavaScript of a first visit to `url`, in gzip bytes as downloaded: the first-load set (the
 * scripts the server HTML references, what the first paint needs) and everything fetched by
 * network idle (adding what loads on demand, such as the header-footer remote).
 */
async function javascriptSizes(executablePath, url) {
  const html = await (await fetch(url)).text();
  const firstLoad = new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="(?:preload|modulepreload)"[^>]*href)="([^"]+\.js)"/g,
      ),
    ].map((match) => new URL(match[1], url).pathname),
  );
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
    const sizes = { firstLoad: 0, firstLoadFiles: 0, all: 0, allFiles: scripts.length };
    for (const request of scripts) {
      const bytes = (await request.sizes()).responseBodySize;
      sizes.all += bytes;
      if (firstLoad.has(new URL(request.url()).pathname)) {
        sizes.firstLoad += bytes;
        sizes.firstLoadFiles += 1;
      }
    }
    return sizes;
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

await build();
// Every page family's first load, from the build's own output (deterministic; issue 18's gate).
const weights = await pageWeights();
console.log(`\n${formatPageWeights(weights)}\n`);
for (const weight of weights)
  report(
    `first-load JavaScript of ${weight.family} (${weight.route}, build output, gzip)`,
    (weight.bytes / 1024).toFixed(1),
    'KB',
    '170 KB',
  );
const executablePath = ensureChromium();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-gateway-'));
const port = await freePort();
const mailCatcherPort = await freePort();
const stopStart = async (child) => {
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
};

const cold = await timeStart(port, mailCatcherPort, dataDir);
try {
  report('npm start, built tree, new database: start to serving', cold.ms, 'ms');
  const url = `http://127.0.0.1:${port}/`;
  const js = await javascriptSizes(executablePath, url);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  report(
    `first-load JavaScript of / (${js.firstLoadFiles} files, gzip)`,
    kb(js.firstLoad),
    'KB',
    '170 KB',
  );
  report(`all JavaScript of / by network idle (${js.allFiles} files, gzip)`, kb(js.all), 'KB');
  // Every page family in English and Arabic beside a bare Next page built in this run (issue 18).
  const pages = await benchPages({
    executablePath,
    args: CHROMIUM_ARGS,
    siteUrl: `http://127.0.0.1:${port}`,
    mailCatcherUrl: `http://127.0.0.1:${mailCatcherPort}`,
  });
  console.log(`\n${formatPagesTable(pages)}\n`);
  for (const row of [pages.bare, ...pages.rows]) {
    const name = `${row.family}${row.language ? ` (${row.language})` : ''}`;
    report(`Lighthouse mobile performance of ${name}`, row.score, 'points', '95');
    report(
      `Lighthouse LCP / TBT / CLS of ${name}`,
      `${row.lcp} ms / ${row.tbt} ms / ${row.cls.toFixed(3)}`,
      '',
      '2500 ms / 200 ms / 0',
    );
    report(`JavaScript of ${name} by network idle (gzip)`, kb(row.idleBytes), 'KB', '250 KB');
  }
} finally {
  await stopStart(cold.child);
}

const warm = await timeStart(port, mailCatcherPort, dataDir);
report('npm start, built tree, existing database: start to serving', warm.ms, 'ms');
await stopStart(warm.child);
await rm(dataDir, { recursive: true, force: true });

// Behaviour tracking (issue 7): the SDK's size and cost in the page, and the gateway's intake.
const trackerKb = (bytes) => (bytes / 1024).toFixed(1);
const sizes = await trackerSizes();
const tracker = sizes['tracker-init-and-one-event'];
report(
  'tracker, init + one event (minified / gzip)',
  `${trackerKb(tracker.minified)} / ${trackerKb(tracker.gzip)}`,
  'KB',
  '8 KB gzip',
);
report(
  'tracker, user-agent parser and sender loaded on demand (gzip)',
  trackerKb(tracker.onDemand.gzip),
  'KB',
);
const vitals = sizes['web-vitals-reporting'];
report('tracker, web-vitals reporting (gzip)', trackerKb(vitals.gzip + vitals.onDemand.gzip), 'KB');
const snowplow = sizes['snowplow-init-and-one-event'];
report(
  'anchor: Snowplow browser tracker, init + one page view (minified / gzip)',
  `${trackerKb(snowplow.minified)} / ${trackerKb(snowplow.gzip)}`,
  'KB',
);
const trackCall = await trackCallTime(chromium, {
  executablePath,
  args: CHROMIUM_ARGS,
  headless: true,
});
report(
  'track() main-thread time in Chromium, mean of 1000 calls in one task',
  trackCall.burstMicros,
  'µs',
);
report(
  `track() main-thread time in Chromium, one call per task (p50 / p99 of ${trackCall.calls}; 100 µs timer)`,
  `${trackCall.p50Micros} / ${trackCall.p99Micros}`,
  'µs',
);

// Scaling out (issue 11): the gateway's intake and its signed calls on each set-up, side by side.
const scale = await benchScale({ build: false });
console.log(`\n${formatScaleTable(scale)}\n`);
for (const row of scale) {
  report(`gateway ingestion, ${row.setup} (batches of 50)`, row.eventsPerSecond, 'events/s');
  report(`signed core calls, ${row.setup}`, row.signedPerSecond, 'requests/s');
}

// Hostile traffic (issue 16): each public call's server-side time, and what market streams cost.
const CALL_REPEATS = 100;
const calls = await benchCalls({ build: false, repeats: CALL_REPEATS });
console.log(`\n${formatCallsTable(calls, CALL_REPEATS)}\n`);
const ms = (value) => (value === undefined ? '-' : value.toFixed(1));
for (const row of calls.rows) {
  report(
    `gateway CPU of ${row.name}, p50 / p99${row.coldCpu === undefined ? '' : ' / first after start'}`,
    `${ms(row.cpu50)} / ${ms(row.cpu99)}${row.coldCpu === undefined ? '' : ` / ${ms(row.coldCpu)}`}`,
    'ms',
    row.coldCpu === undefined ? '' : '50 ms',
  );
}
report(
  `gateway CPU of ${calls.streams.count} market streams`,
  ms(calls.streams.cpuMsPerSecond),
  'ms per second',
);

console.log('\nbench: ' + JSON.stringify(figures));
