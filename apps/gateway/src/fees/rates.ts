import type { FeeProduct, Liquidity } from '@exchange-web/protocol/fees';
import type { Queryable } from '../db/database';
import { Dec } from '../market/decimal';
import type { AccountRef } from '../trading/engine';

/** An account's maker and taker rates for one product, as fractions of the notional. */
export interface AccountRates {
  maker: Dec;
  taker: Dec;
}

/**
 * The rates `ref` pays for `product` now: those of its level as last computed (level 0 without a
 * row), read in the caller's transaction so the fill and its rate agree. A level the schedule no
 * longer has pays the highest level below it that it does have.
 */
export async function accountRates(
  tx: Queryable,
  ref: AccountRef,
  product: FeeProduct,
): Promise<AccountRates> {
  const [row] = await tx.query<{ maker_rate: string; taker_rate: string }>(
    `SELECT maker_rate::text AS maker_rate, taker_rate::text AS taker_rate FROM fee_rates
     WHERE product = $3 AND level <= COALESCE(
       (SELECT level FROM account_fee_levels WHERE user_id = $1 AND account = $2), 0)
     ORDER BY level DESC LIMIT 1`,
    [ref.userId, ref.account, product],
  );
  if (!row) throw new Error(`the fee schedule has no ${product} rates at or below the level`);
  return { maker: new Dec(row.maker_rate), taker: new Dec(row.taker_rate) };
}

/** The rate of `liquidity` among `rates`. */
export const rateOf = (rates: AccountRates, liquidity: Liquidity): Dec => rates[liquidity];
