import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAB_SORT,
  INSCRIPTION_TABS,
  InscriptionCode,
  inscriptionCodeMeaning,
  inscriptionListRequestSchema,
  MAX_PAGE_SIZE,
  RESERVED_TOKEN_SEGMENTS,
  TDK_PAGE_KEY_OF_TAB,
  tickerRequestSchema,
} from './inscription';
import { inscriptionPages } from './paths';

describe('inscription contract', () => {
  it('gives every refusal code its own number and a meaning', () => {
    const codes = Object.values(InscriptionCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(inscriptionCodeMeaning[code]).toBeTruthy();
  });

  it('defaults a list request to the first page of 20 of tab all', () => {
    expect(inscriptionListRequestSchema.parse({})).toEqual({ tab: 'all', pageNo: 1, pageSize: 20 });
  });

  it('refuses page 0, a fractional page and a page larger than the maximum', () => {
    for (const paging of [{ pageNo: 0 }, { pageNo: 1.5 }, { pageSize: MAX_PAGE_SIZE + 1 }])
      expect(inscriptionListRequestSchema.safeParse(paging).success).toBe(false);
  });

  it('accepts tickers of any case and refuses one with a slash or a space', () => {
    expect(tickerRequestSchema.parse({ ticker: ' ORDI ' }).ticker).toBe('ORDI');
    expect(tickerRequestSchema.safeParse({ ticker: 'or/di' }).success).toBe(false);
    expect(tickerRequestSchema.safeParse({ ticker: 'or di' }).success).toBe(false);
  });

  it('has a default order and search-engine texts for every tab', () => {
    for (const tab of INSCRIPTION_TABS) {
      expect(DEFAULT_TAB_SORT[tab]).toBeDefined();
      expect(TDK_PAGE_KEY_OF_TAB[tab]).toBeDefined();
    }
  });

  it('reserves exactly the list pages under /inscription/brc-20/', () => {
    const listSegments = inscriptionPages
      .filter((page) => page.tab && page.path.split('/').length === 4)
      .map((page) => page.path.split('/')[3]);
    expect([...RESERVED_TOKEN_SEGMENTS].sort()).toEqual(listSegments.sort());
  });
});
