/**
 * The copy-trading contract (SPEC 1 lists copy trading among the site's functions; its calls and
 * screens are not shown, so every name here is ours). A lead trader's fills and futures positions
 * are mirrored into each follower's account of the same kind: a real lead is followed with real
 * funds, a paper lead with paper funds.
 *
 * The zod schemas live in copy-trading-schemas.ts, so pages needing only these constants do not
 * load zod.
 */

/** The windows a lead's results are computed over, in days. */
export const COPY_PERIODS = [7, 30, 90] as const;
export type CopyPeriod = (typeof COPY_PERIODS)[number];

/** What the discovery list sorts by (drawdown ascending, every other one descending). */
export const COPY_SORTS = ['roi', 'pnl', 'drawdown', 'winRate', 'followers', 'aum'] as const;
export type CopySort = (typeof COPY_SORTS)[number];

/** The markets a lead trades and a follower's copies mirror. */
export const COPY_MARKETS = ['spot', 'futures'] as const;
export type CopyMarket = (typeof COPY_MARKETS)[number];

/**
 * How a follower sizes each copy: `fixed` spends `amount` USDT on it (a spot order's value, a
 * futures position's margin), `ratio` takes the lead's size times `amount`.
 */
export const COPY_AMOUNT_MODES = ['fixed', 'ratio'] as const;
export type CopyAmountMode = (typeof COPY_AMOUNT_MODES)[number];

/** Why a follow ended: the follower stopped it, or its maximum loss or take-profit was reached. */
export const COPY_STOP_REASONS = ['user', 'maxLoss', 'takeProfit'] as const;
export type CopyStopReason = (typeof COPY_STOP_REASONS)[number];

/**
 * What a copy trade is: a spot fill copied, a futures position opened or closed after the lead,
 * or a close made by stopping the follow.
 */
export const COPY_TRADE_KINDS = ['spot', 'open', 'close', 'stop'] as const;
export type CopyTradeKind = (typeof COPY_TRADE_KINDS)[number];

/** Most a lead's profile name, and description, may hold. */
export const COPY_NICKNAME_MAX = 32;
export const COPY_DESCRIPTION_MAX = 500;
/** Most of followers' realised profit a lead may ask for, as a fraction. */
export const COPY_MAX_PROFIT_SHARE = '0.3';
/** Largest size multiplier of a `ratio` follow. */
export const COPY_MAX_RATIO = '10';

/** Refusals of the copy-trading calls. */
export const CopyCode = {
  leadNotFound: '45001',
  /** The account leads already. */
  alreadyLead: '45002',
  /** The account holds less USDT than a lead must. */
  leadBalanceTooLow: '45003',
  /** A trader cannot follow their own lead profile. */
  selfFollow: '45004',
  /** The account follows this lead already. */
  alreadyFollowing: '45005',
  followNotFound: '45006',
  /** The follow is stopped already. */
  followNotActive: '45007',
  /** A pair cap names a pair the lead does not trade on this market, or none the market quotes. */
  badPairCap: '45008',
  /** The follow is in one kind of account (real or paper) and the lead in the other. */
  accountMismatch: '45009',
  /** Take-profit and maximum loss must be more than zero. */
  badLimit: '45010',
} as const;
export type CopyCode = (typeof CopyCode)[keyof typeof CopyCode];

/** An English meaning of each code, for logs and the gateway's messages. */
export const copyCodeMeaning: Record<CopyCode, string> = {
  [CopyCode.leadNotFound]: 'There is no such lead trader.',
  [CopyCode.alreadyLead]: 'This account leads already.',
  [CopyCode.leadBalanceTooLow]: 'The account holds less than a lead trader must.',
  [CopyCode.selfFollow]: 'A trader cannot follow themselves.',
  [CopyCode.alreadyFollowing]: 'This account follows that lead already.',
  [CopyCode.followNotFound]: 'This account has no such follow.',
  [CopyCode.followNotActive]: 'The follow has stopped already.',
  [CopyCode.badPairCap]: 'A pair cap names a pair that cannot be copied.',
  [CopyCode.accountMismatch]: 'Real leads are followed with real funds, paper leads with paper.',
  [CopyCode.badLimit]: 'Take-profit and maximum loss must be more than zero.',
};

export { CopyPath } from './feature-paths';

export type {
  LeadSummary,
  LeadProfile,
  LeadStats,
  Follow,
  CopyTrade,
  LeadFollower,
  LeadingReply,
  ApplyLeadRequest,
  FollowRequest,
} from './copy-trading-schemas';
