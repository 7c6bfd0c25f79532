import type { CopyMarket } from '@exchange-web/protocol/copy-trading';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { text, type Dec } from '../market/decimal';
import type { AccountRef } from './engine';

/** A lead's trade that followers mirror: a spot fill, or a futures position opened or closed. */
export interface LeadSignal {
  kind: 'spot' | 'open' | 'close';
  symbol: string;
  side: 'buy' | 'sell' | 'long' | 'short';
  size: Dec;
  price: Dec;
  leverage: number | null;
  /** The lead's order (spot) or position (futures) it comes from. */
  leadRef: string;
  /** A spot sell's part of the lead's coins, so followers sell the same part of their copies. */
  fraction?: Dec | undefined;
}

/**
 * Writes the signal into the copy outbox in the transaction of the trade itself, when the account
 * leads on that market: the trade and its signal commit together or not at all. A trade made by
 * copying never signals, so copies do not cascade from follower to follower.
 */
export async function signalLead(
  tx: Queryable,
  ref: AccountRef,
  signal: LeadSignal,
  nowMs: number,
): Promise<void> {
  const market: CopyMarket = signal.kind === 'spot' ? 'spot' : 'futures';
  await tx.query(
    `INSERT INTO copy_signals (signal_id, lead_id, kind, symbol, side, size, price, leverage,
       lead_ref, created_ms, fraction)
     SELECT $1, lead_id, $2, $3, $4, $5, $6, $7, $8, $9, $13 FROM copy_leads
     WHERE user_id = $10 AND account = $11 AND position($12 in markets) > 0`,
    [
      randomUUID(),
      signal.kind,
      signal.symbol,
      signal.side,
      text(signal.size),
      text(signal.price),
      signal.leverage,
      signal.leadRef,
      nowMs,
      ref.userId,
      ref.account,
      market,
      signal.fraction === undefined ? null : text(signal.fraction),
    ],
  );
}
