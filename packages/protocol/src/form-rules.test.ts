// The rules a sign-in form checks in the browser live in modules of their own so the form's first
// load carries no schema library: they stay leaves, importing nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe.each(['password-rule.ts', 'verify-code-rule.ts'])('%s', (file) => {
  it('imports nothing, so zod never comes with it', () => {
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*(import|export\s.*\sfrom)\s/m);
  });
});
