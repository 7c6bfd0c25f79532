// The phone budget of every page family (DESIGN "Budgets"): first-load JavaScript at most
// 170 KB gzip, read from the production build the stack runs (its own build manifest), so the
// check is the same on every machine. Timings stay in `npm run bench`.
import { describe, expect, it } from 'vitest';
import {
  FIRST_LOAD_BUDGET_BYTES,
  formatPageWeights,
  pageWeights,
  REMOTE_ENTRY_BUDGET_BYTES,
  remoteEntryWeight,
  REPEATED_ON_DEMAND_BUDGET_BYTES,
  repeatedOnDemandModules,
  type PageWeight,
} from '../scripts/page-weights.mjs';

const weights = await pageWeights();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const over = (weight: PageWeight) =>
  `${weight.family} (${weight.route}) loads ${kb(weight.bytes)} before its first paint, over ` +
  `the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget; its biggest files: ` +
  weight.files
    .slice(0, 5)
    .map((entry) => `${entry.file} ${kb(entry.bytes)}`)
    .join(', ');

describe('first-load JavaScript of every page family', () => {
  it.each(weights.map((weight) => [weight.family, weight] as const))(
    '%s stays within the phone budget',
    (_family, weight) => {
      expect(weight.bytes, `${over(weight)}\n\n${formatPageWeights(weights)}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_BYTES,
      );
    },
  );
});

describe('the header-footer remote every page loads', () => {
  it('has an entry within its budget', async () => {
    expect(await remoteEntryWeight()).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET_BYTES);
  });
});

describe('code the pages load on demand', () => {
  it('is shipped once: what several on-demand chunks share is a chunk of its own', async () => {
    const repeated = await repeatedOnDemandModules();
    const extra = repeated.reduce((sum, entry) => sum + entry.bytes * (entry.chunks.length - 1), 0);
    const list = repeated
      .map((entry) => `module ${entry.id} (${entry.bytes} B) in ${entry.chunks.join(', ')}`)
      .join('\n');
    expect(extra, `copies of on-demand modules:\n${list}`).toBeLessThanOrEqual(
      REPEATED_ON_DEMAND_BUDGET_BYTES,
    );
  });
});
