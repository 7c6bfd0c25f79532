import { findMarketSymbol, TradingPath } from '@exchange-web/protocol/trading';
import {
  depthSchema,
  klinesReplySchema,
  tickerSchema,
  tradesReplySchema,
} from '@exchange-web/protocol/market-schemas';
import type { GetServerSideProps } from 'next';
import { gatewayCallFor, partOrNull, type VisitorGatewayCall } from '../../lib/gateway-call';
import {
  CANDLE_LIMIT,
  DEFAULT_INTERVAL,
  DEPTH_LIMIT,
  TRADE_LIMIT,
  type MarketSnapshot,
} from './market-snapshot';

export interface PairPageProps {
  symbol: string;
  market: MarketSnapshot;
}

/**
 * How long the render waits for the market: past it the page renders without it and the browser
 * asks itself, so a slow gateway never holds the page.
 */
export const MARKET_SNAPSHOT_TIMEOUT_MS = 2_000;

/**
 * The pair's ticker, book, trades and candles of the default interval, read on the visitor's
 * behalf (issue 18: the browser then loads no query code for them). A part that fails is null.
 */
export async function loadMarketSnapshot(
  gateway: VisitorGatewayCall,
  symbol: string,
): Promise<MarketSnapshot> {
  const read = <T>(part: string, load: Promise<T>) =>
    partOrNull(`trading page ${symbol}: ${part}`, load);
  const options = { method: 'GET', timeoutMs: MARKET_SNAPSHOT_TIMEOUT_MS } as const;
  const [ticker, depth, trades, klines] = await Promise.all([
    read('ticker', gateway(TradingPath.ticker, { symbol }, tickerSchema, options)),
    read('book', gateway(TradingPath.depth, { symbol, limit: DEPTH_LIMIT }, depthSchema, options)),
    read(
      'trades',
      gateway(TradingPath.trades, { symbol, limit: TRADE_LIMIT }, tradesReplySchema, options),
    ),
    read(
      'candles',
      gateway(
        TradingPath.klines,
        { symbol, interval: DEFAULT_INTERVAL, limit: CANDLE_LIMIT },
        klinesReplySchema,
        options,
      ),
    ),
  ]);
  return { ticker, depth, trades, klines, interval: DEFAULT_INTERVAL };
}

/**
 * Server props of a pair's trading page: a public page for every pair the simulated market
 * quotes (MARKET_SYMBOLS), with its market as the render read it; any other symbol is a 404.
 */
export const pairPageProps: GetServerSideProps<PairPageProps> = async (ctx) => {
  const symbol = ctx.params?.symbol;
  if (typeof symbol !== 'string' || !findMarketSymbol(symbol)) return { notFound: true };
  return { props: { symbol, market: await loadMarketSnapshot(gatewayCallFor(ctx.req), symbol) } };
};
