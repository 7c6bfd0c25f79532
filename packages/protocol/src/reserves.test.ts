import { describe, expect, it } from 'vitest';
import {
  accountHashOf,
  buildSumTree,
  EMPTY_LEAF_TEXT,
  leafHashOf,
  nodeHashOf,
  pathOf,
  sha256Hex,
  verifyInclusion,
  type InclusionProof,
  type ReservesRoot,
} from './reserves';

const ASSETS = ['BTC', 'USDT'];
const ACCOUNTS = [
  { userId: 'u1', nonce: 'n1', balances: ['0.5', '100'] },
  { userId: 'u2', nonce: 'n2', balances: ['0', '2500.25'] },
  { userId: 'u3', nonce: 'n3', balances: ['1.25', '0'] },
];

async function snapshot() {
  const leaves: { accountHash: string; hash: string; sums: string[] }[] = [];
  for (const account of ACCOUNTS) {
    const accountHash = await accountHashOf('s1', account.userId);
    leaves.push({
      accountHash,
      hash: await leafHashOf(accountHash, account.nonce, account.balances),
      sums: account.balances,
    });
  }
  const levels = await buildSumTree(leaves, ASSETS.length);
  const top = levels[levels.length - 1]![0]!;
  const root: ReservesRoot = { snapshotId: 's1', assets: ASSETS, hash: top.hash, sums: top.sums };
  const proofOf = (index: number): InclusionProof => ({
    snapshotId: 's1',
    assets: ASSETS,
    accountHash: leaves[index]!.accountHash,
    nonce: ACCOUNTS[index]!.nonce,
    balances: ACCOUNTS[index]!.balances,
    path: pathOf(levels, index),
  });
  return { root, proofOf, levels };
}

describe('the Merkle sum tree', () => {
  it('hashes the documented texts with SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await leafHashOf('a', 'n', ['1', '2'])).toBe(await sha256Hex('leaf|a|n|1,2'));
    expect(await nodeHashOf('l', 'r', ['3'])).toBe(await sha256Hex('node|l|r|3'));
  });

  it('sums every balance into the root, padded with empty leaves', async () => {
    const { root, levels } = await snapshot();
    expect(root.sums).toEqual(['1.75', '2600.25']);
    expect(levels[0]).toHaveLength(4);
    expect(levels[0]![3]!.hash).toBe(await sha256Hex(EMPTY_LEAF_TEXT));
  });

  it("proves each account's leaf, every step shown", async () => {
    const { root, proofOf } = await snapshot();
    for (const index of [0, 1, 2]) {
      const result = await verifyInclusion(proofOf(index), root);
      expect(result.ok).toBe(true);
      expect(result.steps).toHaveLength(2);
      expect(result.steps.at(-1)?.hash).toBe(root.hash);
    }
  });

  it('fails when a balance, a sibling sum or the root is tampered with', async () => {
    const { root, proofOf } = await snapshot();
    const proof = proofOf(1);
    expect(await verifyInclusion({ ...proof, balances: ['0', '2500.26'] }, root)).toMatchObject({
      ok: false,
      reason: 'hash',
    });
    const path = proof.path.map((step, index) =>
      index === 0 ? { ...step, sums: ['0.4', step.sums[1]!] } : step,
    );
    expect((await verifyInclusion({ ...proof, path }, root)).ok).toBe(false);
    expect(await verifyInclusion(proof, { ...root, sums: ['1.75', '2600'] })).toMatchObject({
      ok: false,
      reason: 'sums',
    });
    // A negative balance cannot hide a debt inside the sums.
    expect(await verifyInclusion({ ...proof, balances: ['-1', '2500.25'] }, root)).toMatchObject({
      ok: false,
      reason: 'negative',
    });
    expect(await verifyInclusion({ ...proof, snapshotId: 's2' }, root)).toMatchObject({
      ok: false,
      reason: 'shape',
    });
  });
});
