import type { Migration } from './migrations';

/**
 * The protection fund (src/reserves/fund.ts; README "Protection fund"): every change to it, in
 * the transaction of what caused it. A futures liquidation pays in what is left of the position's
 * margin at its liquidation price; a margin liquidation whose price jumped past the collateral
 * draws the shortfall; the exchange's own contribution opens it. Real accounts only: the paper
 * account's liquidations move no real money.
 */
export const protectionFundMigration: Migration = {
  id: '030_protection_fund',
  sql: `
    CREATE TABLE protection_fund_entries (
      entry_id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('contribution', 'liquidation', 'writeOff')),
      asset text NOT NULL,
      amount numeric(38, 18) NOT NULL,
      source text,
      created_ms bigint NOT NULL
    );
    CREATE INDEX protection_fund_entries_time ON protection_fund_entries (created_ms)
  `,
};
