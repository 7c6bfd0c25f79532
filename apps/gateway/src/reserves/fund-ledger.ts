import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { text, type Dec } from '../market/decimal';
import type { AccountRef } from '../trading/engine';

/**
 * Books a change of the protection fund in the transaction that caused it: a liquidation's
 * surplus paid in, or a shortfall written off against it. The paper account's move nothing.
 */
export async function bookFundEntry(
  tx: Queryable,
  ref: AccountRef,
  entry: { kind: 'liquidation' | 'writeOff'; asset: string; amount: Dec; source: string },
  nowMs: number,
): Promise<void> {
  if (ref.account !== 'real' || entry.amount.eq(0)) return;
  await tx.query(
    `INSERT INTO protection_fund_entries (entry_id, kind, asset, amount, source, created_ms)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), entry.kind, entry.asset, text(entry.amount), entry.source, nowMs],
  );
}
