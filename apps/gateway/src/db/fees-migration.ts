import type { Migration } from './migrations';

/**
 * Fees and VIP levels (src/fees; README "Fees and VIP levels"). The schedule lives here, not in
 * code, so it can change without a release: `vip_levels` holds each level's thresholds and
 * `fee_rates` its maker and taker rates per product. `account_fee_levels` is each account's level
 * as computed on `computed_day` (UTC), once a day; an account without a row pays level 0.
 *
 * Orders and positions now carry the rate they were booked at: a resting order holds its fee at
 * the maker rate when placed and pays exactly that, and a position keeps its opening fee, so what
 * it cost is known when it closes. Rows from before have none and were charged 0.1 %.
 */
export const feesMigration: Migration = {
  id: '031_fees',
  sql: `
    CREATE TABLE vip_levels (
      level integer PRIMARY KEY CHECK (level >= 0),
      min_volume_usdt numeric(38, 18) NOT NULL CHECK (min_volume_usdt >= 0),
      min_assets_usdt numeric(38, 18) NOT NULL CHECK (min_assets_usdt >= 0)
    );
    CREATE TABLE fee_rates (
      level integer NOT NULL REFERENCES vip_levels (level) ON DELETE CASCADE,
      product text NOT NULL CHECK (product IN ('spot', 'margin', 'futures')),
      maker_rate numeric(12, 8) NOT NULL CHECK (maker_rate >= 0 AND maker_rate < 0.01),
      taker_rate numeric(12, 8) NOT NULL CHECK (taker_rate >= 0 AND taker_rate < 0.01),
      PRIMARY KEY (level, product)
    );
    -- Level 0 is the 0.1 % every fill paid before levels. Maker rates fall faster than taker
    -- rates, and futures rates faster than spot rates, as exchange schedules do.
    INSERT INTO vip_levels (level, min_volume_usdt, min_assets_usdt) VALUES
      (0, 0, 0),
      (1, 1000000, 500000),
      (2, 5000000, 1000000),
      (3, 20000000, 2500000),
      (4, 100000000, 5000000),
      (5, 500000000, 10000000);
    INSERT INTO fee_rates (level, product, maker_rate, taker_rate) VALUES
      (0, 'spot', 0.001, 0.001), (0, 'margin', 0.001, 0.001), (0, 'futures', 0.001, 0.001),
      (1, 'spot', 0.0009, 0.001), (1, 'margin', 0.0009, 0.001), (1, 'futures', 0.0008, 0.0009),
      (2, 'spot', 0.0008, 0.0009), (2, 'margin', 0.0008, 0.0009), (2, 'futures', 0.0006, 0.0008),
      (3, 'spot', 0.0006, 0.0008), (3, 'margin', 0.0006, 0.0008), (3, 'futures', 0.0004, 0.0007),
      (4, 'spot', 0.0004, 0.0006), (4, 'margin', 0.0004, 0.0006), (4, 'futures', 0.0002, 0.0005),
      (5, 'spot', 0.0002, 0.0004), (5, 'margin', 0.0002, 0.0004), (5, 'futures', 0, 0.0003);
    CREATE TABLE account_fee_levels (
      user_id text NOT NULL REFERENCES users (user_id),
      account text NOT NULL CHECK (account IN ('real', 'paper')),
      level integer NOT NULL,
      volume_30d numeric(38, 18) NOT NULL,
      assets_usdt numeric(38, 18) NOT NULL,
      computed_day text NOT NULL,
      computed_ms bigint NOT NULL,
      PRIMARY KEY (user_id, account)
    );
    ALTER TABLE trade_orders ADD COLUMN fee_rate numeric(12, 8);
    ALTER TABLE trade_fills ADD COLUMN liquidity text NOT NULL DEFAULT 'taker'
      CHECK (liquidity IN ('maker', 'taker'));
    ALTER TABLE margin_orders ADD COLUMN fee_rate numeric(12, 8);
    ALTER TABLE futures_positions ADD COLUMN open_fee numeric(38, 18);
    CREATE INDEX margin_orders_filled ON margin_orders (user_id, account, updated_ms)
      WHERE status = 'filled';
    CREATE INDEX futures_positions_closed ON futures_positions (user_id, account, closed_ms)
      WHERE closed_ms IS NOT NULL
  `,
};
