import {
  COPY_PERIODS,
  CopyCode,
  type CopyMarket,
  type CopyPeriod,
  type CopySort,
} from '@exchange-web/protocol/copy-trading';
import type {
  LeadProfile,
  LeadsQuery,
  LeadsReply,
  LeadStats,
  LeadSummary,
} from '@exchange-web/protocol/copy-trading-schemas';
import type { CopyConfig } from '../config';
import type { Database } from '../db/database';
import { RefusedError } from '../http/errors';
import { Dec, text } from '../market/decimal';
import { allPeriodStats, spotRealised, type RealisedTrade } from './copy-stats';
import { openFeeOf } from './engine';

/** Latest closing trades a lead's profile shows. */
const PROFILE_HISTORY = 50;

export interface LeadRow {
  lead_id: string;
  user_id: string;
  account: 'real' | 'paper';
  nickname: string;
  description: string;
  markets: string;
  profit_share: string;
  capital: string;
  demo: boolean;
  created_ms: number;
}
export const LEAD_COLUMNS = `lead_id, user_id, account, nickname, description, markets,
  profit_share::text AS profit_share, capital::text AS capital, demo, created_ms::float8 AS created_ms`;

/** A lead's computed figures: the same for every visitor, reused for `statsCacheMs`. */
interface LeadFigures {
  row: LeadRow;
  stats: LeadStats[];
  realised: LeadTradeRecord[];
  followers: number;
  aum: Dec;
}
type LeadTradeRecord = Omit<LeadProfile['history'][number], 'pnl'> & RealisedTrade;

const dec = (value: string) => new Dec(value);
export const marketsOf = (row: LeadRow) => row.markets.split(',') as CopyMarket[];

const SORT_KEYS: Record<CopySort, (lead: LeadSummary) => Dec> = {
  roi: (lead) => dec(lead.stats.roi),
  pnl: (lead) => dec(lead.stats.pnl),
  // The smallest drawdown first: sorted by its negation, like the others descending.
  drawdown: (lead) => dec(lead.stats.maxDrawdown).neg(),
  winRate: (lead) => dec(lead.stats.winRate),
  followers: (lead) => new Dec(lead.followers),
  aum: (lead) => dec(lead.aum),
};

export const leadNotFound = (leadId: string) =>
  new RefusedError({
    status: 404,
    code: CopyCode.leadNotFound,
    message: `leadId: there is no lead ${leadId}`,
  });

/**
 * The leads as everyone sees them: the discovery list and the public profiles, their results
 * computed from the leads' own positions and fills and reused for `statsCacheMs` (the copy
 * engine forgets them when a follow or a mirrored trade changes them).
 */
export class LeadDirectory {
  readonly #figures = new Map<string, { at: number; leads: LeadFigures[] }>();

  constructor(
    readonly db: Database,
    readonly config: CopyConfig,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** Forgets the figures of one kind of account's leads, to be computed again. */
  forget(account: 'real' | 'paper') {
    this.#figures.delete(account);
  }

  forgetAll() {
    this.#figures.clear();
  }

  /** The public list of leads of the real or paper market. */
  async leads(query: LeadsQuery): Promise<LeadsReply> {
    const figures = await this.#leadFigures(query.account);
    const matching = figures
      .filter((lead) => query.market === undefined || marketsOf(lead.row).includes(query.market))
      .map((lead) => this.#summary(lead, query.period));
    const key = SORT_KEYS[query.sort];
    matching.sort((a, b) => key(b).cmp(key(a)) || a.createdAt - b.createdAt);
    return {
      leads: matching.slice(query.offset, query.offset + query.limit),
      total: matching.length,
    };
  }

  /** One lead's public profile. */
  async lead(leadId: string): Promise<LeadProfile> {
    const [row] = await this.db.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM copy_leads WHERE lead_id = $1`,
      [leadId],
    );
    if (!row) throw leadNotFound(leadId);
    const figures =
      (await this.#leadFigures(row.account)).find((lead) => lead.row.lead_id === leadId) ??
      (await this.#figuresOf([row]))[0];
    if (!figures) throw leadNotFound(leadId);
    return this.#profile(figures);
  }

  #summary(lead: LeadFigures, period: CopyPeriod): LeadSummary {
    const stats = lead.stats[COPY_PERIODS.indexOf(period)];
    if (!stats) throw new Error(`no results for ${period} days`);
    return { ...this.#leadFields(lead), stats };
  }

  #leadFields(lead: LeadFigures): Omit<LeadSummary, 'stats'> {
    return {
      leadId: lead.row.lead_id,
      nickname: lead.row.nickname,
      markets: marketsOf(lead.row),
      profitShare: text(dec(lead.row.profit_share)),
      followers: lead.followers,
      aum: text(lead.aum),
      demo: lead.row.demo,
      createdAt: lead.row.created_ms,
    };
  }

  async #profile(lead: LeadFigures): Promise<LeadProfile> {
    const shownBefore = this.now() - this.config.positionDelayMs;
    const positions = await this.db.query<{
      symbol: string;
      side: 'long' | 'short';
      size: string;
      leverage: number;
      entry_price: string;
      opened_ms: number;
    }>(
      `SELECT symbol, side, size::text AS size, leverage, entry_price::text AS entry_price,
         opened_ms::float8 AS opened_ms FROM futures_positions
       WHERE user_id = $1 AND account = $2 AND status = 'open' AND opened_ms <= $3
       ORDER BY opened_ms DESC, position_id LIMIT $4`,
      [lead.row.user_id, lead.row.account, shownBefore, PROFILE_HISTORY],
    );
    return {
      ...this.#leadFields(lead),
      account: lead.row.account,
      description: lead.row.description,
      stats: lead.stats,
      positions: positions.map((position) => ({
        symbol: position.symbol,
        side: position.side,
        size: text(dec(position.size)),
        leverage: position.leverage,
        entryPrice: text(dec(position.entry_price)),
        openedAt: position.opened_ms,
      })),
      history: lead.realised
        .filter((trade) => trade.time <= shownBefore)
        .sort((a, b) => b.time - a.time)
        .slice(0, PROFILE_HISTORY)
        .map(({ pnl, ...trade }) => ({ ...trade, pnl: text(pnl.round(8, Dec.roundDown)) })),
      positionDelayMs: this.config.positionDelayMs,
    };
  }

  async #leadFigures(account: 'real' | 'paper'): Promise<LeadFigures[]> {
    const cached = this.#figures.get(account);
    if (cached && this.now() - cached.at < this.config.statsCacheMs) return cached.leads;
    const rows = await this.db.query<LeadRow>(
      `SELECT ${LEAD_COLUMNS} FROM copy_leads WHERE account = $1 ORDER BY created_ms, lead_id`,
      [account],
    );
    const leads = await this.#figuresOf(rows);
    this.#figures.set(account, { at: this.now(), leads });
    return leads;
  }

  async #figuresOf(rows: readonly LeadRow[]): Promise<LeadFigures[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.lead_id);
    const followers = await this.db.query<{ lead_id: string; count: number }>(
      `SELECT lead_id, count(*)::int AS count FROM copy_follows
       WHERE status = 'active' AND lead_id = ANY($1::text[]) GROUP BY lead_id`,
      [ids],
    );
    // Under copy: the margin of copied positions still open, and the cost of copied coins held.
    const aum = await this.db.query<{ lead_id: string; amount: string }>(
      `SELECT f.lead_id, sum(p.margin)::text AS amount FROM copy_follows f
         JOIN copy_trades t ON t.follow_id = f.follow_id AND t.kind = 'open' AND t.status = 'copied'
         JOIN futures_positions p ON p.position_id = t.position_id AND p.status = 'open'
       WHERE f.status = 'active' AND f.lead_id = ANY($1::text[]) GROUP BY f.lead_id
       UNION ALL
       SELECT f.lead_id, sum(h.cost)::text AS amount FROM copy_follows f
         JOIN copy_holdings h ON h.follow_id = f.follow_id
       WHERE f.status = 'active' AND f.lead_id = ANY($1::text[]) GROUP BY f.lead_id`,
      [ids],
    );
    const figures: LeadFigures[] = [];
    for (const row of rows) {
      const realised = await this.#realised(row);
      figures.push({
        row,
        realised,
        stats: allPeriodStats(realised, dec(row.capital), this.now()),
        followers: followers.find((entry) => entry.lead_id === row.lead_id)?.count ?? 0,
        aum: aum
          .filter((entry) => entry.lead_id === row.lead_id)
          .reduce((sum, entry) => sum.plus(entry.amount ?? '0'), new Dec(0)),
      });
    }
    return figures;
  }

  /**
   * A lead's closing trades since they became a lead, from their own positions and fills: a
   * futures position's profit after both fees, a spot sell's at the average cost of the buys.
   */
  async #realised(row: LeadRow): Promise<LeadTradeRecord[]> {
    const markets = marketsOf(row);
    const trades: LeadTradeRecord[] = [];
    if (markets.includes('futures')) {
      const positions = await this.db.query<{
        symbol: string;
        side: 'long' | 'short';
        size: string;
        entry_price: string;
        open_fee: string | null;
        close_price: string;
        realized_pnl: string;
        closed_ms: number;
      }>(
        `SELECT symbol, side, size::text AS size, entry_price::text AS entry_price,
           open_fee::text AS open_fee, close_price::text AS close_price, realized_pnl::text AS realized_pnl,
           closed_ms::float8 AS closed_ms
         FROM futures_positions
         WHERE user_id = $1 AND account = $2 AND status <> 'open' AND opened_ms >= $3`,
        [row.user_id, row.account, row.created_ms],
      );
      for (const position of positions) {
        const size = dec(position.size);
        const openFee = openFeeOf(position);
        trades.push({
          symbol: position.symbol,
          market: 'futures',
          side: position.side,
          size: text(size),
          price: text(dec(position.close_price)),
          pnl: dec(position.realized_pnl).minus(openFee),
          time: position.closed_ms,
        });
      }
    }
    if (markets.includes('spot')) {
      const fills = await this.db.query<{
        symbol: string;
        side: 'buy' | 'sell';
        price: string;
        size: string;
        fee: string;
        created_ms: number;
      }>(
        `SELECT symbol, side, price::text AS price, size::text AS size, fee::text AS fee,
           created_ms::float8 AS created_ms
         FROM trade_fills WHERE user_id = $1 AND account = $2 AND created_ms >= $3
         ORDER BY created_ms, fill_id`,
        [row.user_id, row.account, row.created_ms],
      );
      const sells = spotRealised(
        fills.map((fill) => ({
          symbol: fill.symbol,
          side: fill.side,
          price: dec(fill.price),
          size: dec(fill.size),
          fee: dec(fill.fee),
          time: fill.created_ms,
        })),
      );
      for (const sell of sells) {
        trades.push({
          symbol: sell.symbol,
          market: 'spot',
          side: 'sell',
          size: text(sell.size),
          price: text(sell.price),
          pnl: sell.pnl,
          time: sell.time,
        });
      }
    }
    return trades;
  }
}
