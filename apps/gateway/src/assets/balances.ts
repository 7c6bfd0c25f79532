import type { AssetOverviewReply } from '@exchange-web/protocol/schemas';
import type { Queryable } from '../db/database';

interface BalanceRow {
  coin: string;
  available: string;
  frozen: string;
  usdt_value: string;
  total_usdt: string;
}

// Amounts stay exact decimals end to end: computed in numeric, sent as text (trim_scale drops
// trailing zeros, so 0.500000000000000000 reads 0.5). Values in USDT are rounded to 8 places.
const USDT_VALUE = `round((b.available + b.frozen) * coalesce(p.usdt_price, 0), 8)`;

/**
 * A user's balances valued in USDT by the price table, in the coin list's order, and their total.
 * A user with no balance rows gets an empty list and a total of 0 (ours: SPEC is silent).
 */
export async function assetOverview(db: Queryable, userId: string): Promise<AssetOverviewReply> {
  const rows = await db.query<BalanceRow>(
    `SELECT b.coin_name AS coin,
       trim_scale(b.available)::text AS available,
       trim_scale(b.frozen)::text AS frozen,
       trim_scale(${USDT_VALUE})::text AS usdt_value,
       trim_scale(sum(${USDT_VALUE}) OVER ())::text AS total_usdt
     FROM balances b
     JOIN coins c ON c.coin_name = b.coin_name
     LEFT JOIN coin_prices p ON p.coin_name = b.coin_name
     WHERE b.user_id = $1
     ORDER BY c.sort_order, b.coin_name`,
    [userId],
  );
  return {
    totalUsdt: rows[0]?.total_usdt ?? '0',
    balances: rows.map((row) => ({
      coin: row.coin,
      available: row.available,
      frozen: row.frozen,
      usdtValue: row.usdt_value,
    })),
  };
}

/** One balance to set: amounts as decimal strings. */
export interface BalanceSeed {
  coin: string;
  available: string;
  frozen: string;
}

/** Sets balances of a user (seeding and tests); an existing row of a coin is overwritten. */
export async function setBalances(
  db: Queryable,
  userId: string,
  balances: readonly BalanceSeed[],
): Promise<void> {
  for (const balance of balances) {
    await db.query(
      `INSERT INTO balances (user_id, coin_name, available, frozen) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, coin_name) DO UPDATE SET
         available = excluded.available, frozen = excluded.frozen, updated_at = now()`,
      [userId, balance.coin, balance.available, balance.frozen],
    );
  }
}
