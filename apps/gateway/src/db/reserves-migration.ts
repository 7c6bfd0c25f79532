import type { Migration } from './migrations';

/**
 * Proof of reserves (src/reserves/engine.ts; README "Proof of reserves"): each snapshot's root,
 * assets and the reserves it was published with, and every account's leaf (its hashed id, nonce
 * and balances) from which the tree and each proof are built again. `snapshot_id` is the
 * snapshot's time slot, so the first gateway to insert it takes it and the others skip it.
 */
export const reservesMigration: Migration = {
  id: '029_reserves',
  sql: `
    CREATE TABLE reserve_snapshots (
      snapshot_id text PRIMARY KEY,
      taken_ms bigint NOT NULL,
      assets text NOT NULL,
      root_hash text NOT NULL,
      root_sums text NOT NULL,
      wallets text NOT NULL,
      accounts integer NOT NULL
    );
    CREATE INDEX reserve_snapshots_taken ON reserve_snapshots (taken_ms);
    CREATE TABLE reserve_leaves (
      snapshot_id text NOT NULL REFERENCES reserve_snapshots (snapshot_id) ON DELETE CASCADE,
      leaf_index integer NOT NULL,
      user_id text NOT NULL,
      account_hash text NOT NULL,
      nonce text NOT NULL,
      balances text NOT NULL,
      PRIMARY KEY (snapshot_id, leaf_index),
      UNIQUE (snapshot_id, user_id)
    )
  `,
};
