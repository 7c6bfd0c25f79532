import type {
  Candle,
  Depth,
  KlineInterval,
  MarketTrade,
  Ticker,
} from '@exchange-web/protocol/trading';

/** Candles kept for the chart, trades kept for the list, levels asked for the book. */
export const CANDLE_LIMIT = 200;
export const TRADE_LIMIT = 30;
export const DEPTH_LIMIT = 20;

/** The chart's interval until the visitor's remembered one is read. */
export const DEFAULT_INTERVAL: KlineInterval = '1m';

/**
 * A pair's market as the page's server render read it: the browser starts on it and asks for
 * none of it until the stream reconnects (or another interval is chosen). A part the gateway did
 * not give is null, and the browser asks for that part at once.
 */
export interface MarketSnapshot {
  ticker: Ticker | null;
  depth: Depth | null;
  trades: { trades: MarketTrade[] } | null;
  /** Candles of `interval`. */
  klines: { candles: Candle[] } | null;
  interval: KlineInterval;
}
