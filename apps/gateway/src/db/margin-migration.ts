import type { Migration } from './migrations';

/**
 * Margin accounts (src/trading/margin.ts; README "Margin"). One row per account in
 * margin_accounts, locked FOR UPDATE by every change: `scope` is '' for the cross account and a
 * pair's symbol for an isolated one; `interest_hour` is the last whole hour (ms ÷ 3 600 000)
 * charged, so no hour is charged twice whichever gateway charges it. margin_holdings keeps each
 * coin's held amount, principal and unpaid interest; margin_records every change, for the records, and
 * margin_orders the market orders filled in them.
 */
export const marginMigration: Migration = {
  id: '026_margin',
  sql: `
    CREATE TABLE margin_accounts (
      user_id text NOT NULL REFERENCES users (user_id),
      account text NOT NULL CHECK (account IN ('real', 'paper')),
      scope text NOT NULL,
      interest_hour bigint NOT NULL,
      created_ms bigint NOT NULL,
      PRIMARY KEY (user_id, account, scope)
    );
    CREATE TABLE margin_holdings (
      user_id text NOT NULL,
      account text NOT NULL,
      scope text NOT NULL,
      coin_name text NOT NULL REFERENCES coins (coin_name),
      available numeric(38, 18) NOT NULL DEFAULT 0 CHECK (available >= 0),
      borrowed numeric(38, 18) NOT NULL DEFAULT 0 CHECK (borrowed >= 0),
      interest numeric(38, 18) NOT NULL DEFAULT 0 CHECK (interest >= 0),
      PRIMARY KEY (user_id, account, scope, coin_name),
      FOREIGN KEY (user_id, account, scope) REFERENCES margin_accounts (user_id, account, scope)
        ON DELETE CASCADE
    );
    CREATE TABLE margin_records (
      record_id text PRIMARY KEY,
      user_id text NOT NULL,
      account text NOT NULL,
      scope text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('transferIn', 'transferOut', 'borrow', 'repay',
        'interest', 'liquidation')),
      coin_name text NOT NULL,
      amount numeric(38, 18) NOT NULL,
      detail text,
      created_ms bigint NOT NULL,
      FOREIGN KEY (user_id, account, scope) REFERENCES margin_accounts (user_id, account, scope)
        ON DELETE CASCADE
    );
    CREATE INDEX margin_records_user ON margin_records (user_id, account, created_ms);
    CREATE TABLE margin_orders (
      order_id text PRIMARY KEY,
      user_id text NOT NULL,
      account text NOT NULL,
      scope text NOT NULL,
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      size numeric(38, 18) NOT NULL CHECK (size > 0),
      price numeric(38, 18) NOT NULL,
      fee numeric(38, 18) NOT NULL,
      side_effect text NOT NULL CHECK (side_effect IN ('none', 'autoBorrow', 'autoRepay')),
      loan_coin text,
      borrowed numeric(38, 18) NOT NULL DEFAULT 0,
      repaid numeric(38, 18) NOT NULL DEFAULT 0,
      created_ms bigint NOT NULL,
      FOREIGN KEY (user_id, account, scope) REFERENCES margin_accounts (user_id, account, scope)
        ON DELETE CASCADE
    );
    CREATE INDEX margin_orders_user ON margin_orders (user_id, account, created_ms);
    CREATE INDEX margin_holdings_owing ON margin_holdings (borrowed) WHERE borrowed > 0
  `,
};

/**
 * Limit orders in margin accounts: a resting order holds what it would pay in its holding's
 * `frozen` (still the trader's, so the risk ratio counts it), and waits `open` until the price
 * reaches its limit (judged per second since `checked_second`, as spot orders are), is cancelled,
 * or its account is liquidated. A market order, and every order made before, is `filled`.
 */
export const marginLimitOrdersMigration: Migration = {
  id: '027_margin_limit_orders',
  sql: `
    ALTER TABLE margin_holdings
      ADD COLUMN frozen numeric(38, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0);
    ALTER TABLE margin_orders
      ADD COLUMN type text NOT NULL DEFAULT 'market' CHECK (type IN ('limit', 'market'));
    ALTER TABLE margin_orders
      ADD COLUMN status text NOT NULL DEFAULT 'filled'
        CHECK (status IN ('open', 'filled', 'cancelled'));
    ALTER TABLE margin_orders ADD COLUMN held numeric(38, 18) NOT NULL DEFAULT 0;
    ALTER TABLE margin_orders ADD COLUMN checked_second bigint NOT NULL DEFAULT 0;
    ALTER TABLE margin_orders ADD COLUMN updated_ms bigint;
    UPDATE margin_orders SET updated_ms = created_ms;
    ALTER TABLE margin_orders ALTER COLUMN updated_ms SET NOT NULL;
    CREATE INDEX margin_orders_open ON margin_orders (status, order_id) WHERE status = 'open'
  `,
};
