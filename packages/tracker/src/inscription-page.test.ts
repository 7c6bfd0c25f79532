import { describe, expect, it } from 'vitest';
import { inscriptionPageEvent } from './inscription-page';

describe('inscriptionPageEvent', () => {
  it.each([
    ['/inscription/brc-20', { eventTrackingId: 'b6055', ext: { tab: 'all' } }],
    ['/ja/inscription/brc-20/hot', { eventTrackingId: 'b6055', ext: { tab: 'hot' } }],
    ['/inscription/brc-20/inProgress', { eventTrackingId: 'b6055', ext: { tab: 'inscription' } }],
    ['/en/inscription/brc-20/or%20di', { eventTrackingId: 'b6056', ext: { coin_name: 'or di' } }],
    ['/en/markets', undefined],
  ])('%s', (path, expected) => {
    expect(inscriptionPageEvent(path)).toEqual(expected);
  });
});
