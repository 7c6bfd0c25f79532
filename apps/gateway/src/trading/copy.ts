import { GatewayCode } from '@exchange-web/protocol/codes';
import {
  COPY_MAX_PROFIT_SHARE,
  COPY_MAX_RATIO,
  CopyCode,
  type CopyStopReason,
  type CopyTradeKind,
} from '@exchange-web/protocol/copy-trading';
import type {
  ApplyLeadRequest,
  CopyTrade,
  Follow,
  FollowRequest,
  LeadFollower,
  LeadingReply,
  LeadProfile,
  LeadsQuery,
  LeadsReply,
  ProfitShare,
} from '@exchange-web/protocol/copy-trading-schemas';
import { findMarketSymbol, TradeCode, type MarketSymbol } from '@exchange-web/protocol/trading';
import { roundToStep } from '@exchange-web/protocol/trading-rules';
import { randomUUID } from 'node:crypto';
import { maskedLoginName } from '../accounts/login-names';
import type { CopyConfig } from '../config';
import type { Database, Queryable } from '../db/database';
import { RefusedError } from '../http/errors';
import { Dec, divide, text } from '../market/decimal';
import { LEAD_COLUMNS, LeadDirectory, leadNotFound, type LeadRow } from './copy-leads';
import { ensurePaperAccount, LockedBalances, type AccountRef, type TradingEngine } from './engine';
import { QUOTE_COIN } from './rules';

/** Most follows, followers and shares one reply lists. */
const LIST_CAP = 200;
/** Signals one pass of the outbox mirrors. */
const SIGNAL_BATCH = 200;

interface FollowRow {
  follow_id: string;
  lead_id: string;
  user_id: string;
  account: 'real' | 'paper';
  amount_mode: 'fixed' | 'ratio';
  amount: string;
  pair_caps: string;
  max_loss: string | null;
  take_profit: string | null;
  realized_pnl: string;
  shared_profit: string;
  status: 'active' | 'stopped';
  stop_reason: CopyStopReason | null;
  created_ms: number;
  stopped_ms: number | null;
}
const FOLLOW_COLUMNS = `f.follow_id, f.lead_id, f.user_id, f.account, f.amount_mode,
  f.amount::text AS amount, f.pair_caps, f.max_loss::text AS max_loss,
  f.take_profit::text AS take_profit, f.realized_pnl::text AS realized_pnl,
  f.shared_profit::text AS shared_profit, f.status, f.stop_reason,
  f.created_ms::float8 AS created_ms, f.stopped_ms::float8 AS stopped_ms`;

interface SignalRow {
  signal_id: string;
  lead_id: string;
  kind: 'spot' | 'open' | 'close';
  symbol: string;
  side: 'buy' | 'sell' | 'long' | 'short';
  size: string;
  price: string;
  leverage: number | null;
  lead_ref: string;
  fraction: string | null;
  created_ms: number;
}

interface TradeRow {
  trade_id: string;
  follow_id: string;
  nickname: string;
  kind: CopyTradeKind;
  symbol: string;
  side: CopyTrade['side'];
  status: 'copied' | 'skipped';
  reason: string | null;
  detail: string | null;
  size: string | null;
  price: string | null;
  realized_pnl: string | null;
  shared: string | null;
  order_id: string | null;
  position_id: string | null;
  created_ms: number;
}
const TRADE_COLUMNS = `t.trade_id, t.follow_id, t.kind, t.symbol, t.side, t.status, t.reason,
  t.detail, t.size::text AS size, t.price::text AS price, t.realized_pnl::text AS realized_pnl,
  t.shared::text AS shared, t.order_id, t.position_id, t.created_ms::float8 AS created_ms`;

/** What one copy came to: done (with what it filled and realised), or skipped with a reason. */
type CopyOutcome =
  | {
      status: 'copied';
      size: Dec;
      price: Dec;
      orderId?: string;
      positionId?: string;
      realized?: Dec;
      detail?: string | undefined;
    }
  | { status: 'skipped'; refusal: { code: string; message: string } };

const dec = (value: string) => new Dec(value);
const optionalText = (value: Dec | undefined) => (value === undefined ? null : text(value));
const skip = (code: string, message: string): CopyOutcome => ({
  status: 'skipped',
  refusal: { code, message },
});
const refOf = (row: { user_id: string; account: 'real' | 'paper' }): AccountRef => ({
  userId: row.user_id,
  account: row.account,
});
const sizeDown = (size: Dec, pair: MarketSymbol) =>
  dec(roundToStep(text(size), pair.sizeStep, Dec.roundDown));

const toFollow = (row: FollowRow & { nickname: string; open_positions: number }): Follow => ({
  followId: row.follow_id,
  leadId: row.lead_id,
  nickname: row.nickname,
  amountMode: row.amount_mode,
  amount: text(dec(row.amount)),
  pairCaps: JSON.parse(row.pair_caps) as Record<string, string>,
  maxLoss: row.max_loss === null ? null : text(dec(row.max_loss)),
  takeProfit: row.take_profit === null ? null : text(dec(row.take_profit)),
  status: row.status,
  stopReason: row.stop_reason,
  realizedPnl: text(dec(row.realized_pnl)),
  sharedProfit: text(dec(row.shared_profit)),
  openPositions: Number(row.open_positions),
  createdAt: row.created_ms,
  stoppedAt: row.stopped_ms,
});

const toTrade = (row: TradeRow): CopyTrade => ({
  tradeId: row.trade_id,
  followId: row.follow_id,
  nickname: row.nickname,
  kind: row.kind,
  symbol: row.symbol,
  side: row.side,
  status: row.status,
  reason: row.reason,
  detail: row.detail,
  size: row.size === null ? null : text(dec(row.size)),
  price: row.price === null ? null : text(dec(row.price)),
  realizedPnl: row.realized_pnl === null ? null : text(dec(row.realized_pnl)),
  shared: row.shared === null ? null : text(dec(row.shared)),
  orderId: row.order_id,
  positionId: row.position_id,
  time: row.created_ms,
});

const followNotFound = (followId: string) =>
  new RefusedError({
    status: 404,
    code: CopyCode.followNotFound,
    message: `followId: this account has no follow ${followId}`,
  });

/**
 * Copy trading over the trading engine (README "Copy trading"). A lead's trade writes a signal in
 * its own transaction (copy-signals.ts); `processSignals` mirrors each signal into every follow
 * that was active when it was made, each in one transaction that first claims the pair
 * (signal, follow) by its unique row: whichever gateway claims it copies it, the others find it
 * taken. A copy is sized by the follow's settings, refused by the same rules as any order (a skip
 * recorded with the refusal's code, nothing else written), and its realised profit pays the
 * lead's share in the same transaction.
 */
export class CopyEngine {
  /** The leads' public figures, computed from their trades and cached. */
  readonly directory: LeadDirectory;
  #draining: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  constructor(
    readonly db: Database,
    readonly trading: TradingEngine,
    readonly config: CopyConfig,
    readonly now: () => number = () => Date.now(),
  ) {
    this.directory = new LeadDirectory(db, config, now);
  }

  // ------------------------------------------------------------------------------------------
  // Leads

  /** Makes the account a lead trader, its capital the USDT it holds now. */
  async apply(ref: AccountRef, request: ApplyLeadRequest): Promise<LeadProfile> {
    if (dec(request.profitShare).gt(COPY_MAX_PROFIT_SHARE)) {
      throw new RefusedError({
        status: 400,
        code: GatewayCode.validationFailed,
        message: `profitShare: must be at most ${COPY_MAX_PROFIT_SHARE}`,
      });
    }
    const leadId = randomUUID();
    await this.db.transaction(async (tx) => {
      await ensurePaperAccount(tx, ref);
      const balances = await LockedBalances.lock(tx, ref, [QUOTE_COIN]);
      const capital = balances.available(QUOTE_COIN);
      if (capital.lt(this.config.leadMinUsdt) || capital.lte(0)) {
        throw new RefusedError({
          status: 409,
          code: CopyCode.leadBalanceTooLow,
          message: `a lead trader holds at least ${this.config.leadMinUsdt} USDT; this account holds ${text(capital)}`,
        });
      }
      const inserted = await tx.query(
        `INSERT INTO copy_leads (lead_id, user_id, account, nickname, description, markets,
           profit_share, capital, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, account) DO NOTHING RETURNING lead_id`,
        [
          leadId,
          ref.userId,
          ref.account,
          request.nickname,
          request.description,
          [...new Set(request.markets)].sort().join(','),
          request.profitShare,
          text(capital),
          this.now(),
        ],
      );
      if (inserted.length === 0) {
        throw new RefusedError({
          status: 409,
          code: CopyCode.alreadyLead,
          message: 'this account leads already',
        });
      }
    });
    this.directory.forget(ref.account);
    return this.lead(leadId);
  }

  /** The public list of leads of the real or paper market. */
  leads(query: LeadsQuery): Promise<LeadsReply> {
    return this.directory.leads(query);
  }

  /** One lead's public profile. */
  lead(leadId: string): Promise<LeadProfile> {
    return this.directory.lead(leadId);
  }

  /** The lead's side of copy trading: profile, followers and the profit they shared. */
  async leading(ref: AccountRef): Promise<LeadingReply> {
    await this.processSignals();
    const [row] = await this.db.query<{ lead_id: string }>(
      `SELECT lead_id FROM copy_leads WHERE user_id = $1 AND account = $2`,
      [ref.userId, ref.account],
    );
    const minBalance = text(dec(this.config.leadMinUsdt));
    if (!row) return { lead: null, followers: [], sharedTotal: '0', shares: [], minBalance };
    const lead = await this.lead(row.lead_id);
    const followers = await this.db.query<FollowRow & { login_name: string }>(
      `SELECT ${FOLLOW_COLUMNS}, u.login_name FROM copy_follows f JOIN users u ON u.user_id = f.user_id
       WHERE f.lead_id = $1 ORDER BY f.created_ms DESC, f.follow_id LIMIT $2`,
      [row.lead_id, LIST_CAP],
    );
    const [total] = await this.db.query<{ total: string | null }>(
      `SELECT sum(shared_profit)::text AS total FROM copy_follows WHERE lead_id = $1`,
      [row.lead_id],
    );
    const shares = await this.db.query<TradeRow & { login_name: string }>(
      `SELECT ${TRADE_COLUMNS}, '' AS nickname, u.login_name FROM copy_trades t
         JOIN copy_follows f ON f.follow_id = t.follow_id JOIN users u ON u.user_id = f.user_id
       WHERE f.lead_id = $1 AND t.shared > 0 ORDER BY t.created_ms DESC, t.seq DESC LIMIT $2`,
      [row.lead_id, LIST_CAP],
    );
    return {
      lead,
      followers: followers.map((follow): LeadFollower => ({
        followId: follow.follow_id,
        follower: maskedLoginName(follow.login_name),
        amountMode: follow.amount_mode,
        amount: text(dec(follow.amount)),
        status: follow.status,
        realizedPnl: text(dec(follow.realized_pnl)),
        sharedProfit: text(dec(follow.shared_profit)),
        createdAt: follow.created_ms,
      })),
      sharedTotal: text(dec(total?.total ?? '0')),
      shares: shares.map((share): ProfitShare => ({
        tradeId: share.trade_id,
        follower: maskedLoginName(share.login_name),
        symbol: share.symbol,
        realizedPnl: text(dec(share.realized_pnl ?? '0')),
        shared: text(dec(share.shared ?? '0')),
        time: share.created_ms,
      })),
      minBalance,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Follows

  /** Starts copying a lead into this account. */
  async follow(ref: AccountRef, request: FollowRequest): Promise<Follow> {
    const [lead] = await this.db.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM copy_leads WHERE lead_id = $1`,
      [request.leadId],
    );
    if (!lead) throw leadNotFound(request.leadId);
    if (lead.account !== ref.account) {
      throw new RefusedError({
        status: 409,
        code: CopyCode.accountMismatch,
        message: `this lead trades with ${lead.account} funds: follow it from the ${lead.account} account`,
      });
    }
    if (lead.user_id === ref.userId) {
      throw new RefusedError({
        status: 409,
        code: CopyCode.selfFollow,
        message: 'leadId: a trader cannot follow themselves',
      });
    }
    if (request.amountMode === 'ratio' && dec(request.amount).gt(COPY_MAX_RATIO)) {
      throw new RefusedError({
        status: 400,
        code: GatewayCode.validationFailed,
        message: `amount: a ratio is at most ${COPY_MAX_RATIO}`,
      });
    }
    for (const symbol of Object.keys(request.pairCaps)) {
      if (!findMarketSymbol(symbol)) {
        throw new RefusedError({
          status: 400,
          code: CopyCode.badPairCap,
          message: `pairCaps: the market does not quote ${symbol}`,
        });
      }
    }
    const followId = randomUUID();
    await this.db.transaction(async (tx) => {
      await ensurePaperAccount(tx, ref);
      const inserted = await tx.query(
        `INSERT INTO copy_follows (follow_id, lead_id, user_id, account, amount_mode, amount,
           pair_caps, max_loss, take_profit, status, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'active', $10)
         ON CONFLICT (lead_id, user_id, account) WHERE status = 'active' DO NOTHING
         RETURNING follow_id`,
        [
          followId,
          lead.lead_id,
          ref.userId,
          ref.account,
          request.amountMode,
          request.amount,
          JSON.stringify(request.pairCaps),
          request.maxLoss ?? null,
          request.takeProfit ?? null,
          this.now(),
        ],
      );
      if (inserted.length === 0) {
        throw new RefusedError({
          status: 409,
          code: CopyCode.alreadyFollowing,
          message: 'leadId: this account follows that lead already',
        });
      }
    });
    this.directory.forget(ref.account);
    return this.#followOf(ref, followId);
  }

  /** Stops a follow: its copied positions are closed and copied coins sold, or kept. */
  async stop(ref: AccountRef, followId: string, closePositions: boolean): Promise<Follow> {
    // Liquidations first, so a position the price took is not closed as if it were open.
    await this.trading.settle(ref);
    await this.processSignals();
    await this.db.transaction(async (tx) => {
      const [follow] = await tx.query<FollowRow>(
        `SELECT ${FOLLOW_COLUMNS} FROM copy_follows f
         WHERE f.follow_id = $1 AND f.user_id = $2 AND f.account = $3 FOR UPDATE`,
        [followId, ref.userId, ref.account],
      );
      if (!follow) throw followNotFound(followId);
      if (follow.status !== 'active') {
        throw new RefusedError({
          status: 409,
          code: CopyCode.followNotActive,
          message: 'followId: the follow has stopped already',
        });
      }
      await this.#end(tx, follow, 'user', closePositions);
    });
    this.directory.forget(ref.account);
    return this.#followOf(ref, followId);
  }

  /** The account's follows, newest first. */
  async follows(ref: AccountRef, status: 'active' | 'stopped' | undefined): Promise<Follow[]> {
    await this.processSignals();
    const rows = await this.db.query<FollowRow & { nickname: string; open_positions: number }>(
      `${this.#followSelect()}
       WHERE f.user_id = $1 AND f.account = $2 AND ($3::text IS NULL OR f.status = $3)
       ORDER BY f.created_ms DESC, f.follow_id LIMIT $4`,
      [ref.userId, ref.account, status ?? null, LIST_CAP],
    );
    return rows.map(toFollow);
  }

  /** The account's copy trades, newest first. */
  async trades(
    ref: AccountRef,
    query: {
      followId?: string | undefined;
      status?: 'copied' | 'skipped' | undefined;
      offset: number;
      limit: number;
    },
  ): Promise<CopyTrade[]> {
    await this.processSignals();
    const rows = await this.db.query<TradeRow>(
      `SELECT ${TRADE_COLUMNS}, l.nickname FROM copy_trades t
         JOIN copy_follows f ON f.follow_id = t.follow_id JOIN copy_leads l ON l.lead_id = f.lead_id
       WHERE f.user_id = $1 AND f.account = $2 AND ($3::text IS NULL OR t.follow_id = $3)
         AND ($4::text IS NULL OR t.status = $4)
       ORDER BY t.created_ms DESC, t.seq DESC LIMIT $5 OFFSET $6`,
      [
        ref.userId,
        ref.account,
        query.followId ?? null,
        query.status ?? null,
        query.limit,
        query.offset,
      ],
    );
    return rows.map(toTrade);
  }

  #followSelect() {
    return `SELECT ${FOLLOW_COLUMNS}, l.nickname,
        (SELECT count(*)::int FROM copy_trades t
           JOIN futures_positions p ON p.position_id = t.position_id AND p.status = 'open'
         WHERE t.follow_id = f.follow_id AND t.kind = 'open' AND t.status = 'copied') AS open_positions
      FROM copy_follows f JOIN copy_leads l ON l.lead_id = f.lead_id`;
  }

  async #followOf(ref: AccountRef, followId: string): Promise<Follow> {
    const [row] = await this.db.query<FollowRow & { nickname: string; open_positions: number }>(
      `${this.#followSelect()} WHERE f.follow_id = $1 AND f.user_id = $2 AND f.account = $3`,
      [followId, ref.userId, ref.account],
    );
    if (!row) throw followNotFound(followId);
    return toFollow(row);
  }

  // ------------------------------------------------------------------------------------------
  // Mirroring

  /**
   * Mirrors the signals not yet done, oldest first. Calls made while a pass runs wait for one
   * more pass after it, so a signal committed before the call is always looked at.
   */
  processSignals(): Promise<void> {
    if (!this.#draining) {
      this.#draining = this.#drain().finally(() => {
        this.#draining = undefined;
      });
      return this.#draining;
    }
    this.#queued ??= this.#draining
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        return this.processSignals();
      });
    return this.#queued;
  }

  async #drain(): Promise<void> {
    const signals = await this.db.query<SignalRow>(
      `SELECT signal_id, lead_id, kind, symbol, side, size::text AS size, price::text AS price,
         leverage, lead_ref, fraction::text AS fraction, created_ms::float8 AS created_ms
       FROM copy_signals WHERE NOT done ORDER BY created_ms, signal_id LIMIT $1`,
      [SIGNAL_BATCH],
    );
    // A lead's signals in order: one that must wait holds back the lead's later ones.
    const waiting = new Set<string>();
    for (const signal of signals) {
      if (waiting.has(signal.lead_id)) continue;
      if (await this.#mirrorSignal(signal)) {
        await this.db.query(`UPDATE copy_signals SET done = true WHERE signal_id = $1`, [
          signal.signal_id,
        ]);
      } else {
        waiting.add(signal.lead_id);
      }
    }
    if (signals.length > 0) this.directory.forgetAll();
  }

  /** Mirrors a signal into every follow; false when it must wait for an earlier one. */
  async #mirrorSignal(signal: SignalRow): Promise<boolean> {
    const [lead] = await this.db.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM copy_leads WHERE lead_id = $1`,
      [signal.lead_id],
    );
    if (!lead) return true;
    const follows = await this.db.query<{
      follow_id: string;
      user_id: string;
      account: 'real' | 'paper';
    }>(
      `SELECT follow_id, user_id, account FROM copy_follows
       WHERE lead_id = $1 AND status = 'active' AND created_ms <= $2 ORDER BY follow_id`,
      [signal.lead_id, signal.created_ms],
    );
    for (const follow of follows) {
      if (!(await this.#mirrorInto(signal, lead, follow))) return false;
    }
    return true;
  }

  async #mirrorInto(
    signal: SignalRow,
    lead: LeadRow,
    target: { follow_id: string; user_id: string; account: 'real' | 'paper' },
  ): Promise<boolean> {
    const ref = refOf(target);
    let copiedPosition: string | undefined;
    if (signal.kind === 'close') {
      const [open] = await this.db.query<{ position_id: string | null; status: string }>(
        `SELECT position_id, status FROM copy_trades
         WHERE follow_id = $1 AND lead_position_id = $2 AND kind = 'open'`,
        [target.follow_id, signal.lead_ref],
      );
      if (!open) {
        // The open is still being mirrored (by this or another gateway): wait for it.
        const pending = await this.db.query(
          `SELECT 1 FROM copy_signals WHERE lead_ref = $1 AND kind = 'open' AND NOT done`,
          [signal.lead_ref],
        );
        return pending.length === 0;
      }
      // Nothing was copied, so there is nothing to close.
      if (open.status !== 'copied' || open.position_id === null) return true;
      copiedPosition = open.position_id;
      // A copy the price liquidated is liquidated, not closed at the mark.
      await this.trading.settle(ref);
    }
    const tradeId = randomUUID();
    await this.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `INSERT INTO copy_trades (trade_id, signal_id, follow_id, kind, symbol, side, status,
           lead_position_id, created_ms)
         VALUES ($1, $2, $3, $4, $5, $6, 'skipped', $7, $8)
         ON CONFLICT (signal_id, follow_id) DO NOTHING RETURNING trade_id`,
        [
          tradeId,
          signal.signal_id,
          target.follow_id,
          signal.kind,
          signal.symbol,
          signal.side,
          signal.kind === 'spot' ? null : signal.lead_ref,
          this.now(),
        ],
      );
      // Another gateway has mirrored this signal into this follow.
      if (claimed.length === 0) return;
      const [follow] = await tx.query<FollowRow>(
        `SELECT ${FOLLOW_COLUMNS} FROM copy_follows f WHERE f.follow_id = $1 FOR UPDATE`,
        [target.follow_id],
      );
      if (!follow) throw new Error(`follow ${target.follow_id} vanished`);
      const outcome =
        follow.status !== 'active'
          ? skip(CopyCode.followNotActive, 'the follow stopped before this trade was copied')
          : signal.kind === 'spot'
            ? await this.#copySpot(tx, signal, follow)
            : signal.kind === 'open'
              ? await this.#copyOpen(tx, signal, follow)
              : await this.#copyClose(tx, follow, copiedPosition ?? '');
      await this.#record(tx, tradeId, outcome);
      if (outcome.status === 'copied' && outcome.realized !== undefined) {
        await this.#realise(tx, follow, lead, tradeId, outcome.realized, true);
      }
    });
    return true;
  }

  async #record(tx: Queryable, tradeId: string, outcome: CopyOutcome) {
    if (outcome.status === 'skipped') {
      await tx.query(
        `UPDATE copy_trades SET status = 'skipped', reason = $2, detail = $3 WHERE trade_id = $1`,
        [tradeId, outcome.refusal.code, outcome.refusal.message],
      );
      return;
    }
    await tx.query(
      `UPDATE copy_trades SET status = 'copied', size = $2, price = $3, order_id = $4,
         position_id = COALESCE($5, position_id), realized_pnl = $6, detail = $7
       WHERE trade_id = $1`,
      [
        tradeId,
        text(outcome.size),
        text(outcome.price),
        outcome.orderId ?? null,
        outcome.positionId ?? null,
        optionalText(outcome.realized),
        outcome.detail ?? null,
      ],
    );
  }

  /** A copy's size: the follow's amount or ratio, within its pair cap, down to the size step. */
  #copySize(follow: FollowRow, pair: MarketSymbol, leadSize: Dec, price: Dec, leverage = 1) {
    let size =
      follow.amount_mode === 'fixed'
        ? divide(dec(follow.amount).times(leverage), price, 18, Dec.roundDown)
        : leadSize.times(follow.amount);
    let detail: string | undefined;
    const cap = (JSON.parse(follow.pair_caps) as Record<string, string>)[pair.symbol];
    if (cap !== undefined && size.times(price).gt(cap)) {
      size = divide(dec(cap), price, 18, Dec.roundDown);
      detail = `sized down to the ${pair.symbol} cap of ${cap} USDT`;
    }
    return { size: sizeDown(size, pair), detail };
  }

  async #copySpot(tx: Queryable, signal: SignalRow, follow: FollowRow): Promise<CopyOutcome> {
    const pair = findMarketSymbol(signal.symbol);
    if (!pair) return skip(TradeCode.unknownSymbol, `the market no longer quotes ${signal.symbol}`);
    const side = signal.side === 'sell' ? 'sell' : 'buy';
    const second = this.trading.market.nowSecond();
    const price =
      side === 'buy'
        ? this.trading.market.bestAsk(pair, second)
        : this.trading.market.bestBid(pair, second);
    const [holding] = await tx.query<{ size: string; cost: string }>(
      `SELECT size::text AS size, cost::text AS cost FROM copy_holdings
       WHERE follow_id = $1 AND symbol = $2 FOR UPDATE`,
      [follow.follow_id, pair.symbol],
    );
    const held = dec(holding?.size ?? '0');
    let size: Dec;
    let detail: string | undefined;
    if (side === 'buy') {
      ({ size, detail } = this.#copySize(follow, pair, dec(signal.size), price));
    } else {
      // A copied sell sells the part of this follow's copied coins the lead sold of theirs.
      if (held.lte(0)) {
        return skip(
          TradeCode.insufficientBalance,
          `this copy holds no ${pair.base} of its own to sell`,
        );
      }
      const fraction = dec(signal.fraction ?? '1');
      size = fraction.gte(1) ? sizeDown(held, pair) : sizeDown(held.times(fraction), pair);
    }
    const placed = await this.trading.placeCopyOrder(tx, refOf(follow), {
      symbol: pair.symbol,
      side,
      size,
    });
    if ('refusal' in placed) return { status: 'skipped', refusal: placed.refusal };
    const fillPrice = dec(placed.fill.price);
    const notional = fillPrice.times(size);
    const fee = dec(placed.fill.fee);
    const cost = dec(holding?.cost ?? '0');
    if (side === 'buy') {
      await tx.query(
        `INSERT INTO copy_holdings (follow_id, symbol, size, cost) VALUES ($1, $2, $3, $4)
         ON CONFLICT (follow_id, symbol) DO UPDATE SET size = copy_holdings.size + $3,
           cost = copy_holdings.cost + $4`,
        [follow.follow_id, pair.symbol, text(size), text(notional.plus(fee))],
      );
      return { status: 'copied', size, price: fillPrice, orderId: placed.order.orderId, detail };
    }
    const costSold = divide(cost.times(size), held, 18);
    await tx.query(
      `UPDATE copy_holdings SET size = size - $3, cost = GREATEST(cost - $4, 0)
       WHERE follow_id = $1 AND symbol = $2`,
      [follow.follow_id, pair.symbol, text(size), text(costSold)],
    );
    return {
      status: 'copied',
      size,
      price: fillPrice,
      orderId: placed.order.orderId,
      realized: notional.minus(fee).minus(costSold),
      detail,
    };
  }

  async #copyOpen(tx: Queryable, signal: SignalRow, follow: FollowRow): Promise<CopyOutcome> {
    const pair = findMarketSymbol(signal.symbol);
    if (!pair) return skip(TradeCode.unknownSymbol, `the market no longer quotes ${signal.symbol}`);
    const side = signal.side === 'short' ? 'short' : 'long';
    const leverage = Math.min(signal.leverage ?? 1, pair.maxLeverage);
    const second = this.trading.market.nowSecond();
    const entry =
      side === 'long'
        ? this.trading.market.bestAsk(pair, second)
        : this.trading.market.bestBid(pair, second);
    const { size, detail } = this.#copySize(follow, pair, dec(signal.size), entry, leverage);
    const opened = await this.trading.openCopyPosition(tx, refOf(follow), {
      symbol: pair.symbol,
      side,
      size: text(size),
      leverage,
    });
    if ('refusal' in opened) return { status: 'skipped', refusal: opened.refusal };
    return {
      status: 'copied',
      size,
      price: dec(opened.position.entryPrice),
      positionId: opened.position.positionId,
      detail,
    };
  }

  async #copyClose(tx: Queryable, follow: FollowRow, positionId: string): Promise<CopyOutcome> {
    const closed = await this.trading.closeCopyPosition(tx, refOf(follow), positionId);
    if (!closed) {
      return skip(
        TradeCode.positionNotFound,
        'the copied position was closed or liquidated already',
      );
    }
    const size = dec(closed.size);
    const openFee = dec(closed.openFee);
    return {
      status: 'copied',
      size,
      price: dec(closed.markPrice),
      positionId,
      realized: dec(closed.realizedPnl ?? '0').minus(openFee),
    };
  }

  /**
   * Books a copy's realised profit on its follow: a share of a profit goes to the lead (in the
   * lead's account of the same kind), and the follow stops once its result reaches its maximum
   * loss or take-profit (`checkLimits`, off for the closes of a stop itself).
   */
  async #realise(
    tx: Queryable,
    follow: FollowRow,
    lead: LeadRow,
    tradeId: string,
    realized: Dec,
    checkLimits: boolean,
  ) {
    let shared = new Dec(0);
    if (realized.gt(0)) {
      shared = realized.times(lead.profit_share).round(8, Dec.roundDown);
    }
    if (shared.gt(0)) {
      // NOTE: the follower's rows, then the lead's: a lead who also follows their follower could
      // meet this order reversed; PostgreSQL then aborts one, and the next pass copies it again.
      const payer = await LockedBalances.lock(tx, refOf(follow), [QUOTE_COIN]);
      if (payer.available(QUOTE_COIN).lt(shared)) shared = payer.available(QUOTE_COIN);
      await payer.change(QUOTE_COIN, shared.neg(), new Dec(0));
      const leadRef = refOf(lead);
      await ensurePaperAccount(tx, leadRef);
      const payee = await LockedBalances.lock(tx, leadRef, [QUOTE_COIN]);
      await payee.change(QUOTE_COIN, shared, new Dec(0));
    }
    await tx.query(`UPDATE copy_trades SET realized_pnl = $2, shared = $3 WHERE trade_id = $1`, [
      tradeId,
      text(realized),
      text(shared),
    ]);
    const [updated] = await tx.query<{ realized_pnl: string }>(
      `UPDATE copy_follows SET realized_pnl = realized_pnl + $2, shared_profit = shared_profit + $3
       WHERE follow_id = $1 RETURNING realized_pnl::text AS realized_pnl`,
      [follow.follow_id, text(realized.minus(shared)), text(shared)],
    );
    if (!checkLimits || !updated || follow.status !== 'active') return;
    const result = dec(updated.realized_pnl);
    if (follow.max_loss !== null && result.lte(dec(follow.max_loss).neg())) {
      await this.#end(tx, follow, 'maxLoss', true);
    } else if (follow.take_profit !== null && result.gte(follow.take_profit)) {
      await this.#end(tx, follow, 'takeProfit', true);
    }
  }

  /** Stops a follow locked in `tx`; with `close`, closes its copied positions and sells its coins. */
  async #end(tx: Queryable, follow: FollowRow, reason: CopyStopReason, close: boolean) {
    await tx.query(
      `UPDATE copy_follows SET status = 'stopped', stop_reason = $2, stopped_ms = $3
       WHERE follow_id = $1`,
      [follow.follow_id, reason, this.now()],
    );
    if (!close) return;
    const ended: FollowRow = { ...follow, status: 'stopped' };
    const [lead] = await tx.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM copy_leads WHERE lead_id = $1`,
      [follow.lead_id],
    );
    if (!lead) throw new Error(`lead ${follow.lead_id} vanished`);
    const positions = await tx.query<{ position_id: string; symbol: string; side: string }>(
      `SELECT t.position_id, t.symbol, t.side FROM copy_trades t
         JOIN futures_positions p ON p.position_id = t.position_id AND p.status = 'open'
       WHERE t.follow_id = $1 AND t.kind = 'open' AND t.status = 'copied'
       ORDER BY t.created_ms, t.seq`,
      [follow.follow_id],
    );
    for (const position of positions) {
      const outcome = await this.#copyClose(tx, ended, position.position_id);
      const tradeId = await this.#insertStopTrade(tx, follow, position.symbol, position.side);
      await this.#record(tx, tradeId, outcome);
      if (outcome.status === 'copied' && outcome.realized !== undefined) {
        await this.#realise(tx, ended, lead, tradeId, outcome.realized, false);
      }
    }
    const holdings = await tx.query<{ symbol: string; size: string; cost: string }>(
      `SELECT symbol, size::text AS size, cost::text AS cost FROM copy_holdings
       WHERE follow_id = $1 AND size > 0 ORDER BY symbol FOR UPDATE`,
      [follow.follow_id],
    );
    for (const holding of holdings) {
      const pair = findMarketSymbol(holding.symbol);
      const tradeId = await this.#insertStopTrade(tx, follow, holding.symbol, 'sell');
      let outcome: CopyOutcome;
      if (!pair) {
        outcome = skip(TradeCode.unknownSymbol, `the market no longer quotes ${holding.symbol}`);
      } else {
        const size = sizeDown(dec(holding.size), pair);
        const placed = await this.trading.placeCopyOrder(tx, refOf(follow), {
          symbol: pair.symbol,
          side: 'sell',
          size,
        });
        if ('refusal' in placed) {
          outcome = { status: 'skipped', refusal: placed.refusal };
        } else {
          const price = dec(placed.fill.price);
          const costSold = divide(dec(holding.cost).times(size), dec(holding.size), 18);
          outcome = {
            status: 'copied',
            size,
            price,
            orderId: placed.order.orderId,
            realized: price.times(size).minus(placed.fill.fee).minus(costSold),
          };
        }
      }
      await this.#record(tx, tradeId, outcome);
      if (outcome.status === 'copied' && outcome.realized !== undefined) {
        await this.#realise(tx, ended, lead, tradeId, outcome.realized, false);
      }
    }
    // What a stopped follow could not sell is the follower's own now, outside copy trading.
    await tx.query(`DELETE FROM copy_holdings WHERE follow_id = $1`, [follow.follow_id]);
  }

  async #insertStopTrade(tx: Queryable, follow: FollowRow, symbol: string, side: string) {
    const tradeId = randomUUID();
    await tx.query(
      `INSERT INTO copy_trades (trade_id, signal_id, follow_id, kind, symbol, side, status,
         created_ms) VALUES ($1, NULL, $2, 'stop', $3, $4, 'skipped', $5)`,
      [tradeId, follow.follow_id, symbol, side, this.now()],
    );
    return tradeId;
  }
}
