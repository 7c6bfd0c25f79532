/**
 * The trading contract: the simulated market's pairs and intervals, the paper account, the market
 * data, spot order and futures position calls, and the refusal codes. SPEC.md shows the simulation
 * mode (sections 2, 4, 9) but not its trading screens or their calls: every name here is ours.
 *
 * Prices, sizes and amounts travel as decimal strings (`"65000.1"`), never as binary floats, so
 * what the gateway books is exactly what the page shows.
 */
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

/**
 * An interval as the local cache record keeps it (`klineInterval`, SPEC 3: a number, 1 by
 * default): our reading is minutes, so the default 1 is the one-minute chart.
 */
export const klineIntervalMinutes = (interval: KlineInterval): number =>
  KLINE_INTERVALS[interval] / 60_000;

/** The interval of a number of minutes the local cache holds; undefined for one the chart lacks. */
export function klineIntervalFromMinutes(minutes: number): KlineInterval | undefined {
  return (Object.keys(KLINE_INTERVALS) as KlineInterval[]).find(
    (interval) => klineIntervalMinutes(interval) === minutes,
  );
}

/** The paper account's starting balance, in USDT: on first use and after a reset. */
export const PAPER_INITIAL_USDT = '100000';

/** Most candles, trades and depth levels one call answers. */
export const MARKET_MAX_LIMIT = 500;
/** How far a record list pages back: past it, a narrower time window is the way (keeps scans short). */
export const LIST_MAX_OFFSET = 10_000;

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
  /** A borrow past what the margin account's collateral and leverage tier allow. */
  overBorrow: '43013',
  /** A repayment of more than the margin account owes of that coin, interest included. */
  repayMoreThanOwed: '43014',
  /** A transfer out of a margin account that would bring its risk ratio below the margin call. */
  transferBreachesRisk: '43015',
  /** A coin an isolated margin account does not hold: only its pair's base and quote. */
  coinNotInMarginAccount: '43016',
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
  [TradeCode.overBorrow]: "The borrow exceeds what the margin account's collateral allows.",
  [TradeCode.repayMoreThanOwed]: 'The repayment exceeds what the margin account owes.',
  [TradeCode.transferBreachesRisk]:
    "The transfer would bring the margin account's risk ratio below the margin call.",
  [TradeCode.coinNotInMarginAccount]: "An isolated margin account holds only its pair's coins.",
};

// ---------------------------------------------------------------------------------------------
// Paths

export { TradingPath } from './feature-paths';

/** The prefix of the trading calls: each is a signed core call (README "Request signing"). */
export const TRADING_SIGNED_PREFIX = '/v1/trade/';

// ---------------------------------------------------------------------------------------------
// Order and position kinds

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** What a margin record is of. */
export const MARGIN_RECORD_KINDS = [
  'transferIn',
  'transferOut',
  'borrow',
  'repay',
  'interest',
  'liquidation',
] as const;
export type MarginRecordKind = (typeof MARGIN_RECORD_KINDS)[number];
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export const POSITION_SIDES = ['long', 'short'] as const;

// The zod schemas of these calls live in market-schemas.ts and trading-schemas.ts, so a page that
// only needs the constants above does not load zod; the types are re-exported here, erased at run
// time.
export type {
  SymbolsReply,
  Ticker,
  Depth,
  MarketTrade,
  Candle,
  MarketStreamEvent,
} from './market-schemas';
export type {
  PlaceOrderRequest,
  Order,
  OrderListQuery,
  Fill,
  FillsQuery,
  Balance,
  BalancesReply,
  OpenPositionRequest,
  Position,
} from './trading-schemas';
