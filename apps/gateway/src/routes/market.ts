import { GatewayCode } from '@exchange-web/protocol/codes';
import {
  MARKET_SYMBOLS,
  TradingPath,
  type MarketStreamEvent,
  type SymbolsReply,
} from '@exchange-web/protocol/trading';
import {
  depthQuerySchema,
  klinesQuerySchema,
  streamQuerySchema,
  symbolQuerySchema,
  tradesQuerySchema,
} from '@exchange-web/protocol/trading-schemas';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { MarketConfig } from '../config';
import { fail, ok } from '../http/envelope-response';
import { validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import type { SimulatedMarket } from '../market/price-model';
import { requireMarketSymbol } from '../market/symbols';

/** How often the stream sends its events. */
export const STREAM_PERIOD_MS = 1000;

export interface MarketRouteDeps {
  market: SimulatedMarket;
  config: Pick<MarketConfig, 'marketMaxStreams'>;
}

const queryOf = (c: Context) => c.req.query();

/** The simulated market's public data calls and its event stream (README "Simulated market"). */
export function registerMarketRoutes(routes: Routes, { market, config }: MarketRouteDeps) {
  routes.get(TradingPath.symbols, (c) => {
    const reply: SymbolsReply = { symbols: MARKET_SYMBOLS.map((pair) => ({ ...pair })) };
    return ok(c, reply);
  });

  routes.get(TradingPath.ticker, (c) => {
    const { symbol } = validateBody(symbolQuerySchema, queryOf(c));
    return ok(c, market.ticker(requireMarketSymbol(symbol), market.nowSecond()));
  });

  routes.get(TradingPath.depth, (c) => {
    const { symbol, limit } = validateBody(depthQuerySchema, queryOf(c));
    return ok(c, market.depth(requireMarketSymbol(symbol), market.nowSecond(), limit));
  });

  routes.get(TradingPath.trades, (c) => {
    const { symbol, limit } = validateBody(tradesQuerySchema, queryOf(c));
    return ok(c, { trades: market.trades(requireMarketSymbol(symbol), market.nowSecond(), limit) });
  });

  routes.get(TradingPath.klines, (c) => {
    const { symbol, interval, limit } = validateBody(klinesQuerySchema, queryOf(c));
    const pair = requireMarketSymbol(symbol);
    return ok(c, { candles: market.candles(pair, interval, market.nowSecond(), limit) });
  });

  let openStreams = 0;
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
    openStreams += 1;
    // Proxies (nginx) must pass each event on at once rather than buffer the response.
    c.header('x-accel-buffering', 'no');
    const response = streamSSE(c, async (stream) => {
      let closed = false;
      const close = () => {
        closed = true;
      };
      stream.onAbort(close);
      c.req.raw.signal.addEventListener('abort', close);
      try {
        // A comment first, so the client sees the stream open before the first second ends.
        await stream.write(': market stream\n\n');
        let lastSecond: number | undefined;
        while (!closed) {
          const s = market.nowSecond();
          // A timer may wake a hair before the second turns: one batch per second, never two.
          if (s === lastSecond) {
            await stream.sleep(Math.max(1, STREAM_PERIOD_MS - (Date.now() % STREAM_PERIOD_MS)));
            continue;
          }
          lastSecond = s;
          const events: MarketStreamEvent[] = [
            { type: 'ticker', data: market.ticker(pair, s) },
            { type: 'depth', data: market.depth(pair, s, 20) },
            { type: 'trade', data: market.lastTrade(pair, s) },
          ];
          const candle = market.candles(pair, interval, s, 1)[0];
          if (candle) events.push({ type: 'kline', data: candle });
          for (const event of events) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) });
          }
          await stream.write(': heartbeat\n\n');
          if (closed) break;
          await stream.sleep(STREAM_PERIOD_MS - (Date.now() % STREAM_PERIOD_MS));
        }
      } finally {
        openStreams -= 1;
        c.req.raw.signal.removeEventListener('abort', close);
      }
    });
    // no-transform: a compressing hop (the site's own server in front of the gateway) would
    // otherwise hold the events back to fill its compression buffer.
    response.headers.set('cache-control', 'no-cache, no-transform');
    return response;
  });
}
