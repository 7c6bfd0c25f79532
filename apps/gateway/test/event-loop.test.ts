import {
  KLINE_INTERVALS,
  MARKET_MAX_LIMIT,
  MARKET_SYMBOLS,
  TradingPath,
  type KlineInterval,
} from '@exchange-web/protocol/trading';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { startTestGateway } from './support';

// The gateway runs in this test's thread, so what holds this thread's event loop is a handler of
// the gateway (or the test's light client work). Measured in this thread's CPU time, not wall
// time: on a shared machine a thread waiting for a core looks like a held loop for 100 ms and more.
const MAX_HOLD_MS = 250;

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const SCHEDSTAT = '/proc/thread-self/schedstat';
/** This thread's CPU time in ms (Linux: the first field of schedstat, ns); elsewhere the wall clock, a stricter measure. */
const threadCpuMs: () => number = existsSync(SCHEDSTAT)
  ? () => Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6
  : () => performance.now();

/**
 * Watches the event loop with a 5 ms timer: `stop()` answers the most CPU time this thread spent
 * between two of its turns, the longest the loop was held.
 */
function watchLoop() {
  let last = threadCpuMs();
  let longest = 0;
  const timer = setInterval(() => {
    const now = threadCpuMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, threadCpuMs() - last);
    },
  };
}

/** Opens a market stream and resolves once its first batch arrived; `close` ends it. */
async function openStream(path: string, clientAddress: string) {
  const controller = new AbortController();
  const response = await fetch(gateway.url + path, {
    signal: controller.signal,
    headers: { 'x-forwarded-for': clientAddress },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  while (!received.includes('event: kline')) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
  }
  // Keep reading (and dropping) so the stream's writes never wait on this client.
  const drained = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  })().catch(() => undefined);
  return {
    close: async () => {
      controller.abort();
      await drained;
    },
  };
}

describe('the event loop under the heaviest public market calls', () => {
  it('keeps answering /healthz while klines, depth, trades and streams run at their limits', async () => {
    const pairs = MARKET_SYMBOLS.slice(0, 2).map((pair) => pair.symbol);
    const heavyPaths: string[] = [];
    for (const symbol of pairs) {
      for (const interval of Object.keys(KLINE_INTERVALS) as KlineInterval[]) {
        heavyPaths.push(
          `${TradingPath.klines}?symbol=${symbol}&interval=${interval}&limit=${MARKET_MAX_LIMIT}`,
        );
      }
      heavyPaths.push(`${TradingPath.depth}?symbol=${symbol}&limit=${MARKET_MAX_LIMIT}`);
      heavyPaths.push(`${TradingPath.trades}?symbol=${symbol}&limit=${MARKET_MAX_LIMIT}`);
      heavyPaths.push(`${TradingPath.ticker}?symbol=${symbol}`);
    }

    // The test's own first fetch and stream reading load code (undici, web streams): done
    // before watching, so the figure is the gateway's.
    await (await fetch(`${gateway.url}/healthz`)).text();
    void new Response('warm').body!.pipeThrough(new TextDecoderStream()).getReader().read();
    const loop = watchLoop();
    let loadDone = false;
    let healthAnswers = 0;
    // Asked one after another for as long as the load runs: each must be answered.
    const health = (async () => {
      while (!loadDone) {
        const response = await fetch(`${gateway.url}/healthz`);
        expect(response.status).toBe(200);
        await response.text();
        healthAnswers += 1;
      }
    })();
    let longestHoldMs: number;
    try {
      const streams = await Promise.all(
        (['1m', '1d', '1m'] as const).map((interval, index) =>
          openStream(
            `${TradingPath.stream}?symbol=${pairs[index % pairs.length]}&interval=${interval}`,
            `198.51.100.${index + 1}`,
          ),
        ),
      );
      try {
        // Every call at once, on a cold process (no candle computed yet).
        const answers = await Promise.all(
          heavyPaths.map(async (path) => {
            const response = await fetch(gateway.url + path);
            await response.text();
            return response.status;
          }),
        );
        expect(answers.every((status) => status === 200)).toBe(true);
      } finally {
        await Promise.all(streams.map((stream) => stream.close()));
      }
    } finally {
      loadDone = true;
      await health;
      longestHoldMs = loop.stop();
    }
    expect(healthAnswers).toBeGreaterThan(0);
    expect(
      longestHoldMs,
      `the event loop was held for ${longestHoldMs.toFixed(0)} ms`,
    ).toBeLessThan(MAX_HOLD_MS);
  }, 120_000);
});
