/**
 * The zod schemas of the copy-trading calls (copy-trading.ts holds their constants, codes and
 * paths). Amounts travel as decimal strings, signed ones with a leading `-`.
 */
import * as z from 'zod/mini';
import {
  COPY_AMOUNT_MODES,
  COPY_DESCRIPTION_MAX,
  COPY_MARKETS,
  COPY_NICKNAME_MAX,
  COPY_PERIODS,
  COPY_SORTS,
  COPY_STOP_REASONS,
  COPY_TRADE_KINDS,
} from './copy-trading';
import { LIST_MAX_OFFSET, MARKET_MAX_LIMIT, ORDER_SIDES, POSITION_SIDES } from './trading';
import { decimalString } from './market-schemas';

const signedDecimal = z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/));
const positiveAmount = decimalString.check(
  z.refine((value) => /[1-9]/.test(value), 'must be more than 0'),
);
const idField = z.string().check(z.minLength(1), z.maxLength(64));
const symbolField = z.string().check(z.minLength(1), z.maxLength(32));
const accountField = z.enum(['real', 'paper']);
const periodField = z.literal([...COPY_PERIODS]);
const offsetField = z._default(
  z.coerce.number().check(z.int(), z.gte(0), z.lte(LIST_MAX_OFFSET)),
  0,
);
const limitField = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MARKET_MAX_LIMIT)), fallback);

/** Results of a lead over one period, from their realised trades. */
export const leadStatsSchema = z.object({
  period: periodField,
  /** Realised profit over the period ÷ the lead's capital at its start, as a signed fraction. */
  roi: signedDecimal,
  /** Realised profit over the period, USDT, net of fees. */
  pnl: signedDecimal,
  /** Largest fall of the capital from a peak over the period, as a fraction (0 to 1). */
  maxDrawdown: decimalString,
  /** Share of the period's closing trades that made a profit (0 to 1); 0 with no trades. */
  winRate: decimalString,
  /** The period's closing trades (futures closes and spot sells). */
  trades: z.number().check(z.int(), z.gte(0)),
});
export type LeadStats = z.infer<typeof leadStatsSchema>;

const leadFields = {
  leadId: z.string(),
  nickname: z.string(),
  markets: z.array(z.enum(COPY_MARKETS)),
  /** Fraction of followers' realised profit paid to the lead. */
  profitShare: decimalString,
  /** Followers copying now. */
  followers: z.number().check(z.int(), z.gte(0)),
  /** Assets under copy, USDT: the margin of open copied positions and the cost of copied coins held. */
  aum: decimalString,
  /** A demo lead of the simulated market (its orders come from a fixed strategy). */
  demo: z.boolean(),
  createdAt: z.number().check(z.int()),
};

/** A lead in the discovery list, with its results over the period asked for. */
export const leadSummarySchema = z.object({ ...leadFields, stats: leadStatsSchema });
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** The discovery list: of the real or paper market, sorted, filtered by market, paged. */
export const leadsQuerySchema = z.strictObject({
  account: z._default(accountField, 'real'),
  period: z._default(z.pipe(z.coerce.number(), periodField), 30),
  sort: z._default(z.enum(COPY_SORTS), 'roi'),
  market: z.optional(z.enum(COPY_MARKETS)),
  offset: offsetField,
  limit: limitField(50),
});
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;
export const leadsReplySchema = z.object({
  leads: z.array(leadSummarySchema),
  /** Every lead the filter matches, for paging. */
  total: z.number().check(z.int(), z.gte(0)),
});
export type LeadsReply = z.infer<typeof leadsReplySchema>;

/** An open futures position of a lead, shown after the profile's delay. */
export const leadPositionSchema = z.object({
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  size: decimalString,
  leverage: z.number().check(z.int()),
  entryPrice: decimalString,
  openedAt: z.number().check(z.int()),
});
/** A closing trade of a lead: a futures position closed, or a spot sell, with its profit. */
export const leadTradeSchema = z.object({
  symbol: z.string(),
  market: z.enum(COPY_MARKETS),
  /** `long`/`short` for a futures position, `sell` for a spot sell. */
  side: z.enum(['long', 'short', 'sell']),
  size: decimalString,
  price: decimalString,
  pnl: signedDecimal,
  time: z.number().check(z.int()),
});

export const leadProfileSchema = z.object({
  ...leadFields,
  account: accountField,
  description: z.string(),
  /** One per period of COPY_PERIODS, in that order. */
  stats: z.array(leadStatsSchema),
  /** Open positions opened at least `positionDelayMs` ago. */
  positions: z.array(leadPositionSchema),
  /** The latest closing trades, older than the delay, newest first. */
  history: z.array(leadTradeSchema),
  positionDelayMs: z.number().check(z.int(), z.gte(0)),
});
export type LeadProfile = z.infer<typeof leadProfileSchema>;
export const leadQuerySchema = z.strictObject({ leadId: idField });
export const leadReplySchema = z.object({ lead: leadProfileSchema });

export const applyLeadRequestSchema = z.strictObject({
  nickname: z
    .string()
    .check(z.trim(), z.minLength(2), z.maxLength(COPY_NICKNAME_MAX), z.regex(/^[^<>]*$/u)),
  description: z._default(z.string().check(z.trim(), z.maxLength(COPY_DESCRIPTION_MAX)), ''),
  markets: z.array(z.enum(COPY_MARKETS)).check(z.minLength(1), z.maxLength(COPY_MARKETS.length)),
  profitShare: decimalString,
});
export type ApplyLeadRequest = z.infer<typeof applyLeadRequestSchema>;

export const followRequestSchema = z.strictObject({
  leadId: idField,
  amountMode: z.enum(COPY_AMOUNT_MODES),
  amount: positiveAmount,
  /** Largest value (USDT) one copy may have in a pair; a bigger copy is sized down to it. */
  pairCaps: z._default(z.record(symbolField, positiveAmount), {}),
  /** Stop copying (closing the copies) once the realised result reaches −maxLoss USDT. */
  maxLoss: z.optional(positiveAmount),
  /** Stop copying (closing the copies) once the realised result reaches +takeProfit USDT. */
  takeProfit: z.optional(positiveAmount),
});
export type FollowRequest = z.infer<typeof followRequestSchema>;

export const followSchema = z.object({
  followId: z.string(),
  leadId: z.string(),
  nickname: z.string(),
  amountMode: z.enum(COPY_AMOUNT_MODES),
  amount: decimalString,
  pairCaps: z.record(z.string(), decimalString),
  maxLoss: z.nullable(decimalString),
  takeProfit: z.nullable(decimalString),
  status: z.enum(['active', 'stopped']),
  stopReason: z.nullable(z.enum(COPY_STOP_REASONS)),
  /** Realised result of the copies, after the profit shared. */
  realizedPnl: signedDecimal,
  /** Profit paid to the lead so far. */
  sharedProfit: decimalString,
  /** Copied futures positions still open. */
  openPositions: z.number().check(z.int(), z.gte(0)),
  createdAt: z.number().check(z.int()),
  stoppedAt: z.nullable(z.number().check(z.int())),
});
export type Follow = z.infer<typeof followSchema>;
export const followReplySchema = z.object({ follow: followSchema });
export const followsQuerySchema = z.strictObject({
  status: z.optional(z.enum(['active', 'stopped'])),
});
export const followsReplySchema = z.object({ follows: z.array(followSchema) });

export const stopFollowRequestSchema = z.strictObject({
  followId: idField,
  /** Close the copied futures positions and sell the copied coins, or keep them. */
  closePositions: z.boolean(),
});

export const copyTradeSchema = z.object({
  tradeId: z.string(),
  followId: z.string(),
  nickname: z.string(),
  kind: z.enum(COPY_TRADE_KINDS),
  symbol: z.string(),
  side: z.enum([...ORDER_SIDES, ...POSITION_SIDES]),
  status: z.enum(['copied', 'skipped']),
  /** Why a copy was skipped: a trading or copy-trading code. */
  reason: z.nullable(z.string()),
  /** The reason in words, or what a copy was sized to. */
  detail: z.nullable(z.string()),
  size: z.nullable(decimalString),
  price: z.nullable(decimalString),
  /** Profit of a closing copy, after fees, before the share. */
  realizedPnl: z.nullable(signedDecimal),
  /** Profit paid to the lead on this copy. */
  shared: z.nullable(decimalString),
  orderId: z.nullable(z.string()),
  positionId: z.nullable(z.string()),
  time: z.number().check(z.int()),
});
export type CopyTrade = z.infer<typeof copyTradeSchema>;
export const copyTradesQuerySchema = z.strictObject({
  followId: z.optional(idField),
  status: z.optional(z.enum(['copied', 'skipped'])),
  offset: offsetField,
  limit: limitField(50),
});
export const copyTradesReplySchema = z.object({ trades: z.array(copyTradeSchema) });

/** A follower as the lead sees them: a masked name, settings and results. */
export const leadFollowerSchema = z.object({
  followId: z.string(),
  follower: z.string(),
  amountMode: z.enum(COPY_AMOUNT_MODES),
  amount: decimalString,
  status: z.enum(['active', 'stopped']),
  realizedPnl: signedDecimal,
  sharedProfit: decimalString,
  createdAt: z.number().check(z.int()),
});
export type LeadFollower = z.infer<typeof leadFollowerSchema>;

/** A share of a follower's realised profit, paid to the lead. */
export const profitShareSchema = z.object({
  tradeId: z.string(),
  follower: z.string(),
  symbol: z.string(),
  realizedPnl: signedDecimal,
  shared: decimalString,
  time: z.number().check(z.int()),
});
export type ProfitShare = z.infer<typeof profitShareSchema>;

/** The lead's side: their profile (null before they apply), followers and the profit shared. */
export const leadingReplySchema = z.object({
  lead: z.nullable(leadProfileSchema),
  followers: z.array(leadFollowerSchema),
  sharedTotal: decimalString,
  /** The copies that paid a share, newest first. */
  shares: z.array(profitShareSchema),
  /** USDT the account must hold to apply. */
  minBalance: decimalString,
});
export type LeadingReply = z.infer<typeof leadingReplySchema>;
export const leadingRequestSchema = z.strictObject({});
