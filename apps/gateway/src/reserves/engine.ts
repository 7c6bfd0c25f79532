import {
  accountHashOf,
  buildSumTree,
  leafHashOf,
  pathOf,
  ReservesCode,
  type InclusionProof,
  type TreeNode,
} from '@exchange-web/protocol/reserves';
import type { ReserveSnapshot } from '@exchange-web/protocol/reserves-schemas';
import { randomBytes } from 'node:crypto';
import type { ReservesConfig } from '../config';
import type { Database } from '../db/database';
import { RefusedError } from '../http/errors';
import { Dec, divide, text } from '../market/decimal';
import { LruCache } from '../market/lru';

/** Trees kept built in memory, to answer proofs of recent snapshots without building them again. */
const TREE_CACHE = 4;

interface SnapshotRow {
  snapshot_id: string;
  taken_ms: number;
  assets: string;
  root_hash: string;
  root_sums: string;
  wallets: string;
  accounts: number;
}
const SNAPSHOT_COLUMNS = `snapshot_id, taken_ms::float8 AS taken_ms, assets, root_hash, root_sums,
  wallets, accounts`;

const snapshotNotFound = (snapshotId: string) =>
  new RefusedError({
    status: 404,
    code: ReservesCode.snapshotNotFound,
    message: `snapshotId: there is no snapshot ${snapshotId}`,
  });

/**
 * Proof of reserves (README "Proof of reserves"): on each interval one gateway takes a snapshot
 * of every real account's balances (spot, which holds open orders and futures margin, and margin
 * accounts' holdings) as a Merkle sum tree, publishes its root with the reserve wallets, and
 * answers each account the path from its leaf to the root.
 */
export class ReservesEngine {
  readonly #trees = new LruCache<string, TreeNode[][]>(TREE_CACHE);
  #lastSlot = -1;

  constructor(
    readonly db: Database,
    readonly config: ReservesConfig,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** The id of the snapshot of the interval holding `ms`: its start, ISO 8601 UTC. */
  snapshotIdAt(ms: number): string {
    const interval = this.config.snapshotIntervalMs;
    return new Date(Math.floor(ms / interval) * interval).toISOString();
  }

  /** Takes this interval's snapshot unless it exists (any gateway's timer may call it). */
  async tick(): Promise<void> {
    const slot = Math.floor(this.now() / this.config.snapshotIntervalMs);
    if (slot === this.#lastSlot) return;
    await this.takeSnapshot();
    this.#lastSlot = slot;
  }

  /** Takes the current interval's snapshot; false when it had been taken already. */
  async takeSnapshot(): Promise<boolean> {
    const snapshotId = this.snapshotIdAt(this.now());
    const taken = await this.db.query(`SELECT 1 FROM reserve_snapshots WHERE snapshot_id = $1`, [
      snapshotId,
    ]);
    if (taken.length > 0) return false;
    // One statement, so every balance is read at the same instant.
    const rows = await this.db.query<{ user_id: string; coin_name: string; amount: string }>(
      `SELECT user_id, coin_name, sum(amount)::text AS amount FROM (
         SELECT b.user_id, b.coin_name, b.available + b.frozen AS amount FROM balances b
         UNION ALL
         SELECT h.user_id, h.coin_name, h.available + h.frozen AS amount FROM margin_holdings h
         WHERE h.account = 'real'
       ) held GROUP BY user_id, coin_name HAVING sum(amount) > 0`,
    );
    const assets = [
      ...new Set([
        ...rows.map((row) => row.coin_name),
        ...this.config.wallets.map((wallet) => wallet.asset),
      ]),
    ].sort();
    const byUser = new Map<string, string[]>();
    for (const row of rows) {
      const balances = byUser.get(row.user_id) ?? assets.map(() => '0');
      balances[assets.indexOf(row.coin_name)] = text(new Dec(row.amount));
      byUser.set(row.user_id, balances);
    }
    const leaves: (TreeNode & { userId: string; accountHash: string; nonce: string })[] = [];
    for (const [userId, balances] of byUser) {
      const accountHash = await accountHashOf(snapshotId, userId);
      const nonce = randomBytes(16).toString('hex');
      leaves.push({
        userId,
        accountHash,
        nonce,
        hash: await leafHashOf(accountHash, nonce, balances),
        sums: balances,
      });
    }
    // In the order of the hashed ids: a leaf's place says nothing of who it is.
    leaves.sort((a, b) => (a.accountHash < b.accountHash ? -1 : 1));
    const levels = await buildSumTree(leaves, assets.length);
    const root = levels[levels.length - 1]![0]!;
    return this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO reserve_snapshots (snapshot_id, taken_ms, assets, root_hash, root_sums,
           wallets, accounts)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING snapshot_id`,
        [
          snapshotId,
          this.now(),
          assets.join(','),
          root.hash,
          root.sums.join(','),
          JSON.stringify(this.config.wallets),
          leaves.length,
        ],
      );
      // Another gateway published this interval's snapshot first.
      if (inserted.length === 0) return false;
      for (let start = 0; start < leaves.length; start += 200) {
        const batch = leaves.slice(start, start + 200);
        const values = batch
          .map((_, row) => `($1, ${[2, 3, 4, 5, 6].map((n) => `$${row * 5 + n}`).join(', ')})`)
          .join(', ');
        await tx.query(
          `INSERT INTO reserve_leaves (snapshot_id, leaf_index, user_id, account_hash, nonce,
             balances) VALUES ${values}`,
          [
            snapshotId,
            ...batch.flatMap((leaf, row) => [
              start + row,
              leaf.userId,
              leaf.accountHash,
              leaf.nonce,
              leaf.sums.join(','),
            ]),
          ],
        );
      }
      this.#trees.set(snapshotId, levels);
      return true;
    });
  }

  /** The published snapshots, newest first. */
  async snapshots(limit: number): Promise<ReserveSnapshot[]> {
    const rows = await this.db.query<SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS} FROM reserve_snapshots ORDER BY taken_ms DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => this.#published(row));
  }

  async snapshot(snapshotId: string): Promise<ReserveSnapshot> {
    const [row] = await this.db.query<SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS} FROM reserve_snapshots WHERE snapshot_id = $1`,
      [snapshotId],
    );
    if (!row) throw snapshotNotFound(snapshotId);
    return this.#published(row);
  }

  /** The account's leaf and path in a snapshot: the latest one it is in, unless one is named. */
  async proof(
    userId: string,
    snapshotId: string | undefined,
  ): Promise<{ proof: InclusionProof; snapshot: ReserveSnapshot }> {
    const [leaf] = await this.db.query<{
      snapshot_id: string;
      leaf_index: number;
      account_hash: string;
      nonce: string;
      balances: string;
    }>(
      `SELECT l.snapshot_id, l.leaf_index, l.account_hash, l.nonce, l.balances
       FROM reserve_leaves l JOIN reserve_snapshots s ON s.snapshot_id = l.snapshot_id
       WHERE l.user_id = $1 AND ($2::text IS NULL OR l.snapshot_id = $2)
       ORDER BY s.taken_ms DESC LIMIT 1`,
      [userId, snapshotId ?? null],
    );
    if (!leaf) {
      if (snapshotId !== undefined) await this.snapshot(snapshotId);
      throw new RefusedError({
        status: 404,
        code: ReservesCode.notInSnapshot,
        message: 'the account held nothing when the snapshots were taken',
      });
    }
    const snapshot = await this.snapshot(leaf.snapshot_id);
    const levels = await this.#tree(leaf.snapshot_id, snapshot.assets.length);
    return {
      proof: {
        snapshotId: leaf.snapshot_id,
        assets: snapshot.assets,
        accountHash: leaf.account_hash,
        nonce: leaf.nonce,
        balances: leaf.balances.split(','),
        path: pathOf(levels, leaf.leaf_index),
      },
      snapshot,
    };
  }

  /** A snapshot's tree, built again from its stored leaves (kept for the latest few). */
  async #tree(snapshotId: string, width: number): Promise<TreeNode[][]> {
    const cached = this.#trees.get(snapshotId);
    if (cached) return cached;
    const leaves = await this.db.query<{ account_hash: string; nonce: string; balances: string }>(
      `SELECT account_hash, nonce, balances FROM reserve_leaves WHERE snapshot_id = $1
       ORDER BY leaf_index`,
      [snapshotId],
    );
    const nodes: TreeNode[] = [];
    for (const leaf of leaves) {
      const balances = leaf.balances.split(',');
      nodes.push({
        hash: await leafHashOf(leaf.account_hash, leaf.nonce, balances),
        sums: balances,
      });
    }
    const levels = await buildSumTree(nodes, width);
    this.#trees.set(snapshotId, levels);
    return levels;
  }

  #published(row: SnapshotRow): ReserveSnapshot {
    const assets = row.assets.split(',');
    const sums = row.root_sums.split(',');
    const wallets = JSON.parse(row.wallets) as ReserveSnapshot['wallets'];
    const reserves = assets.map((asset) =>
      text(
        wallets
          .filter((wallet) => wallet.asset === asset)
          .reduce((total, wallet) => total.plus(wallet.balance), new Dec(0)),
      ),
    );
    return {
      snapshotId: row.snapshot_id,
      takenAt: row.taken_ms,
      assets,
      root: { hash: row.root_hash, sums },
      reserves,
      ratios: assets.map((_, index) =>
        new Dec(sums[index] ?? '0').eq(0)
          ? null
          : text(divide(new Dec(reserves[index] ?? '0'), new Dec(sums[index] ?? '0'), 4)),
      ),
      accounts: row.accounts,
      wallets,
    };
  }
}
