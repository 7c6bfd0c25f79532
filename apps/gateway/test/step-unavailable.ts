import { inject, it } from 'vitest';

// A test step whose servers can be neither found nor installed here (PostgreSQL, nginx) runs only
// this file (vitest.config.ts): the run says why and counts a skipped test, never a silent pass.
declare module 'vitest' {
  export interface ProvidedContext {
    unavailableStep: { name: string; reason: string };
  }
}

const { name, reason } = inject('unavailableStep');
console.warn(`\n*** ${name} SKIPPED: ${reason}\n`);

it.skip(`runs the ${name} (skipped: ${reason})`, () => undefined);
