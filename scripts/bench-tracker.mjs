// The tracker's budget figures (DESIGN "Budgets"): its size for init + one event, with web vitals
// and the on-demand chunks (user-agent parser, sender) apart, beside Snowplow's browser tracker built by the same esbuild
// command; and the main-thread time of one track() call in Chromium. Figures only, never a gate.
import { build } from 'esbuild';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const trackerSource = path.join(root, 'packages/tracker/src');

// The same command for every entry: bundled, minified, ES modules, split at dynamic imports.
const esbuildOptions = (entryPoints, outdir) => ({
  entryPoints,
  outdir,
  bundle: true,
  minify: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  metafile: true,
  logLevel: 'silent',
  absWorkingDir: root,
  // Entries are written to a temporary folder: packages resolve from the project's node_modules.
  nodePaths: [path.join(root, 'node_modules')],
});

const ENTRIES = {
  // What a page needs to start tracking and report one event.
  'tracker-init-and-one-event': `
    import { createTracker } from ${JSON.stringify(path.join(trackerSource, 'tracker.ts'))};
    const tracker = createTracker({ appId: 'exchange_web_01', appName: 'exchange_web' });
    tracker.start();
    tracker.track({ type: 'click', eventTrackingId: 'b100' });
    globalThis.benchTracker = tracker;
  `,
  'web-vitals-reporting': `
    import { reportWebVitals } from ${JSON.stringify(path.join(trackerSource, 'web-vitals.ts'))};
    reportWebVitals(globalThis.benchTracker);
  `,
  'snowplow-init-and-one-event': `
    import { newTracker, trackPageView } from '@snowplow/browser-tracker';
    newTracker('sp', 'https://collector.example', { appId: 'exchange_web_01' });
    trackPageView();
  `,
};

/** Gzip bytes of a file's contents at the highest level, as a CDN would serve it. */
const gzipBytes = (contents) => gzipSync(contents, { level: 9 }).length;

/**
 * Sizes of each entry: the entry chunk with the chunks it imports statically (what runs before
 * the first event) and, apart, the chunks it loads on demand (the user-agent parser and the sender).
 */
export async function trackerSizes() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-tracker-'));
  try {
    const sizes = {};
    for (const [name, source] of Object.entries(ENTRIES)) {
      const entry = path.join(dir, `${name}.mjs`);
      await writeFile(entry, source);
      const outdir = path.join(dir, `out-${name}`);
      const result = await build(esbuildOptions([entry], outdir));
      const outputs = result.metafile.outputs;
      const [entryOut] = Object.entries(outputs).find(([, output]) => output.entryPoint) ?? [];
      const staticSet = new Set();
      const visit = (file) => {
        if (staticSet.has(file)) return;
        staticSet.add(file);
        for (const imported of outputs[file]?.imports ?? []) {
          if (imported.kind === 'import-statement') visit(imported.path);
        }
      };
      visit(entryOut);
      const measure = async (files) => {
        let minified = 0;
        let gzip = 0;
        for (const file of files) {
          const contents = await readFile(path.join(root, file));
          minified += contents.length;
          gzip += gzipBytes(contents);
        }
        return { minified, gzip };
      };
      const onDemand = Object.keys(outputs).filter(
        (file) => file.endsWith('.js') && !staticSet.has(file),
      );
      sizes[name] = { ...(await measure([...staticSet])), onDemand: await measure(onDemand) };
    }
    return sizes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Main-thread time of one track() call in Chromium: the built tracker on a local page whose server
 * answers the config (uploading on) and accepts every upload, as the gateway does; calls come one
 * per task, a few milliseconds apart, so the queue is as a busy page's, not an ever-growing one.
 */
export async function trackCallTime(chromium, launchOptions, calls = 600) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-track-call-'));
  const entry = path.join(dir, 'page.mjs');
  await writeFile(
    entry,
    `import { createTracker } from ${JSON.stringify(path.join(trackerSource, 'tracker.ts'))};
     const tracker = createTracker({ appId: 'exchange_web_01', appName: 'exchange_web', warn: () => {} });
     tracker.start();
     globalThis.benchTrack = async (count) => {
       const times = [];
       for (let index = 0; index < count; index += 1) {
         const started = performance.now();
         tracker.track({ type: 'click', eventTrackingId: 'b100', ext: { index } });
         times.push(performance.now() - started);
         await new Promise((resolve) => setTimeout(resolve, 5));
       }
       return times;
     };
     globalThis.benchBurst = (count) => {
       const started = performance.now();
       for (let index = 0; index < count; index += 1) {
         tracker.track({ type: 'click', eventTrackingId: 'b100', ext: { index } });
       }
       return (performance.now() - started) / count;
     };`,
  );
  const outdir = path.join(dir, 'out');
  await build({ ...esbuildOptions([entry], outdir), splitting: false });
  const script = await readFile(path.join(outdir, 'page.js'));
  const json = (response, body) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((request, response) => {
    if (request.url === '/v1/mix/public/clientCommonConfig') {
      json(response, {
        code: '00000',
        msg: 'success',
        data: {
          clientCommonConfig: { eventLogUploadSwitch: true, userId: '' },
          localVo: { ip: '127.0.0.1' },
        },
      });
    } else if (request.url === '/v1/buried/log/info') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const accepted = JSON.parse(body).length;
        json(response, {
          code: '00000',
          msg: 'success',
          data: { accepted, duplicates: 0, rejected: [] },
        });
      });
    } else if (request.url === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (request.url === '/') {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><title>track() bench</title><script type="module" src="/page.js"></script>',
        );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), launchOptions);
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => typeof globalThis.benchTrack === 'function');
    // Warm-up, so the figure is the steady cost rather than the first compilation.
    await page.evaluate(() => globalThis.benchTrack(50));
    const times = (await page.evaluate((count) => globalThis.benchTrack(count), calls)).sort(
      (a, b) => a - b,
    );
    const at = (fraction) => times[Math.min(times.length - 1, Math.floor(times.length * fraction))];
    // Chromium coarsens performance.now() to 100 µs: a burst in one task gives the finer mean.
    const burstMs = await page.evaluate(() => globalThis.benchBurst(1000));
    return {
      calls,
      burstMicros: Math.round(burstMs * 1000),
      meanMicros: Math.round((times.reduce((sum, time) => sum + time, 0) / times.length) * 1000),
      p50Micros: Math.round(at(0.5) * 1000),
      p99Micros: Math.round(at(0.99) * 1000),
    };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
}
