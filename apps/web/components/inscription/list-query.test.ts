import {
  DEFAULT_TAB_SORT,
  inscriptionListRequestSchema,
  SEARCH_KEYWORD_MAX,
} from '@exchange-web/protocol/inscription';
import { describe, expect, it } from 'vitest';
import { INSCRIPTION_TABS } from '@exchange-web/protocol/inscription';
import {
  lastPageOf,
  LIST_TABS,
  listHref,
  nextOrder,
  pageSlots,
  tabPath,
  tokenPath,
} from './list-links';
import { parseKeyword, parseListQuery, parsePageNo } from './list-query';

const ROOT = tabPath('all');

describe('parseListQuery', () => {
  it('opens each tab in its default order, on page 1 of 20', () => {
    for (const tab of ['all', 'hot', 'inscription'] as const) {
      const view = parseListQuery({}, tab, tabPath(tab));
      expect(view).toMatchObject({ ...DEFAULT_TAB_SORT[tab], pageNo: 1, pageSize: 20 });
      // What the page sends is a valid listByPage request.
      const request = { tab, sort: view.sort, order: view.order, pageNo: 1, pageSize: 20 };
      expect(inscriptionListRequestSchema.safeParse(request).success).toBe(true);
    }
  });

  it('reads sort, order, page and page size', () => {
    expect(
      parseListQuery({ sort: 'price', order: 'asc', pageNo: '3', pageSize: '50' }, 'all', ROOT),
    ).toMatchObject({ sort: 'price', order: 'asc', pageNo: 3, pageSize: 50 });
  });

  it('falls back value by value: unknown sort, bad order, page and size', () => {
    expect(
      parseListQuery({ sort: 'name; drop', order: 'up', pageNo: '-2', pageSize: '7' }, 'hot', ROOT),
    ).toMatchObject({ sort: 'volume24h', order: 'desc', pageNo: 1, pageSize: 20 });
    expect(parseListQuery({ sort: 'holders' }, 'all', ROOT)).toMatchObject({
      sort: 'holders',
      order: 'desc',
    });
    expect(parseListQuery({ sort: ['price', 'holders'] }, 'all', ROOT).sort).toBe('marketCap');
  });
});

describe('parsePageNo and parseKeyword', () => {
  it('takes only whole page numbers from 1', () => {
    expect(parsePageNo('12')).toBe(12);
    for (const bad of ['0', '1.5', 'x', '', '99999999', undefined, ['2']])
      expect(parsePageNo(bad)).toBe(1);
  });

  it('trims the keyword and refuses an empty or too long one', () => {
    expect(parseKeyword({ q: '  ordi ' })).toBe('ordi');
    expect(parseKeyword({ q: '   ' })).toBeNull();
    expect(parseKeyword({ q: 'x'.repeat(SEARCH_KEYWORD_MAX + 1) })).toBeNull();
    expect(parseKeyword({})).toBeNull();
  });
});

describe('list links', () => {
  const view = parseListQuery({ pageNo: '4' }, 'all', ROOT);

  it('leaves defaults out, so the first page of the default order is the bare path', () => {
    expect(listHref(view, { pageNo: 1 })).toBe(ROOT);
    expect(listHref(view, { pageNo: 5 })).toBe(`${ROOT}?pageNo=5`);
  });

  it('starts a new order or page size at page 1', () => {
    expect(listHref(view, nextOrder(view, 'price'))).toBe(`${ROOT}?sort=price&order=desc`);
    expect(listHref(view, { pageSize: 50 })).toBe(`${ROOT}?pageSize=50`);
  });

  it('flips the order of the current column and opens others biggest first', () => {
    expect(nextOrder({ sort: 'price', order: 'desc' }, 'price')).toEqual({
      sort: 'price',
      order: 'asc',
    });
    expect(nextOrder({ sort: 'price', order: 'asc' }, 'holders')).toEqual({
      sort: 'holders',
      order: 'desc',
    });
  });

  it('names the tab and token pages of SPEC 2', () => {
    expect(LIST_TABS).toEqual([...INSCRIPTION_TABS]);
    expect(tabPath('all')).toBe('/inscription/brc-20');
    expect(tabPath('hot')).toBe('/inscription/brc-20/hot');
    expect(tabPath('inscription')).toBe('/inscription/brc-20/inProgress');
    expect(tokenPath('ordi')).toBe('/inscription/brc-20/ordi');
    expect(tokenPath('a/b c')).toBe('/inscription/brc-20/a%2Fb%20c');
  });
});

describe('pageSlots', () => {
  it('shows the first, the last and two either side of the current page', () => {
    expect(pageSlots(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    expect(pageSlots(1, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(1, 1)).toEqual([1]);
  });

  it('shows a single left-out number instead of a gap', () => {
    expect(pageSlots(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10]);
  });

  it('counts the last page of a total', () => {
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(41, 20)).toBe(3);
  });
});
