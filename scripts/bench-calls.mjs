// Server-side time of each public call of the gateway (issue 16, "Survive hostile traffic"): every
// GET and POST a visitor can send without a session, the market calls at their largest
// parameters, each asked `repeats` times one after another; each market call also once on a
// fresh process (its first call after start); and the CPU time market streams cost per second.
// `node scripts/bench-calls.mjs [--repeats N] [--server path/to/server.js]` prints the table;
// `npm run bench` prints it with the other figures. Benchmarks print figures; nothing here fails
// on timing.
//
// "CPU" is the gateway's main thread (its event loop) from /proc (Linux), so the figure is what
// the call held the loop for; "wall" is the round trip the client saw, HTTP included.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProtocol, textTable } from './bench-lib.mjs';
import { freePort, runOrThrow } from './lib.mjs';
import { launch, stopChild, waitFor } from './stack.mjs';

const GATEWAY_ENV = {
  // The settle timer off, so no work of the gateway's own lands in a call's figure.
  GATEWAY_TRADING_SETTLE_MS: '0',
  GATEWAY_RATE_LIMIT: '100000000',
  GATEWAY_PUBLIC_RATE_LIMIT: '100000000',
  GATEWAY_TRACKING_RATE_LIMIT: '100000000',
  GATEWAY_CHALLENGE_REGISTER: '0',
  GATEWAY_CHALLENGE_BURST: '0',
};
/** Streams open at once for the stream figure, and how long it is measured. */
const STREAMS = 50;
const STREAM_SECONDS = 5;

/** What the benchmark needs of the protocol (scripts/bench-lib.mjs): its paths and limits. */
const PROTOCOL_EXPORTS = [
  "export { ApiPath } from '@exchange-web/protocol/paths';",
  "export { ImagePath } from '@exchange-web/protocol/images';",
  "export { ChallengeScene } from '@exchange-web/protocol/registry';",
  "export { KLINE_INTERVALS, MARKET_MAX_LIMIT, MARKET_SYMBOLS, TradingPath } from '@exchange-web/protocol/trading';",
  'export { CRYPTO_SYMBOLS_MAX, HOT_TOKEN_COUNT, MAX_PAGE_SIZE, SEARCH_SUGGESTION_LIMIT,',
  "  TDK_PAGE_KEYS } from '@exchange-web/protocol/inscription';",
];

/**
 * The public calls (apps/gateway/src/routes/*.ts), each at its largest parameters. Left out: the
 * stream (measured apart), the account calls (registration and login: their cost is the
 * password hash, behind their own limits) and the tracking upload (scripts/bench-ingestion.mjs).
 */
function publicCalls(protocol) {
  const { ApiPath, ImagePath, TradingPath, MARKET_MAX_LIMIT, KLINE_INTERVALS } = protocol;
  const get = (name, target, market = false) => ({ name, method: 'GET', path: target, market });
  const post = (name, target, body) => ({
    name,
    method: 'POST',
    path: target,
    body,
    market: false,
  });
  const ticker = 'ordi';
  const paging = { pageNo: 1, pageSize: protocol.MAX_PAGE_SIZE };
  const symbol = 'BTCUSDT';
  return [
    get('healthz', '/healthz'),
    get('sign config', ApiPath.gatewaySignConfig),
    post('usdtRate', ApiPath.usdtRate, { locale: 'en' }),
    get('client common config', ApiPath.clientCommonConfig),
    get('coin chain list', ApiPath.coinChainList),
    get('domain config list', ApiPath.domainConfigList),
    get('coin icons', ImagePath.coinIcons),
    post('captcha id (register)', ApiPath.captchaId, { scene: protocol.ChallengeScene.register }),
    post('csp report', ApiPath.cspSecurity, {
      bizType: 'csp',
      data: { event: 'securitypolicyviolation', reason: 'script-src https://bench.invalid/x.js' },
      timestamp: Date.now(),
      page: 'https://www.example.com/en',
    }),
    post('inscription listByPage', ApiPath.inscriptionListByPage, { tab: 'all', ...paging }),
    post('inscription detail', ApiPath.inscriptionDetail, { ticker }),
    post('inscription info', ApiPath.inscriptionInfo, { ticker }),
    post('inscription hot', ApiPath.inscriptionHot, { limit: protocol.HOT_TOKEN_COUNT }),
    post('inscription relatedRunesToken', ApiPath.inscriptionRelatedRunesToken, { ticker }),
    post('inscription search', ApiPath.inscriptionSearch, {
      keyword: 'o',
      limit: protocol.SEARCH_SUGGESTION_LIMIT,
    }),
    post('seo priceHistory (1h)', ApiPath.seoTradesPriceHistory, {
      ticker,
      interval: '1h',
      ...paging,
    }),
    post('seo owners', ApiPath.seoTradesOwners, { ticker, ...paging }),
    post('seo activity', ApiPath.seoTradesActivity, { ticker, ...paging }),
    get('index leaderboard', ApiPath.indexLeaderboard),
    post('crypto list by symbol', ApiPath.cryptoListBySymbol, {
      symbols: Array.from({ length: protocol.CRYPTO_SYMBOLS_MAX }, (_, i) =>
        i < protocol.MARKET_SYMBOLS.length ? protocol.MARKET_SYMBOLS[i].base : `C${i}`,
      ),
    }),
    post('tdk list', ApiPath.tdkMltQueryList, {
      locale: 'en',
      pageKeys: [...protocol.TDK_PAGE_KEYS],
      token: ticker,
    }),
    get('market symbols', TradingPath.symbols, true),
    get('market ticker', `${TradingPath.ticker}?symbol=${symbol}`, true),
    get(
      `market depth (${MARKET_MAX_LIMIT})`,
      `${TradingPath.depth}?symbol=${symbol}&limit=${MARKET_MAX_LIMIT}`,
      true,
    ),
    get(
      `market trades (${MARKET_MAX_LIMIT})`,
      `${TradingPath.trades}?symbol=${symbol}&limit=${MARKET_MAX_LIMIT}`,
      true,
    ),
    ...Object.keys(KLINE_INTERVALS).map((interval) =>
      get(
        `market klines ${interval} (${MARKET_MAX_LIMIT})`,
        `${TradingPath.klines}?symbol=${symbol}&interval=${interval}&limit=${MARKET_MAX_LIMIT}`,
        true,
      ),
    ),
  ];
}

/** CPU time of a process's main thread (its event loop) in ms, from /proc; undefined elsewhere. */
function mainThreadCpuMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** Sends one call; answers its wall and gateway CPU ms and the envelope code. */
async function measure(gateway, call) {
  const cpuBefore = mainThreadCpuMs(gateway.pid);
  const started = performance.now();
  const response = await fetch(gateway.url + call.path, {
    method: call.method,
    headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const text = await response.text();
  const wall = performance.now() - started;
  const cpuAfter = mainThreadCpuMs(gateway.pid);
  let code = String(response.status);
  try {
    code = JSON.parse(text).code ?? code;
  } catch {
    // Not an envelope (healthz answers one; anything else keeps its status).
  }
  return { wall, cpu: cpuBefore === undefined ? undefined : cpuAfter - cpuBefore, code };
}

/** One gateway process on `dataDir` (a new folder is migrated and seeded at its first start). */
async function startGateway(server, dataDir, quiet) {
  const port = await freePort();
  const child = launch(
    'gateway',
    [server],
    { GATEWAY_PORT: String(port), GATEWAY_DATA_DIR: dataDir, ...GATEWAY_ENV },
    { quiet },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/healthz`, child, 'gateway');
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Gateway CPU ms per second while `STREAMS` market streams of one pair and interval are open. */
async function streamCpuPerSecond(gateway, protocol) {
  const target = `${gateway.url}${protocol.TradingPath.stream}?symbol=BTCUSDT&interval=1m`;
  const controllers = [];
  const readers = [];
  try {
    for (let index = 0; index < STREAMS; index += 1) {
      const controller = new AbortController();
      controllers.push(controller);
      // One client address each (the gateway believes X-Forwarded-For from loopback), under
      // the per-client cap.
      const response = await fetch(target, {
        signal: controller.signal,
        headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
      });
      if (response.status !== 200) throw new Error(`stream ${index} refused: ${response.status}`);
      const reader = response.body.getReader();
      readers.push(
        (async () => {
          for (;;) if ((await reader.read()).done) return;
        })().catch(() => undefined),
      );
    }
    // Past the opening second, then one measured window.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = mainThreadCpuMs(gateway.pid);
    await new Promise((resolve) => setTimeout(resolve, STREAM_SECONDS * 1000));
    const after = mainThreadCpuMs(gateway.pid);
    return before === undefined ? undefined : (after - before) / STREAM_SECONDS;
  } finally {
    for (const controller of controllers) controller.abort();
    await Promise.all(readers);
  }
}

/** Concurrent loops of the heaviest public calls while `/healthz` is timed (see healthUnderLoad). */
const LOAD_LOOPS = 8;
const HEALTH_SAMPLES = 60;

/**
 * `/healthz` wall times (ms) while {@link LOAD_LOOPS} loops send the heaviest public calls (each
 * from an address of its own, under the per-client limits): a call that held the event loop
 * would show here as a health check waiting.
 */
async function healthUnderLoad(gateway, calls, protocol) {
  // The market's computed answers and the largest content pages (the costliest rows above).
  const heavy = calls.filter(
    (call) =>
      (call.market && call.path !== protocol.TradingPath.symbols) ||
      /listByPage|priceHistory|activity/.test(call.name),
  );
  let running = true;
  const loops = Array.from({ length: LOAD_LOOPS }, async (_, index) => {
    const call = heavy[index % heavy.length];
    const headers = {
      'x-forwarded-for': `198.51.100.${200 + index}`,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    while (running) {
      const response = await fetch(gateway.url + call.path, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
      await response.arrayBuffer();
    }
  });
  const times = [];
  try {
    for (let index = 0; index < HEALTH_SAMPLES; index += 1) {
      const started = performance.now();
      await (await fetch(`${gateway.url}/healthz`)).arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return {
    loops: LOAD_LOOPS,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
  };
}

/**
 * Measures every public call and answers one row each, the stream figure and /healthz under load.
 * @param {{ build?: boolean, quiet?: boolean, repeats?: number, server?: string }} [options]
 * @returns {Promise<{ rows: Array<{ name: string, code: string, coldCpu?: number,
 *   coldWall?: number, cpu50?: number, cpu99?: number, wall50: number, wall99: number }>,
 *   streams: { count: number, cpuMsPerSecond?: number },
 *   health: { loops: number, p50: number, p99: number, max: number } }>}
 */
export async function benchCalls({
  build = true,
  quiet = true,
  repeats = 100,
  server = 'apps/gateway/dist/server.js',
} = {}) {
  if (build) await runOrThrow('node', ['apps/gateway/build.mjs']);
  const protocol = await loadProtocol(PROTOCOL_EXPORTS);
  const calls = publicCalls(protocol);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-calls-'));
  try {
    // Migrates and seeds the database; the fresh processes below reopen it.
    const gateway = await startGateway(server, dataDir, quiet);
    const rows = [];
    let streams;
    let health;
    try {
      for (const call of calls) {
        // One call first: connections open, the route's code loaded (the cold figure is apart).
        await measure(gateway, call);
        const samples = [];
        for (let index = 0; index < repeats; index += 1) samples.push(await measure(gateway, call));
        const cpu = samples.map((sample) => sample.cpu).filter((value) => value !== undefined);
        const wall = samples.map((sample) => sample.wall);
        rows.push({
          name: `${call.method} ${call.name}`,
          call,
          code: samples[0].code,
          cpu50: cpu.length ? percentile(cpu, 50) : undefined,
          cpu99: cpu.length ? percentile(cpu, 99) : undefined,
          wall50: percentile(wall, 50),
          wall99: percentile(wall, 99),
        });
      }
      streams = { count: STREAMS, cpuMsPerSecond: await streamCpuPerSecond(gateway, protocol) };
      health = await healthUnderLoad(gateway, calls, protocol);
    } finally {
      await gateway.stop();
    }
    // Each market call once more, as the first call of a process just started.
    for (const row of rows.filter((entry) => entry.call.market)) {
      const fresh = await startGateway(server, dataDir, quiet);
      try {
        // What the start leaves running once it answers (its last queries, a collection of its
        // garbage) is not the call's.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const first = await measure(fresh, row.call);
        row.coldCpu = first.cpu;
        row.coldWall = first.wall;
      } finally {
        await fresh.stop();
      }
    }
    return { rows: rows.map(({ call: _call, ...row }) => row), streams, health };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The rows as a small text table, and the stream figure under it. */
export function formatCallsTable({ rows, streams, health }, repeats) {
  const ms = (value) => (value === undefined ? '-' : value.toFixed(1));
  const header = ['call', 'code', 'first CPU', 'CPU p50', 'CPU p99', 'wall p50', 'wall p99'];
  const lines = rows.map((row) => [
    row.name,
    row.code,
    ms(row.coldCpu),
    ms(row.cpu50),
    ms(row.cpu99),
    ms(row.wall50),
    ms(row.wall99),
  ]);
  return [
    `public calls, ms (${repeats} in a row each; "first": a market call as a fresh process's first)`,
    ...textTable(header, lines),
    `${streams.count} market streams of one pair: ${ms(streams.cpuMsPerSecond)} ms gateway CPU per second`,
    `/healthz while ${health.loops} loops send the heaviest calls: p50 ${ms(health.p50)} ms, ` +
      `p99 ${ms(health.p99)} ms, max ${ms(health.max)} ms (budget 100 ms)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { repeats: { type: 'string', default: '100' }, server: { type: 'string' } },
  });
  const repeats = Number(values.repeats);
  const result = await benchCalls({
    repeats,
    // Another build (an older tree, say) is measured as it is.
    ...(values.server ? { server: path.resolve(values.server), build: false } : {}),
  });
  console.log(formatCallsTable(result, repeats));
}
