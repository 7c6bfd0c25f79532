/**
 * The zod schemas of the public market reads and the market stream (see trading.ts for the
 * contract's constants and paths). Apart from the account's trading calls (trading-schemas.ts):
 * a visitor's trading page validates its market with these alone, and making every order, position
 * and margin schema as well was the longest task of its start on a phone (issue 18).
 */
import * as z from 'zod/mini';
import { KLINE_INTERVALS, MARKET_MAX_LIMIT, type KlineInterval } from './trading';

/** A non-negative decimal string with at most 18 places: `"0"`, `"65000.1"`. */
export const decimalString = z
  .string()
  .check(
    z.regex(/^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/, 'must be a decimal number like "65000.1"'),
  );

/** A pair's name as a field: the market reads' and the account's trading calls'. */
export const symbolField = z.string().check(z.minLength(1), z.maxLength(32));
/** How many rows a list read returns, at most MARKET_MAX_LIMIT; `fallback` when left out. */
export const limitField = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MARKET_MAX_LIMIT)), fallback);

export const marketSymbolSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  basePrice: decimalString,
  priceTick: decimalString,
  sizeStep: decimalString,
  minSize: decimalString,
  minNotional: decimalString,
  maxLeverage: z.number().check(z.int(), z.positive()),
});
export const symbolsReplySchema = z.object({ symbols: z.array(marketSymbolSchema) });
export type SymbolsReply = z.infer<typeof symbolsReplySchema>;

/** Query of ticker, depth, trades: one pair. */
export const symbolQuerySchema = z.object({ symbol: symbolField });
export const depthQuerySchema = z.object({ symbol: symbolField, limit: limitField(20) });
export const tradesQuerySchema = z.object({ symbol: symbolField, limit: limitField(50) });
export const klinesQuerySchema = z.object({
  symbol: symbolField,
  interval: z.enum(Object.keys(KLINE_INTERVALS) as [KlineInterval, ...KlineInterval[]]),
  limit: limitField(200),
});
export const streamQuerySchema = z.pick(klinesQuerySchema, { symbol: true, interval: true });

export const tickerSchema = z.object({
  symbol: z.string(),
  last: decimalString,
  /** Mark price of the futures contract (the index the positions are valued at). */
  mark: decimalString,
  open24h: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  /** Change over 24 h as a signed ratio: `"-0.0123"` is −1.23 %. */
  change24h: z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/)),
  volume24h: decimalString,
  time: z.number().check(z.int()),
});
export type Ticker = z.infer<typeof tickerSchema>;

/** A price level: `[price, size]`. */
const levelSchema = z.tuple([decimalString, decimalString]);
export const depthSchema = z.object({
  symbol: z.string(),
  /** Best (highest) first. */
  bids: z.array(levelSchema),
  /** Best (lowest) first. */
  asks: z.array(levelSchema),
  time: z.number().check(z.int()),
});
export type Depth = z.infer<typeof depthSchema>;

export const marketTradeSchema = z.object({
  id: z.string(),
  price: decimalString,
  size: decimalString,
  /** The taker's side. */
  side: z.enum(['buy', 'sell']),
  time: z.number().check(z.int()),
});
export type MarketTrade = z.infer<typeof marketTradeSchema>;
export const tradesReplySchema = z.object({ trades: z.array(marketTradeSchema) });

export const candleSchema = z.object({
  /** Start of the candle, ms since the epoch. */
  time: z.number().check(z.int()),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  volume: decimalString,
});
export type Candle = z.infer<typeof candleSchema>;
export const klinesReplySchema = z.object({ candles: z.array(candleSchema) });

/** One event of the market stream; its SSE `event:` name is the `type`. */
export const marketStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ticker'), data: tickerSchema }),
  z.object({ type: z.literal('depth'), data: depthSchema }),
  z.object({ type: z.literal('trade'), data: marketTradeSchema }),
  z.object({ type: z.literal('kline'), data: candleSchema }),
]);
export type MarketStreamEvent = z.infer<typeof marketStreamEventSchema>;
