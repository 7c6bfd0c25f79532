import type { Migration } from './migrations';

/**
 * Copy trading (src/trading/copy.ts; README "Copy trading").
 *
 * - copy_leads: one lead profile per user and account (real or paper); `capital` is the USDT the
 *   lead held on applying, the base of their return; a demo lead's `demo_slot` is the last
 *   strategy step taken, claimed by `UPDATE ... WHERE demo_slot < $slot` so one gateway acts.
 * - copy_follows: a follower's settings and running result; at most one active follow of a lead
 *   per follower account.
 * - copy_signals: the outbox. A lead's fill or position change writes a signal in its own
 *   transaction; a gateway mirrors it into each follow, and marks it done. A spot sell carries
 *   the `fraction` of the lead's coins it sold, so a follower sells the same part of theirs.

 * - copy_trades: what became of a signal in one follow, copied or skipped with its reason. The
 *   unique (signal_id, follow_id) makes mirroring idempotent across gateways; a close made by
 *   stopping a follow has no signal.
 * - copy_holdings: the coins a follow's spot copies bought and still hold, at their cost, so a
 *   copied sell sells only those and its profit is known.
 */
export const copyTradingMigration: Migration = {
  id: '028_copy_trading',
  sql: `
    CREATE TABLE copy_leads (
      lead_id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id),
      account text NOT NULL CHECK (account IN ('real', 'paper')),
      nickname text NOT NULL,
      description text NOT NULL,
      markets text NOT NULL,
      profit_share numeric(38, 18) NOT NULL CHECK (profit_share >= 0 AND profit_share < 1),
      capital numeric(38, 18) NOT NULL CHECK (capital > 0),
      demo boolean NOT NULL DEFAULT false,
      demo_slot bigint NOT NULL DEFAULT 0,
      created_ms bigint NOT NULL,
      UNIQUE (user_id, account)
    );
    CREATE TABLE copy_follows (
      follow_id text PRIMARY KEY,
      lead_id text NOT NULL REFERENCES copy_leads (lead_id),
      user_id text NOT NULL REFERENCES users (user_id),
      account text NOT NULL CHECK (account IN ('real', 'paper')),
      amount_mode text NOT NULL CHECK (amount_mode IN ('fixed', 'ratio')),
      amount numeric(38, 18) NOT NULL CHECK (amount > 0),
      pair_caps text NOT NULL,
      max_loss numeric(38, 18),
      take_profit numeric(38, 18),
      realized_pnl numeric(38, 18) NOT NULL DEFAULT 0,
      shared_profit numeric(38, 18) NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('active', 'stopped')),
      stop_reason text CHECK (stop_reason IN ('user', 'maxLoss', 'takeProfit')),
      created_ms bigint NOT NULL,
      stopped_ms bigint
    );
    CREATE UNIQUE INDEX copy_follows_one_active ON copy_follows (lead_id, user_id, account)
      WHERE status = 'active';
    CREATE INDEX copy_follows_user ON copy_follows (user_id, account, created_ms);
    CREATE TABLE copy_signals (
      signal_id text PRIMARY KEY,
      lead_id text NOT NULL REFERENCES copy_leads (lead_id),
      kind text NOT NULL CHECK (kind IN ('spot', 'open', 'close')),
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('buy', 'sell', 'long', 'short')),
      size numeric(38, 18) NOT NULL,
      price numeric(38, 18) NOT NULL,
      leverage integer,
      lead_ref text NOT NULL,
      fraction numeric(38, 18),
      done boolean NOT NULL DEFAULT false,
      created_ms bigint NOT NULL
    );
    CREATE INDEX copy_signals_pending ON copy_signals (created_ms, signal_id) WHERE NOT done;
    CREATE INDEX copy_signals_ref ON copy_signals (lead_ref);
    CREATE TABLE copy_trades (
      trade_id text PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      signal_id text REFERENCES copy_signals (signal_id),
      follow_id text NOT NULL REFERENCES copy_follows (follow_id),
      kind text NOT NULL CHECK (kind IN ('spot', 'open', 'close', 'stop')),
      symbol text NOT NULL,
      side text NOT NULL,
      status text NOT NULL CHECK (status IN ('copied', 'skipped')),
      reason text,
      detail text,
      size numeric(38, 18),
      price numeric(38, 18),
      realized_pnl numeric(38, 18),
      shared numeric(38, 18),
      order_id text,
      position_id text,
      lead_position_id text,
      created_ms bigint NOT NULL,
      UNIQUE (signal_id, follow_id)
    );
    CREATE INDEX copy_trades_follow ON copy_trades (follow_id, created_ms, seq);
    CREATE INDEX copy_trades_lead_position ON copy_trades (lead_position_id, follow_id);
    CREATE TABLE copy_holdings (
      follow_id text NOT NULL REFERENCES copy_follows (follow_id),
      symbol text NOT NULL,
      size numeric(38, 18) NOT NULL CHECK (size >= 0),
      cost numeric(38, 18) NOT NULL CHECK (cost >= 0),
      PRIMARY KEY (follow_id, symbol)
    )
  `,
};
