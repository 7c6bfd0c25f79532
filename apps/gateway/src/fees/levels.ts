import {
  FEE_PRODUCTS,
  FEE_VOLUME_DAYS,
  levelFor,
  nextLevelProgress,
  type AccountFeeLevel,
  type FeeProduct,
  type FeeRates,
  type VipLevel,
} from '@exchange-web/protocol/fees';
import { findMarketSymbol } from '@exchange-web/protocol/trading';
import type { Database, Queryable } from '../db/database';
import { Dec, text } from '../market/decimal';
import type { SimulatedMarket } from '../market/price-model';
import { QUOTE_COIN } from '../trading/rules';
import { ensurePaperAccount, type AccountRef } from '../trading/engine';

const DAY_MS = 86_400_000;
/** Accounts one step of the daily pass computes together. */
const LEVEL_BATCH = 200;

/** The UTC day of `ms` as `YYYY-MM-DD`: the day a level was computed for. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface LevelRow {
  user_id: string;
  account: 'real' | 'paper';
  level: number;
  volume_30d: string;
  assets_usdt: string;
  computed_day: string;
  computed_ms: number;
}

const plain = (value: string) => text(new Dec(value));

/**
 * VIP levels (README "Fees and VIP levels"): the schedule as the database holds it, and each
 * account's level, computed once a UTC day from its volume over the last 30 days (spot fills,
 * margin fills, futures opens and closes, in USDT) and its assets (spot holdings valued at the
 * market's price). The engines read the level through `accountRates` when they charge a fill.
 *
 * The daily pass is idempotent: a row computed today is not computed again, two gateways
 * computing the same account write the same figures, and a row never goes back to an earlier
 * day (a gateway whose clock is behind leaves a later day's level alone).
 */
export class FeeLevels {
  /** The UTC day whose pass this process finished: nothing to do until the next one. */
  #passDoneFor: string | null = null;

  constructor(
    readonly db: Database,
    readonly market: SimulatedMarket,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** Every level with its thresholds and rates, lowest first. */
  async schedule(tx: Queryable = this.db): Promise<VipLevel[]> {
    const levels = await tx.query<{ level: number; min_volume: string; min_assets: string }>(
      `SELECT level, min_volume_usdt::text AS min_volume, min_assets_usdt::text AS min_assets
       FROM vip_levels ORDER BY level`,
    );
    const rates = await tx.query<{
      level: number;
      product: FeeProduct;
      maker_rate: string;
      taker_rate: string;
    }>(
      `SELECT level, product, maker_rate::text AS maker_rate, taker_rate::text AS taker_rate
       FROM fee_rates ORDER BY level, product`,
    );
    return levels.map((row) => {
      const own = rates.filter((rate) => rate.level === row.level);
      const ratesOf = (product: FeeProduct): FeeRates => {
        const found = own.find((rate) => rate.product === product);
        if (!found) throw new Error(`fee_rates has no ${product} rates for level ${row.level}`);
        return { maker: plain(found.maker_rate), taker: plain(found.taker_rate) };
      };
      return {
        level: row.level,
        minVolumeUsdt: plain(row.min_volume),
        minAssetsUsdt: plain(row.min_assets),
        rates: Object.fromEntries(
          FEE_PRODUCTS.map((product) => [product, ratesOf(product)]),
        ) as Record<FeeProduct, FeeRates>,
      };
    });
  }

  /** The account's level, computed now if it was not computed today. */
  async levelOf(ref: AccountRef): Promise<AccountFeeLevel> {
    // Asking is a use of the paper account, which starts with its USDT (as any trading call).
    if (ref.account === 'paper') await this.db.transaction((tx) => ensurePaperAccount(tx, ref));
    const today = utcDay(this.now());
    let [row] = await this.#rows([ref]);
    if (!row || row.computed_day < today) {
      await this.#compute([ref]);
      [row] = await this.#rows([ref]);
    }
    if (!row) throw new Error('a fee level was computed and not stored');
    const schedule = await this.schedule();
    const level = schedule.find((candidate) => candidate.level === row.level) ?? schedule[0];
    if (!level) throw new Error('the fee schedule is empty');
    return {
      account: ref.account,
      level: row.level,
      volume30d: plain(row.volume_30d),
      assetsUsdt: plain(row.assets_usdt),
      computedAt: row.computed_ms,
      rates: level.rates,
      next: nextLevelProgress(schedule, row.level, row.volume_30d, row.assets_usdt),
    };
  }

  /**
   * Today's pass, as far as it has not run: every account with holdings, or a level from an
   * earlier day, gets today's level. Run by every gateway's settle timer; cheap once done.
   * Answers how many accounts this call computed.
   */
  async recomputeDue(): Promise<number> {
    const today = utcDay(this.now());
    if (this.#passDoneFor === today) return 0;
    let computed = 0;
    for (;;) {
      const due = await this.db.query<{ user_id: string; account: 'real' | 'paper' }>(
        `SELECT a.user_id, a.account FROM (
           SELECT DISTINCT user_id, 'real' AS account FROM balances
           UNION SELECT user_id, 'paper' AS account FROM paper_accounts
           UNION SELECT user_id, account FROM account_fee_levels
         ) a
         LEFT JOIN account_fee_levels l ON l.user_id = a.user_id AND l.account = a.account
         WHERE l.computed_day IS NULL OR l.computed_day < $1
         ORDER BY a.user_id, a.account LIMIT $2`,
        [today, LEVEL_BATCH],
      );
      if (due.length === 0) break;
      await this.#compute(due.map((row) => ({ userId: row.user_id, account: row.account })));
      computed += due.length;
    }
    this.#passDoneFor = today;
    return computed;
  }

  async #rows(refs: readonly AccountRef[]): Promise<LevelRow[]> {
    const { clause, params } = refsClause(refs, 1);
    return this.db.query<LevelRow>(
      `SELECT user_id, account, level, volume_30d::text AS volume_30d,
         assets_usdt::text AS assets_usdt, computed_day, computed_ms::float8 AS computed_ms
       FROM account_fee_levels WHERE ${clause}`,
      params,
    );
  }

  /** Computes and stores today's level of each account of `refs`. */
  async #compute(refs: readonly AccountRef[]): Promise<void> {
    const nowMs = this.now();
    const today = utcDay(nowMs);
    const since = nowMs - FEE_VOLUME_DAYS * DAY_MS;
    const volumes = await this.#volumes(refs, since);
    const assets = await this.#assets(refs);
    const schedule = await this.schedule();
    await this.db.transaction(async (tx) => {
      for (const ref of refs) {
        const key = keyOf(ref);
        const volume = text(volumes.get(key) ?? new Dec(0));
        const held = text(assets.get(key) ?? new Dec(0));
        const level = levelFor(schedule, volume, held).level;
        await tx.query(
          `INSERT INTO account_fee_levels (user_id, account, level, volume_30d, assets_usdt,
             computed_day, computed_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (user_id, account) DO UPDATE SET level = excluded.level,
             volume_30d = excluded.volume_30d, assets_usdt = excluded.assets_usdt,
             computed_day = excluded.computed_day, computed_ms = excluded.computed_ms
           WHERE account_fee_levels.computed_day < excluded.computed_day`,
          [ref.userId, ref.account, level, volume, held, today, nowMs],
        );
      }
    });
  }

  /** USDT traded by each account since `since`: every product, opens and closes alike. */
  async #volumes(refs: readonly AccountRef[], since: number): Promise<Map<string, Dec>> {
    const { clause, params } = refsClause(refs, 2);
    const rows = await this.db.query<{ user_id: string; account: string; volume: string }>(
      `SELECT user_id, account, SUM(notional)::text AS volume FROM (
         SELECT user_id, account, price * size AS notional FROM trade_fills
         WHERE created_ms >= $1 AND ${clause}
         UNION ALL
         SELECT user_id, account, price * size FROM margin_orders
         WHERE status = 'filled' AND updated_ms >= $1 AND ${clause}
         UNION ALL
         SELECT user_id, account, entry_price * size FROM futures_positions
         WHERE opened_ms >= $1 AND ${clause}
         UNION ALL
         SELECT user_id, account, close_price * size FROM futures_positions
         WHERE closed_ms >= $1 AND close_price IS NOT NULL AND ${clause}
       ) traded GROUP BY user_id, account`,
      [since, ...params],
    );
    return new Map(rows.map((row) => [`${row.user_id}|${row.account}`, new Dec(row.volume)]));
  }

  /** Each account's spot holdings (available and frozen) in USDT at the market's price now. */
  async #assets(refs: readonly AccountRef[]): Promise<Map<string, Dec>> {
    const second = this.market.nowSecond();
    const totals = new Map<string, Dec>();
    for (const account of ['real', 'paper'] as const) {
      const userIds = refs.filter((ref) => ref.account === account).map((ref) => ref.userId);
      if (userIds.length === 0) continue;
      const placeholders = userIds.map((_, i) => `$${i + 1}`).join(', ');
      const table = account === 'paper' ? 'paper_balances' : 'balances';
      const rows = await this.db.query<{ user_id: string; coin_name: string; held: string }>(
        `SELECT user_id, coin_name, (available + frozen)::text AS held FROM ${table}
         WHERE user_id IN (${placeholders})`,
        userIds,
      );
      for (const row of rows) {
        const price = this.#usdtPrice(row.coin_name, second);
        if (price === null) continue;
        const key = `${row.user_id}|${account}`;
        totals.set(key, (totals.get(key) ?? new Dec(0)).plus(new Dec(row.held).times(price)));
      }
    }
    return totals;
  }

  // A coin the market does not quote against USDT has no price and counts for nothing.
  #usdtPrice(coin: string, second: number): Dec | null {
    if (coin === QUOTE_COIN) return new Dec(1);
    const pair = findMarketSymbol(`${coin}${QUOTE_COIN}`);
    return pair ? this.market.price(pair, second) : null;
  }
}

const keyOf = (ref: AccountRef) => `${ref.userId}|${ref.account}`;

/** `(user_id, account) IN (...)` for `refs`, its parameters numbered from `first`. */
function refsClause(refs: readonly AccountRef[], first: number) {
  const pairs = refs.map((_, i) => `($${first + 2 * i}, $${first + 2 * i + 1})`).join(', ');
  return {
    clause: `(user_id, account) IN (${pairs})`,
    params: refs.flatMap((ref) => [ref.userId, ref.account]),
  };
}
