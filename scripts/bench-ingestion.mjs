// Ingestion throughput of the built gateway: batches of 50 valid events (unique ids) posted by a
// few concurrent clients to POST /v1/buried/log/info, on a fresh embedded database in a temporary
// folder. `node scripts/bench-ingestion.mjs [batches]` prints the figure. DESIGN "Known traps":
// PGlite's multi-row inserts top out around 13,000 rows/s; PostgreSQL is the way past it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root, runOrThrow } from './lib.mjs';
import { stopChild } from './stack.mjs';

const EVENTS_PER_BATCH = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`gateway was not ready at ${url} within ${timeoutMs} ms`);
}

function makeBatch(runId, batch) {
  const now = Date.now();
  return Array.from({ length: EVENTS_PER_BATCH }, (_, index) => ({
    event_id: `bench-${runId}-${batch}-${index}`,
    type: (index % 9) + 1,
    page_status: 'show',
    event_tracking_id: index % 10 === 0 ? 'b8972' : '/',
    ...(index % 10 === 0
      ? {
          event_tracking_ext: { name: 'LCP', value: 1000 + index, rating: 'good', id: `v${index}` },
        }
      : {}),
    track_type: 'auto',
    timestamp: now - index,
    url: `https://exchange-web.test/en/page-${index % 7}?batch=${batch}`,
    title: 'Bench page',
    device_id: `device-${batch % 13}`,
    session_id: `session-${batch % 13}`,
    sys: 'Web',
  }));
}

/** Gateway settings of a throughput run: no demo, no operator, no per-address limit in the way. */
export const BENCH_GATEWAY_ENV = {
  GATEWAY_SEED_DEMO: '0',
  GATEWAY_OPERATORS: '',
  // Every batch comes from one address: far more than the default 1200 a minute.
  GATEWAY_TRACKING_RATE_LIMIT: '100000000',
};

/**
 * Posts `batches` batches of 50 valid events (unique ids) from `clients` concurrent clients to
 * `url` (a gateway, or a proxy in front of several) and answers the throughput.
 * @param {string} url
 * @param {{ batches?: number, clients?: number }} [options]
 * @returns {Promise<{ eventsPerSecond: number, batches: number, events: number, ms: number }>}
 */
export async function postEvents(url, { batches = 200, clients = 4 } = {}) {
  const runId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const bodies = Array.from({ length: batches }, (_, batch) =>
    JSON.stringify(makeBatch(runId, batch)),
  );
  let next = 0;
  let accepted = 0;
  const client = async () => {
    while (next < bodies.length) {
      const body = bodies[next];
      next += 1;
      const response = await fetch(`${url}/v1/buried/log/info`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      const reply = await response.json();
      if (response.status !== 200 || reply.code !== '00000') {
        throw new Error(`upload refused: HTTP ${response.status} ${JSON.stringify(reply)}`);
      }
      accepted += reply.data.accepted;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const ms = performance.now() - started;
  const events = batches * EVENTS_PER_BATCH;
  if (accepted !== events) throw new Error(`stored ${accepted} of ${events} events`);
  return { eventsPerSecond: Math.round(events / (ms / 1000)), batches, events, ms: Math.round(ms) };
}

/**
 * Starts the built gateway (rebuilt from the sources first unless `build` is false) on a
 * temporary data folder and a free port, posts `batches` batches of 50 events from `clients`
 * concurrent clients, and answers the throughput. The gateway is stopped and the folder removed
 * whatever happens.
 * @param {{ batches?: number, clients?: number, build?: boolean, quiet?: boolean }} [options]
 * @returns {Promise<{ eventsPerSecond: number, batches: number, events: number, ms: number }>}
 */
export async function benchIngestion({
  batches = 200,
  clients = 4,
  build = true,
  quiet = true,
} = {}) {
  if (build) await runOrThrow('node', ['apps/gateway/build.mjs']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-ingestion-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/gateway/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      GATEWAY_DATA_DIR: dataDir,
      ...BENCH_GATEWAY_ENV,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(url, child);
    return await postEvents(url, { batches, clients });
  } finally {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const batches = process.argv[2] ? Number(process.argv[2]) : undefined;
  const result = await benchIngestion(batches ? { batches } : {});
  console.log(
    `tracking ingestion: ${result.eventsPerSecond} events/s (${result.events} events in ${result.batches} batches, ${result.ms} ms)`,
  );
}
