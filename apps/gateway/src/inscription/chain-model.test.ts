import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ANCHOR_TIME,
  DAY_MS,
  ORDI_DEPLOY_TIME,
  blockHeightAt,
  demoAddress,
  demoTxid,
  inscriptionNumberAt,
  inscriptionNumberAtSql,
} from './chain-model';

describe('the chain model', () => {
  it('is anchored at 2025-01-01T00:00:00Z', () => {
    expect(new Date(ANCHOR_TIME).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('numbers inscriptions upward over time, from ordi at #348,020', () => {
    expect(inscriptionNumberAt(ORDI_DEPLOY_TIME)).toBe(348_020);
    expect(inscriptionNumberAt(ORDI_DEPLOY_TIME - DAY_MS)).toBe(348_020);
    expect(inscriptionNumberAt(ANCHOR_TIME)).toBe(80_000_000);
    let previous = inscriptionNumberAt(ORDI_DEPLOY_TIME);
    for (let time = ORDI_DEPLOY_TIME + DAY_MS; time <= ANCHOR_TIME; time += DAY_MS / 3) {
      const next = inscriptionNumberAt(time);
      expect(next).toBeGreaterThan(previous);
      previous = next;
    }
  });

  it('gives the SQL twin every knot of the timeline', () => {
    const sql = inscriptionNumberAtSql('at_ms');
    expect(sql).toMatch(/^CASE WHEN .* ELSE .* END$/);
    for (const knot of [348_020, 8_500_000, 15_000_000, 50_000_000, 72_000_000]) {
      expect(sql).toContain(`${knot}::bigint`);
    }
  });

  it('places ordi in block 779,832 and a block every ten minutes after it', () => {
    expect(blockHeightAt(ORDI_DEPLOY_TIME)).toBe(779_832);
    expect(blockHeightAt(ORDI_DEPLOY_TIME + DAY_MS)).toBe(779_832 + 144);
  });

  it('makes transaction ids and taproot-looking addresses from labels', () => {
    expect(demoTxid('ordi:genesis')).toBe(
      createHash('sha256').update('ordi:genesis').digest('hex'),
    );
    const address = demoAddress('ordi:holder:1');
    expect(address).toMatch(/^bc1p[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}$/);
    expect(demoAddress('ordi:holder:1')).toBe(address);
    expect(demoAddress('ordi:holder:2')).not.toBe(address);
  });
});
