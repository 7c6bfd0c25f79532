// The path lists of the trading, fee, reserves and copy-trading calls, apart from the rules and
// arithmetic of those features: the endpoint table every signed-in page loads imports the paths
// only, so a page that computes none of them loads neither that code nor big.js. Each feature
// module re-exports its list, so either import reads the same registry.

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
  /** Cancels every open order, or those of one pair; answers the orders it cancelled. */
  cancelAllOrders: '/v1/trade/spot/cancelAll',
  /** One order and its fills. */
  orderDetail: '/v1/trade/spot/order',
  openOrders: '/v1/trade/spot/openOrders',
  orderHistory: '/v1/trade/spot/history',
  fills: '/v1/trade/spot/fills',
  balances: '/v1/trade/account/balances',
  /** Paper account only: back to the starting balance, orders and positions gone. */
  resetPaper: '/v1/trade/account/resetPaper',
  openPosition: '/v1/trade/futures/openPosition',
  closePosition: '/v1/trade/futures/closePosition',
  positions: '/v1/trade/futures/positions',
  /** Spot to margin (`in`) or margin to spot (`out`), cross or one pair's isolated account. */
  marginTransfer: '/v1/trade/margin/transfer',
  marginBorrow: '/v1/trade/margin/borrow',
  marginRepay: '/v1/trade/margin/repay',
  /** One margin account: assets, debt, interest, risk ratio, what can still be borrowed. */
  marginAccount: '/v1/trade/margin/account',
  /** Every margin account of the trader: cross, then each isolated pair that has one. */
  marginAccounts: '/v1/trade/margin/accounts',
  /** The margin records: transfers, borrows, repays, interest and liquidations, newest first. */
  marginRecords: '/v1/trade/margin/records',
  /** A market or limit order in a margin account, borrowing or repaying on the way if asked. */
  marginPlaceOrder: '/v1/trade/margin/placeOrder',
  /** Cancels a resting margin limit order, releasing what it held. */
  marginCancelOrder: '/v1/trade/margin/cancelOrder',
  /** The margin orders, newest first. */
  marginOrders: '/v1/trade/margin/orders',
  /** One margin order. */
  marginOrderDetail: '/v1/trade/margin/order',
} as const;

/** The fee calls: the schedule is public, an account's level a signed core call. */
export const FeePath = {
  /** Public: every VIP level with its thresholds and its rates per product. */
  schedule: '/v1/fee/schedule',
  /** The account in use (real, or paper with `paptrading: 1`): its level, volume and progress. */
  level: '/v1/trade/fee/level',
} as const;
export type FeePath = (typeof FeePath)[keyof typeof FeePath];

/** The public snapshot calls and the account's own proof (a signed core call). */
export const ReservesPath = {
  /** The snapshots, newest first: liabilities, reserves and ratio per asset, and the root. */
  snapshots: '/v1/reserves/snapshots',
  /** One snapshot's root and figures, to download and verify offline. */
  snapshot: '/v1/reserves/snapshot',
  /** The signed-in account's leaf and path in a snapshot. */
  proof: '/v1/asset/reserves/proof',
  /** Public: the protection fund's balance, its daily history, latest changes and wallets. */
  protectionFund: '/v1/reserves/protection-fund',
} as const;
export type ReservesPath = (typeof ReservesPath)[keyof typeof ReservesPath];

/**
 * The copy-trading calls: two public reads of the leads, and the signed core calls of the account
 * in use (under the trading prefix, so each is signed like the other trading calls).
 */
export const CopyPath = {
  /** Public: the leads of the real or paper market, with their results over a period. */
  leads: '/v1/copy/leads',
  /** Public: one lead's profile, results over every period, delayed positions and history. */
  lead: '/v1/copy/lead',
  /** Become a lead trader with this account. */
  apply: '/v1/trade/copy/apply',
  follow: '/v1/trade/copy/follow',
  /** Stop a follow, closing the copied positions or keeping them. */
  stop: '/v1/trade/copy/stop',
  /** The follower's follows, newest first, with their results. */
  follows: '/v1/trade/copy/follows',
  /** The follower's copy trades (copied or skipped with their reason), newest first. */
  trades: '/v1/trade/copy/trades',
  /** The lead's side: own profile, followers and the profit they shared. */
  leading: '/v1/trade/copy/leading',
} as const;
export type CopyPath = (typeof CopyPath)[keyof typeof CopyPath];
