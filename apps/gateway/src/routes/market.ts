import { GatewayCode } from '@exchange-web/protocol/codes';
import {
  MARKET_SYMBOLS,
  TradingPath,
  type KlineInterval,
  type MarketStreamEvent,
  type MarketSymbol,
  type SymbolsReply,
} from '@exchange-web/protocol/trading';
import {
  depthQuerySchema,
  klinesQuerySchema,
  streamQuerySchema,
  symbolQuerySchema,
  tradesQuerySchema,
} from '@exchange-web/protocol/market-schemas';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { MarketConfig } from '../config';
import { clientIp } from '../http/client-ip';
import { fail, ok } from '../http/envelope-response';
import { validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SimulatedMarket } from '../market/price-model';
import { MarketStreamHub } from '../market/stream-hub';
import { requireMarketSymbol } from '../market/symbols';
import { TurnQueue } from '../market/turn-queue';

/** Levels of the depth event of the stream. */
const STREAM_DEPTH_LEVELS = 20;

export interface MarketRouteDeps {
  market: SimulatedMarket;
  config: Pick<MarketConfig, 'marketMaxStreams' | 'marketMaxStreamsPerClient'>;
}

const encoder = new TextEncoder();

/**
 * One second of the stream as the bytes every stream of its pair and interval writes: the
 * `ticker`, `depth`, `trade` and `kline` events (each `data` one line of JSON), then a heartbeat.
 */
export function streamBatch(
  market: SimulatedMarket,
  pair: MarketSymbol,
  interval: KlineInterval,
  s: number,
): Uint8Array {
  const events: MarketStreamEvent[] = [
    { type: 'ticker', data: market.ticker(pair, s) },
    { type: 'depth', data: market.depth(pair, s, STREAM_DEPTH_LEVELS) },
    { type: 'trade', data: market.lastTrade(pair, s) },
  ];
  const candle = market.candles(pair, interval, s, 1)[0];
  if (candle) events.push({ type: 'kline', data: candle });
  const text = events
    .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`)
    .join('');
  return encoder.encode(`${text}: heartbeat\n\n`);
}

const queryOf = (c: Context) => c.req.query();

/** The simulated market's public data calls and its event stream (README "Simulated market"). */
export function registerMarketRoutes(routes: Routes, { market, config }: MarketRouteDeps) {
  routes.get(TradingPath.symbols, (c) => {
    const reply: SymbolsReply = { symbols: MARKET_SYMBOLS.map((pair) => ({ ...pair })) };
    return ok(c, reply);
  });

  // Market work waits for a turn of its own: a burst of calls runs one slice per turn of the
  // event loop, with health checks and every other request in between.
  const turns = new TurnQueue();

  routes.get(TradingPath.ticker, async (c) => {
    const { symbol } = validateBody(symbolQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    await turns.next();
    return ok(c, market.ticker(pair, market.nowSecond()));
  });

  routes.get(TradingPath.depth, async (c) => {
    const { symbol, limit } = validateBody(depthQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    await turns.next();
    return ok(c, market.depth(pair, market.nowSecond(), limit));
  });

  routes.get(TradingPath.trades, async (c) => {
    const { symbol, limit } = validateBody(tradesQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    await turns.next();
    return ok(c, { trades: market.trades(pair, market.nowSecond(), limit) });
  });

  routes.get(TradingPath.klines, async (c) => {
    const { symbol, interval, limit } = validateBody(klinesQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    // The longest answer (up to 30 000 sampled seconds): a turn for each slice.
    const candles = await market.candlesInSlices(pair, interval, market.nowSecond(), limit, () =>
      turns.next(),
    );
    return ok(c, { candles });
  });

  // Each second's batch is made once per (pair, interval), however many streams send it.
  const hub = new MarketStreamHub((pair, interval, s) => streamBatch(market, pair, interval, s));
  let openStreams = 0;
  const streamsByClient = new Map<string, number>();
  routes.get(TradingPath.stream, (c) => {
    const { symbol, interval } = validateBody(streamQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    if (openStreams >= config.marketMaxStreams) {
      return fail(
        c,
        429,
        GatewayCode.rateLimited,
        `this gateway serves at most ${config.marketMaxStreams} market streams at once`,
      );
    }
    const client = clientIp(c);
    const clientStreams = streamsByClient.get(client) ?? 0;
    if (clientStreams >= config.marketMaxStreamsPerClient) {
      return fail(
        c,
        429,
        GatewayCode.rateLimited,
        `one client holds at most ${config.marketMaxStreamsPerClient} market streams at once`,
      );
    }
    openStreams += 1;
    streamsByClient.set(client, clientStreams + 1);
    const release = () => {
      openStreams -= 1;
      const left = (streamsByClient.get(client) ?? 1) - 1;
      if (left > 0) streamsByClient.set(client, left);
      else streamsByClient.delete(client);
    };
    // Proxies (nginx) must pass each event on at once rather than buffer the response.
    c.header('x-accel-buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      let closed = false;
      // The latest batch not yet written: a stream slower than a second skips to the newest.
      let pending: Uint8Array | undefined;
      let wake: (() => void) | undefined;
      const close = () => {
        closed = true;
        wake?.();
      };
      stream.onAbort(close);
      c.req.raw.signal.addEventListener('abort', close);
      let unsubscribe: (() => void) | undefined;
      try {
        // A comment first, so the client sees the stream open before the first second ends.
        await stream.write(': market stream\n\n');
        unsubscribe = hub.subscribe(pair, interval, (batch) => {
          pending = batch;
          wake?.();
        });
        while (!closed) {
          if (pending === undefined) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
            continue;
          }
          const batch = pending;
          pending = undefined;
          await stream.write(batch);
        }
      } finally {
        unsubscribe?.();
        release();
        c.req.raw.signal.removeEventListener('abort', close);
      }
    });
    // no-transform: a compressing hop (the site's own server in front of the gateway) would
    // otherwise hold the events back to fill its compression buffer.
    response.headers.set('cache-control', 'no-cache, no-transform');
    return response;
  });
}
