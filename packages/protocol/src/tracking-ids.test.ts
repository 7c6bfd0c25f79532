import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FailureEvent } from './codes';
import { TrackingId } from './registry';

const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);

describe('the tracking ids', () => {
  it('are listed in the README table, one row each, and nothing else is', () => {
    const rows = [...readme.matchAll(/^\| `(b\d+)` \|/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual(Object.values(TrackingId).sort());
  });

  it('give each failure event of SPEC 8 its system id, under the same name', () => {
    for (const event of Object.values(FailureEvent)) {
      expect(TrackingId).toHaveProperty(event);
    }
  });
});
