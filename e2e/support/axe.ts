import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** A violation as axe-core reports it, with the selectors of the nodes at fault. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[][];
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page as it is and answers its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools, not as a page script: the site's CSP blocks inline scripts.
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe.run();
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map((node) => node.target),
    }));
  });
  return violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}
