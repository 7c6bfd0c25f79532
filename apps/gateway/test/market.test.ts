import { GatewayCode } from '@exchange-web/protocol/codes';
import {
  KLINE_INTERVALS,
  MARKET_SYMBOLS,
  TradeCode,
  TradingPath,
  type KlineInterval,
} from '@exchange-web/protocol/trading';
import {
  candleSchema,
  depthSchema,
  klinesReplySchema,
  marketTradeSchema,
  symbolsReplySchema,
  tickerSchema,
  tradesReplySchema,
} from '@exchange-web/protocol/market-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedMarket } from '../src/market/price-model';
import type { RunningGateway } from '../src/server';
import { call, startTestGateway } from './support';

let gateway: RunningGateway;
let twin: RunningGateway;
beforeAll(async () => {
  // Two gateways on two databases: the market must agree without sharing anything. The twin
  // also tests the per-client stream cap, below its global one.
  [gateway, twin] = await Promise.all([
    startTestGateway({ marketMaxStreams: 2 }),
    startTestGateway({ marketMaxStreams: 10, marketMaxStreamsPerClient: 2 }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), twin.stop()]);
});

const get = async (target: RunningGateway, path: string) => {
  const response = await call(target, 'GET', path);
  return response;
};
const data = async (target: RunningGateway, path: string) => {
  const response = await get(target, path);
  expect(response.status).toBe(200);
  expect(response.json?.code).toBe('00000');
  return response.json?.data;
};

describe('market data', () => {
  it('lists the pairs of the contract', async () => {
    expect(symbolsReplySchema.parse(await data(gateway, TradingPath.symbols))).toEqual({
      symbols: MARKET_SYMBOLS,
    });
  });

  it('answers a ticker of each pair, last and mark at the mid', async () => {
    for (const { symbol } of MARKET_SYMBOLS) {
      const ticker = tickerSchema.parse(
        await data(gateway, `${TradingPath.ticker}?symbol=${symbol}`),
      );
      expect(ticker.symbol).toBe(symbol);
      expect(ticker.mark).toBe(ticker.last);
      expect(Math.abs(ticker.time - Date.now())).toBeLessThan(3000);
    }
  });

  it('answers depth of the asked levels, best first', async () => {
    const depth = depthSchema.parse(
      await data(gateway, `${TradingPath.depth}?symbol=ETHUSDT&limit=7`),
    );
    expect(depth.bids).toHaveLength(7);
    expect(depth.asks).toHaveLength(7);
    expect(Number(depth.asks[0]![0])).toBeGreaterThan(Number(depth.bids[0]![0]));
    expect(
      depthSchema.parse(await data(gateway, `${TradingPath.depth}?symbol=ETHUSDT`)).asks,
    ).toHaveLength(20);
  });

  it('answers the latest trades, newest first', async () => {
    const { trades } = tradesReplySchema.parse(
      await data(gateway, `${TradingPath.trades}?symbol=SOLUSDT&limit=10`),
    );
    expect(trades).toHaveLength(10);
    for (let i = 1; i < trades.length; i += 1) {
      expect(trades[i]!.time).toBeLessThanOrEqual(trades[i - 1]!.time);
    }
    expect(trades[0]!.id).toMatch(/^SOLUSDT-\d+-\d$/);
  });

  it.each(Object.entries(KLINE_INTERVALS))(
    'answers %s candles aligned on the interval, the last the current one',
    async (interval, length) => {
      const { candles } = klinesReplySchema.parse(
        await data(
          gateway,
          `${TradingPath.klines}?symbol=BTCUSDT&interval=${interval as KlineInterval}&limit=30`,
        ),
      );
      expect(candles).toHaveLength(30);
      for (const candle of candles) expect(candle.time % length).toBe(0);
      for (let i = 1; i < candles.length; i += 1) {
        expect(candles[i]!.time - candles[i - 1]!.time).toBe(length);
      }
      const last = candles.at(-1)!;
      expect(last.time).toBeLessThanOrEqual(Date.now());
      expect(last.time + length).toBeGreaterThan(Date.now() - 2000);
    },
  );

  it('answers the same second alike on two gateways with separate databases', async () => {
    const paths = [
      `${TradingPath.ticker}?symbol=BTCUSDT`,
      `${TradingPath.depth}?symbol=DOGEUSDT&limit=5`,
      `${TradingPath.trades}?symbol=ETHUSDT&limit=5`,
      `${TradingPath.klines}?symbol=SOLUSDT&interval=1m&limit=5`,
    ];
    for (const path of paths) {
      // Asked at once; a pair of answers that straddles a second boundary is asked again.
      for (let attempt = 0; ; attempt += 1) {
        const [a, b] = await Promise.all([get(gateway, path), get(twin, path)]);
        const same = JSON.stringify(a.json?.data) === JSON.stringify(b.json?.data);
        if (same || attempt === 4) {
          expect(a.json?.data).toEqual(b.json?.data);
          break;
        }
      }
    }
  });

  it('refuses an unknown pair with 43004 and a bad query with 40001', async () => {
    for (const path of [
      `${TradingPath.ticker}?symbol=XYZUSDT`,
      `${TradingPath.depth}?symbol=XYZUSDT`,
      `${TradingPath.trades}?symbol=XYZUSDT`,
      `${TradingPath.klines}?symbol=XYZUSDT&interval=1m`,
      `${TradingPath.stream}?symbol=XYZUSDT&interval=1m`,
    ]) {
      const response = await get(gateway, path);
      expect(response.status).toBe(400);
      expect(response.json?.code).toBe(TradeCode.unknownSymbol);
    }
    for (const path of [
      TradingPath.ticker,
      `${TradingPath.depth}?symbol=BTCUSDT&limit=0`,
      `${TradingPath.depth}?symbol=BTCUSDT&limit=501`,
      `${TradingPath.trades}?symbol=BTCUSDT&limit=ten`,
      `${TradingPath.klines}?symbol=BTCUSDT&interval=2m`,
      `${TradingPath.klines}?symbol=BTCUSDT`,
      `${TradingPath.stream}?symbol=BTCUSDT`,
    ]) {
      const response = await get(gateway, path);
      expect(response.status, path).toBe(400);
      expect(response.json?.code).toBe(GatewayCode.validationFailed);
    }
    const post = await call(gateway, 'POST', TradingPath.ticker, '{}');
    expect(post.status).toBe(405);
  });
});

interface SseEvent {
  event: string;
  data: string;
}

/** Reads server-sent events until `enough` says so, then closes the connection. */
async function readStream(
  target: RunningGateway,
  path: string,
  enough: (events: SseEvent[], comments: number) => boolean,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(target.url + path, { signal: controller.signal, headers });
  const events: SseEvent[] = [];
  let comments = 0;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    while (!enough(events, comments)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) {
          comments += 1;
          continue;
        }
        const lines = block.split('\n');
        events.push({
          event: lines.find((line) => line.startsWith('event: '))?.slice(7) ?? '',
          data: lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n'),
        });
      }
    }
  } finally {
    controller.abort();
    await reader.cancel().catch(() => undefined);
  }
  return { response, events, comments };
}

describe('market stream', () => {
  it('sends ticker, depth, trade and kline every second, with heartbeats, unbuffered', async () => {
    const { response, events, comments } = await readStream(
      gateway,
      `${TradingPath.stream}?symbol=BTCUSDT&interval=1m`,
      (received) => received.length >= 8,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(comments).toBeGreaterThanOrEqual(2);
    expect(events.slice(0, 8).map((event) => event.event)).toEqual([
      'ticker',
      'depth',
      'trade',
      'kline',
      'ticker',
      'depth',
      'trade',
      'kline',
    ]);
    const schemas = {
      ticker: tickerSchema,
      depth: depthSchema,
      trade: marketTradeSchema,
      kline: candleSchema,
    } as const;
    for (const event of events) {
      schemas[event.event as keyof typeof schemas].parse(JSON.parse(event.data));
    }
    const [first, second] = events
      .filter((event) => event.event === 'ticker')
      .map((event) => tickerSchema.parse(JSON.parse(event.data)).time);
    // One batch per whole second (a busy machine may skip one).
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
    expect((second! - first!) % 1000).toBe(0);
    const kline = candleSchema.parse(JSON.parse(events[3]!.data));
    expect(kline.time % 60_000).toBe(0);
  });

  it('caps the streams of one client address, leaving other addresses theirs', async () => {
    const path = `${TradingPath.stream}?symbol=BTCUSDT&interval=1h`;
    const opened: AbortController[] = [];
    // The test's peer is loopback, a trusted proxy: its X-Forwarded-For names the client.
    const open = async (address: string) => {
      const controller = new AbortController();
      const response = await fetch(twin.url + path, {
        signal: controller.signal,
        headers: { 'x-forwarded-for': address },
      });
      if (response.status === 200) {
        opened.push(controller);
        return { status: response.status, controller, json: undefined };
      }
      const json = (await response.json()) as { code: string; msg: string };
      return { status: response.status, controller, json };
    };
    try {
      const first = await open('203.0.113.7');
      expect(first.status).toBe(200);
      expect((await open('203.0.113.7')).status).toBe(200);
      // (Were it served, the test would stop here rather than wait on the open stream.)
      const refused = await open('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.json?.code).toBe(GatewayCode.rateLimited);
      expect(refused.json?.msg).toMatch(/one client/);
      expect((await open('203.0.113.8')).status).toBe(200);
      // A disconnect gives the client its place back (noticed within a second or so).
      first.controller.abort();
      let status = 0;
      for (let attempt = 0; attempt < 75 && status !== 200; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await open('203.0.113.7')).status;
      }
      expect(status).toBe(200);
    } finally {
      for (const controller of opened) controller.abort();
    }
  });

  it('computes each second of a pair and interval once, however many stream it', async () => {
    const ticker = vi.spyOn(SimulatedMarket.prototype, 'ticker');
    try {
      const path = `${TradingPath.stream}?symbol=SOLUSDT&interval=1d`;
      // Three clients on one pair and interval, each until it has two seconds of events.
      await Promise.all(
        ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((address) =>
          readStream(
            twin,
            path,
            (events) => events.filter((event) => event.event === 'ticker').length >= 2,
            { 'x-forwarded-for': address },
          ),
        ),
      );
      const seconds = ticker.mock.calls
        .filter(([pair]) => pair.symbol === 'SOLUSDT')
        .map(([, second]) => second);
      expect(seconds.length).toBeGreaterThanOrEqual(2);
      expect(new Set(seconds).size).toBe(seconds.length);
    } finally {
      ticker.mockRestore();
    }
  });

  it('caps concurrent streams, and frees a place when a client disconnects', async () => {
    const path = `${TradingPath.stream}?symbol=ETHUSDT&interval=5m`;
    const opened: AbortController[] = [];
    // Opens a stream, waiting (up to 15 s) while the places are taken: a disconnect is noticed
    // at the stream's next write, within a second, later on a loaded machine.
    const openWhenFree = async () => {
      for (let attempt = 0; attempt < 75; attempt += 1) {
        const controller = new AbortController();
        const response = await fetch(gateway.url + path, { signal: controller.signal });
        if (response.status === 200) {
          opened.push(controller);
          return controller;
        }
        await response.text();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('no stream place came free');
    };
    try {
      const first = await openWhenFree();
      await openWhenFree();
      const refused = await call(gateway, 'GET', path);
      expect(refused.status).toBe(429);
      expect(refused.json?.code).toBe(GatewayCode.rateLimited);
      first.abort();
      await openWhenFree();
    } finally {
      for (const controller of opened) controller.abort();
    }
  });
});
