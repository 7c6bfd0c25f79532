/**
 * The trading contract: the simulated market's pairs and intervals, the paper account, the market
 * data, spot order and futures position calls, and the refusal codes. SPEC.md shows the simulation
 * mode (sections 2, 4, 9) but not its trading screens or their calls: every name here is ours.
 *
 * Prices, sizes and amounts travel as decimal strings (`"65000.1"`), never as binary floats, so
 * what the gateway books is exactly what the page shows.
 */
import * as z from 'zod';

// ---------------------------------------------------------------------------------------------
// Pairs, intervals, constants

/** One tradable pair of the simulated market. */
export interface MarketSymbol {
  symbol: string;
  base: string;
  quote: string;
  /** Price the simulated market starts its walk from. */
  basePrice: string;
  /** Every price is a multiple of this. */
  priceTick: string;
  /** Every size is a multiple of this. */
  sizeStep: string;
  /** The smallest size of an order or position. */
  minSize: string;
  /** The smallest notional (price × size, in the quote coin) of an order. */
  minNotional: string;
  /** The highest leverage of a futures position. */
  maxLeverage: number;
}

/** The pairs the gateway's simulated market quotes, spot and USDT-margined futures alike. */
export const MARKET_SYMBOLS: readonly MarketSymbol[] = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    basePrice: '65000',
    priceTick: '0.1',
    sizeStep: '0.0001',
    minSize: '0.0001',
    minNotional: '5',
    maxLeverage: 125,
  },
  {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    basePrice: '3200',
    priceTick: '0.01',
    sizeStep: '0.001',
    minSize: '0.001',
    minNotional: '5',
    maxLeverage: 100,
  },
  {
    symbol: 'SOLUSDT',
    base: 'SOL',
    quote: 'USDT',
    basePrice: '150',
    priceTick: '0.001',
    sizeStep: '0.01',
    minSize: '0.01',
    minNotional: '5',
    maxLeverage: 75,
  },
  {
    symbol: 'DOGEUSDT',
    base: 'DOGE',
    quote: 'USDT',
    basePrice: '0.15',
    priceTick: '0.00001',
    sizeStep: '1',
    minSize: '1',
    minNotional: '5',
    maxLeverage: 50,
  },
];

/** The pair named `symbol`, or undefined. */
export const findMarketSymbol = (symbol: string): MarketSymbol | undefined =>
  MARKET_SYMBOLS.find((entry) => entry.symbol === symbol);

/** Candle intervals and their length in ms. */
export const KLINE_INTERVALS = {
  '1m': 60_000,
  '5m': 300_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
} as const;
export type KlineInterval = keyof typeof KLINE_INTERVALS;

/** The paper account's starting balance, in USDT: on first use and after a reset. */
export const PAPER_INITIAL_USDT = '100000';

/** Most candles, trades and depth levels one call answers. */
export const MARKET_MAX_LIMIT = 500;

/** Which account a request acts on: `paper` when it carries `paptrading: 1` (SPEC 4). */
export type TradingAccount = 'real' | 'paper';

// ---------------------------------------------------------------------------------------------
// Codes

/** Refusals of the trading calls (ours: SPEC.md lists none). */
export const TradeCode = {
  insufficientBalance: '43001',
  sizeBelowMinimum: '43002',
  priceOffTick: '43003',
  unknownSymbol: '43004',
  orderNotFound: '43005',
  /** The order is filled or cancelled already. */
  orderNotOpen: '43006',
  leverageOutOfRange: '43007',
  positionNotFound: '43008',
  /** The call is for the paper account only (a reset without `paptrading: 1`). */
  paperOnly: '43009',
  sizeOffStep: '43010',
  notionalBelowMinimum: '43011',
  /** A limit order without a price, or a market order with one. */
  priceNotAllowed: '43012',
} as const;
export type TradeCode = (typeof TradeCode)[keyof typeof TradeCode];

/** An English meaning of each trading code, for logs and the gateway's messages. */
export const tradeCodeMeaning: Record<TradeCode, string> = {
  [TradeCode.insufficientBalance]: 'The account does not hold enough to place this.',
  [TradeCode.sizeBelowMinimum]: 'The size is below the pair minimum.',
  [TradeCode.priceOffTick]: "The price is not a multiple of the pair's price tick.",
  [TradeCode.unknownSymbol]: 'There is no such pair.',
  [TradeCode.orderNotFound]: 'No order of this account has that id.',
  [TradeCode.orderNotOpen]: 'The order is no longer open.',
  [TradeCode.leverageOutOfRange]: "The leverage is outside 1 to the pair's maximum.",
  [TradeCode.positionNotFound]: 'No open position of this account has that id.',
  [TradeCode.paperOnly]: 'This call acts on the simulated (paper) account only.',
  [TradeCode.sizeOffStep]: "The size is not a multiple of the pair's size step.",
  [TradeCode.notionalBelowMinimum]: 'The order value is below the pair minimum.',
  [TradeCode.priceNotAllowed]: 'A limit order needs a price; a market order takes none.',
};

// ---------------------------------------------------------------------------------------------
// Paths

/** Market data (public) and trading calls (signed-in; signed core calls under `/v1/trade/`). */
export const TradingPath = {
  symbols: '/v1/market/symbols',
  ticker: '/v1/market/ticker',
  depth: '/v1/market/depth',
  trades: '/v1/market/trades',
  klines: '/v1/market/klines',
  /** Server-sent events of one pair: `ticker`, `depth`, `trade`, `kline` (see MarketStreamEvent). */
  stream: '/v1/market/stream',
  placeOrder: '/v1/trade/spot/placeOrder',
  cancelOrder: '/v1/trade/spot/cancelOrder',
  openOrders: '/v1/trade/spot/openOrders',
  orderHistory: '/v1/trade/spot/history',
  fills: '/v1/trade/spot/fills',
  balances: '/v1/trade/account/balances',
  /** Paper account only: back to the starting balance, orders and positions gone. */
  resetPaper: '/v1/trade/account/resetPaper',
  openPosition: '/v1/trade/futures/openPosition',
  closePosition: '/v1/trade/futures/closePosition',
  positions: '/v1/trade/futures/positions',
} as const;

/** The prefix of the trading calls: each is a signed core call (README "Request signing"). */
export const TRADING_SIGNED_PREFIX = '/v1/trade/';

// ---------------------------------------------------------------------------------------------
// Schemas

/** A non-negative decimal string with at most 18 places: `"0"`, `"65000.1"`. */
export const decimalString = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/, 'must be a decimal number like "65000.1"');

const symbolField = z.string().min(1).max(32);
const limitField = (fallback: number) =>
  z.coerce.number().int().min(1).max(MARKET_MAX_LIMIT).default(fallback);

export const marketSymbolSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  basePrice: decimalString,
  priceTick: decimalString,
  sizeStep: decimalString,
  minSize: decimalString,
  minNotional: decimalString,
  maxLeverage: z.number().int().positive(),
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
export const streamQuerySchema = klinesQuerySchema.pick({ symbol: true, interval: true });

export const tickerSchema = z.object({
  symbol: z.string(),
  last: decimalString,
  /** Mark price of the futures contract (the index the positions are valued at). */
  mark: decimalString,
  open24h: decimalString,
  high24h: decimalString,
  low24h: decimalString,
  /** Change over 24 h as a signed ratio: `"-0.0123"` is −1.23 %. */
  change24h: z.string().regex(/^-?\d+(?:\.\d+)?$/),
  volume24h: decimalString,
  time: z.number().int(),
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
  time: z.number().int(),
});
export type Depth = z.infer<typeof depthSchema>;

export const marketTradeSchema = z.object({
  id: z.string(),
  price: decimalString,
  size: decimalString,
  /** The taker's side. */
  side: z.enum(['buy', 'sell']),
  time: z.number().int(),
});
export type MarketTrade = z.infer<typeof marketTradeSchema>;
export const tradesReplySchema = z.object({ trades: z.array(marketTradeSchema) });

export const candleSchema = z.object({
  /** Start of the candle, ms since the epoch. */
  time: z.number().int(),
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

// Spot orders

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['limit', 'market'] as const;
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;

export const placeOrderRequestSchema = z.strictObject({
  symbol: symbolField,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Limit orders only. */
  price: decimalString.optional(),
  /** In the base coin. */
  size: decimalString,
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** The limit price; null for a market order. */
  price: decimalString.nullable(),
  size: decimalString,
  filledSize: decimalString,
  /** Average fill price; null while nothing is filled. */
  averagePrice: decimalString.nullable(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderReplySchema = z.object({ order: orderSchema });
export const ordersReplySchema = z.object({ orders: z.array(orderSchema) });

export const cancelOrderRequestSchema = z.strictObject({ orderId: z.string().min(1).max(64) });
/** Open orders, history and fills: of one pair, or of all. */
export const ordersQuerySchema = z.strictObject({
  symbol: symbolField.optional(),
  limit: z.number().int().min(1).max(MARKET_MAX_LIMIT).default(50),
});

export const fillSchema = z.object({
  fillId: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: decimalString,
  size: decimalString,
  /** Fee in the quote coin. */
  fee: decimalString,
  time: z.number().int(),
});
export type Fill = z.infer<typeof fillSchema>;
export const fillsReplySchema = z.object({ fills: z.array(fillSchema) });

export const balanceSchema = z.object({
  coin: z.string(),
  available: decimalString,
  /** Held by open orders (spot) or as position margin (futures, USDT). */
  frozen: decimalString,
});
export type Balance = z.infer<typeof balanceSchema>;
export const balancesReplySchema = z.object({
  account: z.enum(['real', 'paper']),
  balances: z.array(balanceSchema),
});
export type BalancesReply = z.infer<typeof balancesReplySchema>;

// USDT-margined futures

export const POSITION_SIDES = ['long', 'short'] as const;

export const openPositionRequestSchema = z.strictObject({
  symbol: symbolField,
  side: z.enum(POSITION_SIDES),
  /** 1 to the pair's maxLeverage. */
  leverage: z.number().int(),
  /** In the base coin; opened at market. */
  size: decimalString,
});
export type OpenPositionRequest = z.infer<typeof openPositionRequestSchema>;

export const closePositionRequestSchema = z.strictObject({ positionId: z.string().min(1).max(64) });

export const positionSchema = z.object({
  positionId: z.string(),
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  size: decimalString,
  leverage: z.number().int(),
  entryPrice: decimalString,
  markPrice: decimalString,
  /** Isolated margin held, USDT. */
  margin: decimalString,
  /** Signed, USDT. */
  unrealizedPnl: z.string().regex(/^-?\d+(?:\.\d+)?$/),
  liquidationPrice: decimalString,
  status: z.enum(['open', 'closed', 'liquidated']),
  /** Realised PnL once closed, signed, USDT; null while open. */
  realizedPnl: z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .nullable(),
  openedAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type Position = z.infer<typeof positionSchema>;
export const positionReplySchema = z.object({ position: positionSchema });
export const positionsReplySchema = z.object({ positions: z.array(positionSchema) });
