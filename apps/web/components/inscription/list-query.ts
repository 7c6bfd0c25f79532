import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_TAB_SORT,
  INSCRIPTION_PAGE_SIZES,
  INSCRIPTION_SORT_KEYS,
  SEARCH_KEYWORD_MAX,
  SORT_ORDERS,
  type InscriptionSortKey,
  type InscriptionTab,
  type SortOrder,
} from '@exchange-web/protocol/inscription';
import type { ParsedUrlQuery } from 'node:querystring';
import { LIST_QUERY, type ListView } from './list-links';

// Server only: it reads the contract's values (and so zod's module); the pages get the result.

/** The largest page number a link may ask for; beyond it the number is not a page number. */
const MAX_PAGE_NO = 1_000_000;

const single = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  values.find((candidate) => candidate === value);

/** A 1-based page number from the query, or 1 when it is missing or not a whole number ≥ 1. */
export function parsePageNo(value: string | string[] | undefined): number {
  const text = single(value);
  if (text === undefined || !/^\d{1,7}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE_NO ? page : 1;
}

/**
 * A list page's view from its query string (SPEC 2 tabs): each bad or missing value falls back
 * to its default on its own (the tab's order, page 1, 20 a page), so a mistyped link still shows
 * the list. A sort key without an order is sorted its default way for the tab's own key, else
 * biggest first.
 */
export function parseListQuery(query: ParsedUrlQuery, tab: InscriptionTab, path: string): ListView {
  const defaults = { ...DEFAULT_TAB_SORT[tab], pageSize: DEFAULT_PAGE_SIZE };
  const sort: InscriptionSortKey =
    oneOf(INSCRIPTION_SORT_KEYS, single(query[LIST_QUERY.sort])) ?? defaults.sort;
  const order: SortOrder =
    oneOf(SORT_ORDERS, single(query[LIST_QUERY.order])) ??
    (sort === defaults.sort ? defaults.order : 'desc');
  const sizeText = single(query[LIST_QUERY.pageSize]);
  const pageSize =
    INSCRIPTION_PAGE_SIZES.find((size) => String(size) === sizeText) ?? DEFAULT_PAGE_SIZE;
  return {
    tab,
    path,
    sort,
    order,
    pageNo: parsePageNo(query[LIST_QUERY.pageNo]),
    pageSize,
    defaults,
  };
}

/** The search keyword of the query, trimmed, or null when missing, empty or too long. */
export function parseKeyword(query: ParsedUrlQuery): string | null {
  const keyword = single(query[LIST_QUERY.keyword])?.trim() ?? '';
  return keyword.length >= 1 && keyword.length <= SEARCH_KEYWORD_MAX ? keyword : null;
}
