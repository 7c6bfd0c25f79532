/** The zod schemas of the proof-of-reserves calls (reserves.ts holds the format and the checks). */
import * as z from 'zod/mini';
import { decimalString } from './market-schemas';

const hashField = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const snapshotIdField = z.string().check(z.minLength(1), z.maxLength(40));

export const reserveWalletSchema = z.object({
  asset: z.string(),
  address: z.string(),
  balance: decimalString,
});

/** A snapshot as published: per asset (in `assets` order) liabilities, reserves and their ratio. */
export const reserveSnapshotSchema = z.object({
  snapshotId: z.string(),
  takenAt: z.number().check(z.int()),
  assets: z.array(z.string()),
  root: z.object({ hash: hashField, sums: z.array(decimalString) }),
  /** What the exchange's wallets held per asset at the snapshot. */
  reserves: z.array(decimalString),
  /** Reserves ÷ liabilities per asset; null when nothing is owed of it. */
  ratios: z.array(z.nullable(decimalString)),
  accounts: z.number().check(z.int(), z.gte(0)),
  wallets: z.array(reserveWalletSchema),
});
export type ReserveSnapshot = z.infer<typeof reserveSnapshotSchema>;

export const reserveSnapshotsQuerySchema = z.strictObject({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 30),
});
export const reserveSnapshotsReplySchema = z.object({ snapshots: z.array(reserveSnapshotSchema) });
export const reserveSnapshotQuerySchema = z.strictObject({ snapshotId: snapshotIdField });
export const reserveSnapshotReplySchema = z.object({ snapshot: reserveSnapshotSchema });

const proofStepSchema = z.object({
  side: z.enum(['left', 'right']),
  hash: hashField,
  sums: z.array(decimalString),
});
export const inclusionProofSchema = z.object({
  snapshotId: z.string(),
  assets: z.array(z.string()),
  accountHash: hashField,
  nonce: z.string(),
  balances: z.array(decimalString),
  path: z.array(proofStepSchema),
});
/** The account's proof in a snapshot (the latest one it is in, unless one is named). */
export const reserveProofRequestSchema = z.strictObject({
  snapshotId: z.optional(snapshotIdField),
});
export const reserveProofReplySchema = z.object({
  proof: inclusionProofSchema,
  snapshot: reserveSnapshotSchema,
});

/** What changed the protection fund: the opening contribution, a liquidation, a write-off. */
export const FUND_ENTRY_KINDS = ['contribution', 'liquidation', 'writeOff'] as const;
const signedDecimal = z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/));

export const protectionFundSchema = z.object({
  /** The fund's balance per asset now. */
  balances: z.array(z.object({ asset: z.string(), amount: signedDecimal })),
  /** Its USDT balance at the end of each of the last days, oldest first (day start, UTC ms). */
  history: z.array(z.object({ time: z.number().check(z.int()), balance: signedDecimal })),
  /** The latest changes, newest first. */
  entries: z.array(
    z.object({
      kind: z.enum(FUND_ENTRY_KINDS),
      asset: z.string(),
      amount: signedDecimal,
      time: z.number().check(z.int()),
    }),
  ),
  wallets: z.array(z.object({ asset: z.string(), address: z.string() })),
});
export type ProtectionFund = z.infer<typeof protectionFundSchema>;
export const protectionFundQuerySchema = z.strictObject({});
export const protectionFundReplySchema = z.object({ fund: protectionFundSchema });
