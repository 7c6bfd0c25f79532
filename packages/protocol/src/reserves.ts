/**
 * Proof of reserves (SPEC 2 lists `proof-of-reserves` without its screen; the format is ours and
 * documented in the README, "Proof of reserves"). Each snapshot commits to every account's
 * balances in a Merkle sum tree: a leaf holds one account's balances per asset, each node the
 * hash of its children and the sums of their balances, so the root's sums are the exchange's
 * liabilities per asset. An account checks that its leaf is in the tree by hashing its way up to
 * the root; a hidden account or a negative balance cannot keep the sums right.
 *
 * Every hash is SHA-256 of UTF-8 text, written as lowercase hex:
 * - leaf: `leaf|{accountHash}|{nonce}|{balance1},{balance2},…` (balances in the snapshot's asset order)
 * - node: `node|{leftHash}|{rightHash}|{sum1},{sum2},…` (each sum = left + right)
 * - padding leaf (to a power of two): `empty`, with every sum 0
 * - accountHash: `account|{snapshotId}|{userId}`, so the account is not named in the tree
 * Decimals are plain strings without exponent or trailing zeros (`"0"`, `"12.5"`).
 */
import Big from 'big.js';

export { ReservesPath } from './feature-paths';

/** Refusals of the proof-of-reserves calls. */
export const ReservesCode = {
  snapshotNotFound: '46001',
  /** The account had no balance yet when the snapshot was taken. */
  notInSnapshot: '46002',
} as const;

/** One step up the tree: the sibling's hash and sums, and which side it is on. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sums: string[];
}

/** An account's proof of inclusion in a snapshot. */
export interface InclusionProof {
  snapshotId: string;
  assets: string[];
  accountHash: string;
  nonce: string;
  balances: string[];
  /** From the leaf's sibling up to the root's children. */
  path: ProofStep[];
}

/** A snapshot's root: what the proofs hash up to. */
export interface ReservesRoot {
  snapshotId: string;
  assets: string[];
  hash: string;
  /** Liabilities per asset: the sum of every account's balance. */
  sums: string[];
}

/** One step of a check, as the page shows it. */
export interface VerifiedStep {
  level: number;
  side: 'left' | 'right';
  sibling: string;
  hash: string;
  sums: string[];
}

export type VerifyResult =
  | { ok: true; steps: VerifiedStep[] }
  | { ok: false; steps: VerifiedStep[]; reason: 'negative' | 'shape' | 'hash' | 'sums' };

const plain = (value: Big) => value.toFixed();

/** SHA-256 of UTF-8 text as lowercase hex, with the platform's WebCrypto (browsers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const accountHashOf = (snapshotId: string, userId: string) =>
  sha256Hex(`account|${snapshotId}|${userId}`);

export const leafHashOf = (accountHash: string, nonce: string, balances: readonly string[]) =>
  sha256Hex(`leaf|${accountHash}|${nonce}|${balances.join(',')}`);

export const nodeHashOf = (left: string, right: string, sums: readonly string[]) =>
  sha256Hex(`node|${left}|${right}|${sums.join(',')}`);

/** The padding leaf's hash. */
export const EMPTY_LEAF_TEXT = 'empty';

/** Adds two rows of sums, asset by asset, exactly. */
export const addSums = (a: readonly string[], b: readonly string[]) =>
  a.map((value, index) => plain(new Big(value).plus(b[index] ?? '0')));

const isDecimal = (value: string) => /^\d+(?:\.\d+)?$/.test(value);

/**
 * Checks that a proof's leaf hashes up to `root`: every balance and sum non-negative, each step's
 * parent the hash of its two children with their sums added, and the last one the root's hash
 * and sums. Answers every step, for the page to show, and why it failed if it did.
 */
export async function verifyInclusion(
  proof: InclusionProof,
  root: ReservesRoot,
): Promise<VerifyResult> {
  const steps: VerifiedStep[] = [];
  const width = root.assets.length;
  if (
    proof.snapshotId !== root.snapshotId ||
    proof.assets.join(',') !== root.assets.join(',') ||
    proof.balances.length !== width ||
    proof.path.some((step) => step.sums.length !== width)
  ) {
    return { ok: false, steps, reason: 'shape' };
  }
  if (![...proof.balances, ...proof.path.flatMap((step) => step.sums)].every(isDecimal)) {
    return { ok: false, steps, reason: 'negative' };
  }
  let hash = await leafHashOf(proof.accountHash, proof.nonce, proof.balances);
  let sums = proof.balances.map((value) => plain(new Big(value)));
  for (const [level, step] of proof.path.entries()) {
    const total = addSums(sums, step.sums);
    hash =
      step.side === 'left'
        ? await nodeHashOf(step.hash, hash, total)
        : await nodeHashOf(hash, step.hash, total);
    sums = total;
    steps.push({ level: level + 1, side: step.side, sibling: step.hash, hash, sums });
  }
  if (hash !== root.hash) return { ok: false, steps, reason: 'hash' };
  if (sums.join(',') !== root.sums.map((value) => plain(new Big(value))).join(',')) {
    return { ok: false, steps, reason: 'sums' };
  }
  return { ok: true, steps };
}

/** A leaf or node while a tree is built. */
export interface TreeNode {
  hash: string;
  sums: string[];
}

/**
 * Builds a Merkle sum tree over leaves (padded with empty leaves to a power of two) and answers
 * every level, the leaves first and the root last, so paths can be read from it.
 */
export async function buildSumTree(
  leaves: readonly TreeNode[],
  width: number,
): Promise<TreeNode[][]> {
  const zeros = Array.from({ length: width }, () => '0');
  const empty: TreeNode = { hash: await sha256Hex(EMPTY_LEAF_TEXT), sums: zeros };
  let size = 1;
  while (size < Math.max(1, leaves.length)) size *= 2;
  const levels: TreeNode[][] = [
    [...leaves, ...Array.from({ length: size - leaves.length }, () => empty)],
  ];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const level: TreeNode[] = [];
    for (let index = 0; index < below.length; index += 2) {
      const left = below[index]!;
      const right = below[index + 1]!;
      const sums = addSums(left.sums, right.sums);
      level.push({ hash: await nodeHashOf(left.hash, right.hash, sums), sums });
    }
    levels.push(level);
  }
  return levels;
}

/** The path of leaf `index`: its sibling at each level, from the leaves up to the root's children. */
export function pathOf(levels: readonly TreeNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let position = index;
  for (const level of levels.slice(0, -1)) {
    const siblingIndex = position % 2 === 0 ? position + 1 : position - 1;
    const sibling = level[siblingIndex]!;
    path.push({
      side: position % 2 === 0 ? 'right' : 'left',
      hash: sibling.hash,
      sums: sibling.sums,
    });
    position = Math.floor(position / 2);
  }
  return path;
}
