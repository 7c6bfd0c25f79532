/**
 * The zod schemas of the account's trading calls: spot orders, futures positions and margin (see
 * trading.ts for the contract's constants, codes and paths; market-schemas.ts for the public
 * market reads). Apart from trading.ts so that pages importing only constants do not load zod.
 */
import * as z from 'zod/mini';
import { decimalString, limitField, symbolField } from './market-schemas';
import {
  LIST_MAX_OFFSET,
  MARGIN_RECORD_KINDS,
  MARKET_MAX_LIMIT,
  ORDER_SIDES,
  ORDER_TYPES,
  ORDER_STATUSES,
  POSITION_SIDES,
} from './trading';

// Spot orders

export const placeOrderRequestSchema = z.strictObject({
  symbol: symbolField,
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  /** Limit orders only. */
  price: z.optional(decimalString),
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
  price: z.nullable(decimalString),
  size: decimalString,
  filledSize: decimalString,
  /** Average fill price; null while nothing is filled. */
  averagePrice: z.nullable(decimalString),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number().check(z.int()),
  updatedAt: z.number().check(z.int()),
});
export type Order = z.infer<typeof orderSchema>;
export const orderReplySchema = z.object({ order: orderSchema });
export const ordersReplySchema = z.object({ orders: z.array(orderSchema) });

export const cancelOrderRequestSchema = z.strictObject({
  orderId: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** Positions: of one pair, or of all. */
export const ordersQuerySchema = z.strictObject({
  symbol: z.optional(symbolField),
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(MARKET_MAX_LIMIT)), 50),
});

/** The latest time a list filter takes: year 2100, in epoch milliseconds. */
const LATEST_FILTER_MS = 4_102_444_800_000;
const filterTime = z.number().check(z.int(), z.gte(0), z.lte(LATEST_FILTER_MS));

/**
 * The window of a record list: `from` and `to` bound the time (epoch ms, both inclusive) and
 * `offset` skips that many of the newest first, for pages.
 */
const listWindow = {
  from: z.optional(filterTime),
  to: z.optional(filterTime),
  offset: z._default(z.number().check(z.int(), z.gte(0), z.lte(LIST_MAX_OFFSET)), 0),
};
const windowInOrder = z.refine<{ from?: number | undefined; to?: number | undefined }>(
  (query) => query.from === undefined || query.to === undefined || query.from <= query.to,
  { message: 'must not be after to', path: ['from'] },
);

/** Open orders or order history: of one pair or all, filtered by side, type and time, paged. */
export const orderListQuerySchema = z
  .strictObject({
    symbol: z.optional(symbolField),
    side: z.optional(z.enum(ORDER_SIDES)),
    type: z.optional(z.enum(ORDER_TYPES)),
    ...listWindow,
    limit: limitField(50),
  })
  .check(windowInOrder);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Fills: of one pair or all, or of one order, filtered by side and time, paged. */
export const fillsQuerySchema = z
  .strictObject({
    symbol: z.optional(symbolField),
    side: z.optional(z.enum(ORDER_SIDES)),
    orderId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    ...listWindow,
    limit: limitField(50),
  })
  .check(windowInOrder);
export type FillsQuery = z.infer<typeof fillsQuerySchema>;

/** Cancels every open order of the account, or of one pair. */
export const cancelAllRequestSchema = z.strictObject({ symbol: z.optional(symbolField) });
export type CancelAllRequest = z.infer<typeof cancelAllRequestSchema>;

export const fillSchema = z.object({
  fillId: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: decimalString,
  size: decimalString,
  /** Fee in the quote coin. */
  fee: decimalString,
  /** Whether the fill took liquidity (filled at once) or made it (a resting order); fees.ts. */
  liquidity: z.enum(['maker', 'taker']),
  time: z.number().check(z.int()),
});
export type Fill = z.infer<typeof fillSchema>;
export const fillsReplySchema = z.object({ fills: z.array(fillSchema) });

/** One spot order by id. */
export const orderDetailRequestSchema = z.strictObject({
  orderId: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** One spot order and each of its fills, oldest first. */
export const orderDetailReplySchema = z.object({ order: orderSchema, fills: z.array(fillSchema) });

export const balanceSchema = z.object({
  coin: z.string(),
  available: decimalString,
  /** Held by open orders (spot) or as position margin (futures, USDT). */
  frozen: decimalString,
});
export type Balance = z.infer<typeof balanceSchema>;
/** Balances (and the list of margin accounts) take no payload. */
export const balancesRequestSchema = z.strictObject({});
export const balancesReplySchema = z.object({
  account: z.enum(['real', 'paper']),
  balances: z.array(balanceSchema),
});
export type BalancesReply = z.infer<typeof balancesReplySchema>;

// USDT-margined futures

export const openPositionRequestSchema = z.strictObject({
  symbol: symbolField,
  side: z.enum(POSITION_SIDES),
  /** 1 to the pair's maxLeverage. */
  leverage: z.number().check(z.int()),
  /** In the base coin; opened at market. */
  size: decimalString,
});
export type OpenPositionRequest = z.infer<typeof openPositionRequestSchema>;

export const closePositionRequestSchema = z.strictObject({
  positionId: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const positionSchema = z.object({
  positionId: z.string(),
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  size: decimalString,
  leverage: z.number().check(z.int()),
  entryPrice: decimalString,
  markPrice: decimalString,
  /** Isolated margin held, USDT. */
  margin: decimalString,
  /** The fee paid when it opened, USDT (the closing fee is inside `realizedPnl`). */
  openFee: decimalString,
  /** Signed, USDT. */
  unrealizedPnl: z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/)),
  liquidationPrice: decimalString,
  status: z.enum(['open', 'closed', 'liquidated']),
  /** Realised PnL once closed, signed, USDT; null while open. */
  realizedPnl: z.nullable(z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/))),
  openedAt: z.number().check(z.int()),
  closedAt: z.nullable(z.number().check(z.int())),
});
export type Position = z.infer<typeof positionSchema>;
export const positionReplySchema = z.object({ position: positionSchema });
export const positionsReplySchema = z.object({ positions: z.array(positionSchema) });

// ---------------------------------------------------------------------------------------------
// Margin (README "Margin"): `symbol` names an isolated account; without it the call is the cross one.

const coinField = z.string().check(z.regex(/^[A-Z0-9]{1,16}$/, 'must be a coin name like "BTC"'));
/** A positive amount: a decimal string above zero. */
const positiveAmount = decimalString.check(
  z.refine((value) => /[1-9]/.test(value), 'must be more than 0'),
);

export { MARGIN_RECORD_KINDS };
export const MARGIN_LEVELS = ['safe', 'marginCall', 'liquidation'] as const;

export const marginTransferRequestSchema = z.strictObject({
  /** `in`: spot to margin; `out`: margin to spot. */
  direction: z.enum(['in', 'out']),
  symbol: z.optional(symbolField),
  coin: coinField,
  amount: positiveAmount,
});
export type MarginTransferRequest = z.infer<typeof marginTransferRequestSchema>;

export const marginLoanRequestSchema = z.strictObject({
  symbol: z.optional(symbolField),
  coin: coinField,
  amount: positiveAmount,
});
export type MarginLoanRequest = z.infer<typeof marginLoanRequestSchema>;

export const marginAccountQuerySchema = z.strictObject({ symbol: z.optional(symbolField) });

/** What a margin order does about loans: nothing, borrow what it lacks, or repay with what it gets. */
export const MARGIN_SIDE_EFFECTS = ['none', 'autoBorrow', 'autoRepay'] as const;

/**
 * An order in a margin account: `mode` picks the cross account or the pair's isolated one. A
 * market order fills at once; a limit order (`price`) fills at once when it reaches the book, else
 * rests holding what it would pay, as a spot limit order does.
 */
export const marginOrderRequestSchema = z.strictObject({
  symbol: symbolField,
  mode: z._default(z.enum(['cross', 'isolated']), 'cross'),
  side: z.enum(ORDER_SIDES),
  type: z._default(z.enum(ORDER_TYPES), 'market'),
  price: z.optional(decimalString),
  size: decimalString,
  sideEffect: z._default(z.enum(MARGIN_SIDE_EFFECTS), 'none'),
});
export type MarginOrderRequest = z.infer<typeof marginOrderRequestSchema>;

export const marginOrderSchema = z.object({
  orderId: z.string(),
  symbol: z.string(),
  mode: z.enum(['cross', 'isolated']),
  type: z.enum(ORDER_TYPES),
  /** `open` while a limit order rests; a market order is `filled` as it is placed. */
  status: z.enum(ORDER_STATUSES),
  side: z.enum(ORDER_SIDES),
  size: decimalString,
  /** A limit order's limit (it fills there), a market order's fill price. */
  price: decimalString,
  /** Fee of the fill, USDT (0 until a limit order fills). */
  fee: decimalString,
  sideEffect: z.enum(MARGIN_SIDE_EFFECTS),
  /** What the order borrowed first (autoBorrow), or repaid after (autoRepay), of `loanCoin`. */
  borrowed: decimalString,
  repaid: decimalString,
  loanCoin: z.nullable(z.string()),
  time: z.number().check(z.int()),
});
export type MarginOrder = z.infer<typeof marginOrderSchema>;
export const marginOrdersQuerySchema = z
  .strictObject({
    symbol: z.optional(symbolField),
    side: z.optional(z.enum(ORDER_SIDES)),
    type: z.optional(z.enum(ORDER_TYPES)),
    status: z.optional(z.enum(ORDER_STATUSES)),
    ...listWindow,
    limit: limitField(100),
  })
  .check(windowInOrder);
export type MarginOrdersQuery = z.infer<typeof marginOrdersQuerySchema>;
export const marginOrdersReplySchema = z.object({ orders: z.array(marginOrderSchema) });

export const marginRecordsQuerySchema = z
  .strictObject({
    symbol: z.optional(symbolField),
    kind: z.optional(z.enum(MARGIN_RECORD_KINDS)),
    ...listWindow,
    limit: limitField(100),
  })
  .check(windowInOrder);
export type MarginRecordsQuery = z.infer<typeof marginRecordsQuerySchema>;

export const marginHoldingSchema = z.object({
  coin: z.string(),
  available: decimalString,
  /** Held by resting limit orders: still the trader's (the risk ratio counts it), not free. */
  frozen: decimalString,
  borrowed: decimalString,
  interest: decimalString,
  /** USDT per unit at the time of the reply. */
  price: decimalString,
  /** What can still be borrowed of this coin now (0 when the coin cannot be borrowed). */
  maxBorrowable: decimalString,
  /** Interest per hour on the principal, as a fraction; null when the coin cannot be borrowed. */
  hourlyRate: z.nullable(decimalString),
});
export type MarginHolding = z.infer<typeof marginHoldingSchema>;

const signedDecimal = z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/));

export const marginAccountSchema = z.object({
  /** The pair of an isolated account; null for the cross account. */
  symbol: z.nullable(z.string()),
  holdings: z.array(marginHoldingSchema),
  /** Everything held, in USDT. */
  assets: decimalString,
  /** Principal and interest owed, in USDT. */
  debt: decimalString,
  /** assets − debt, in USDT (negative after a loss past the collateral). */
  equity: signedDecimal,
  /** assets ÷ debt; null when nothing is owed. */
  riskRatio: z.nullable(decimalString),
  level: z.enum(MARGIN_LEVELS),
  marginCallRatio: decimalString,
  liquidationRatio: decimalString,
});
export type MarginAccount = z.infer<typeof marginAccountSchema>;
export const marginAccountReplySchema = z.object({ margin: marginAccountSchema });

export const marginRecordSchema = z.object({
  recordId: z.string(),
  symbol: z.nullable(z.string()),
  kind: z.enum(MARGIN_RECORD_KINDS),
  coin: z.string(),
  amount: decimalString,
  /** What a liquidation sold and repaid, or an interest charge's hours; null otherwise. */
  detail: z.nullable(z.string()),
  time: z.number().check(z.int()),
});
export type MarginRecord = z.infer<typeof marginRecordSchema>;
export const marginRecordsReplySchema = z.object({ records: z.array(marginRecordSchema) });

/** A margin order's reply: the order and its account after it. */
/** One margin order by id (a market order: its one fill is the order's price, size and fee). */
export const marginOrderDetailReplySchema = z.object({ order: marginOrderSchema });

/** Every margin account of the trader: the cross one first, then each isolated pair. */
export const marginAccountsReplySchema = z.object({ accounts: z.array(marginAccountSchema) });

export const marginOrderReplySchema = z.object({
  order: marginOrderSchema,
  margin: marginAccountSchema,
});
