import type {
  InscriptionListRequest,
  InscriptionSortKey,
  InscriptionTab,
  SortOrder,
} from '@exchange-web/protocol/inscription';
import { inscriptionPages } from '@exchange-web/protocol/paths';

// NOTE: this module is in the pages' first load, so it takes only types from the inscription
// contract (which imports zod); the server passes the values the pages need in their props.

/** The query parameters of a list page: listByPage's request fields of the same names, and q. */
export const LIST_QUERY = {
  sort: 'sort',
  order: 'order',
  pageNo: 'pageNo',
  pageSize: 'pageSize',
  /** The search keyword of the search form (the no-JavaScript way to search). */
  keyword: 'q',
} as const satisfies Record<string, keyof InscriptionListRequest | 'q'>;

/** A token table's page number in the token page's query (its no-JavaScript paging). */
export const TOKEN_TABLE_QUERY = { holders: 'holdersPage', activity: 'activityPage' } as const;

export interface ListOrder {
  sort: InscriptionSortKey;
  order: SortOrder;
}

/** What a list page shows: the page path and the list's order and paging. */
export interface ListView extends ListOrder {
  tab: InscriptionTab;
  /** The unprefixed page path (Next's router adds the prefix to links). */
  path: string;
  pageNo: number;
  pageSize: number;
  /** The tab's default order and the default page size: left out of links. */
  defaults: ListOrder & { pageSize: number };
}

/** The order a column header's link asks for: the other direction of the current column, else
 * the column biggest (or newest) first, as exchange tables open. */
export function nextOrder(current: ListOrder, column: InscriptionSortKey): ListOrder {
  if (current.sort === column)
    return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: column, order: 'desc' };
}

/**
 * The link to the list in another order, page or page size: a new order or size starts at page
 * 1; defaults are left out, so each view has one URL.
 *
 * @example
 * listHref(view, { pageNo: 2 }); // '/inscription/brc-20?pageNo=2'
 */
export function listHref(
  view: ListView,
  change: Partial<ListOrder & { pageNo: number; pageSize: number }>,
): string {
  const sort = change.sort ?? view.sort;
  const order = change.order ?? view.order;
  const pageSize = change.pageSize ?? view.pageSize;
  const reordered = sort !== view.sort || order !== view.order || pageSize !== view.pageSize;
  const pageNo = change.pageNo ?? (reordered ? 1 : view.pageNo);
  const query = new URLSearchParams();
  if (sort !== view.defaults.sort || order !== view.defaults.order) {
    query.set(LIST_QUERY.sort, sort);
    query.set(LIST_QUERY.order, order);
  }
  if (pageNo > 1) query.set(LIST_QUERY.pageNo, String(pageNo));
  if (pageSize !== view.defaults.pageSize) query.set(LIST_QUERY.pageSize, String(pageSize));
  const search = query.toString();
  return search ? `${view.path}?${search}` : view.path;
}

const listPages = inscriptionPages.filter(
  (page): page is typeof page & { tab: string } => page.tab !== undefined,
);
const tokenPage = inscriptionPages.find((page) => page.tab === undefined);

/** The path of the list root (/inscription/brc-20): the first list page of SPEC 2. */
export const LIST_ROOT_PATH = listPages[0]?.path ?? '';

/** The tabs in SPEC 2's order (all, hot, inscription), from its list pages. */
export const LIST_TABS = [...new Set(listPages.map((page) => page.tab))] as InscriptionTab[];

/** The path of a tab's page: the first SPEC 2 list page of that tab. */
export function tabPath(tab: InscriptionTab): string {
  return listPages.find((page) => page.tab === tab)?.path ?? LIST_ROOT_PATH;
}

/** The unprefixed path of a token's page: its name as the fourth segment (SPEC 2). */
export function tokenPath(ticker: string): string {
  return (tokenPage?.path ?? '').replace('{token}', encodeURIComponent(ticker));
}

/** The number of the last page of `total` rows (1 for none). */
export const lastPageOf = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** A page number or a gap in a pagination row. */
export type PageSlot = number | 'gap';

/**
 * The page numbers a pagination row shows: the first, the last, and `radius` either side of the
 * current one, with a gap where numbers are left out (a gap of one number shows the number).
 *
 * @example
 * pageSlots(6, 20); // [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]
 */
export function pageSlots(current: number, last: number, radius = 2): PageSlot[] {
  const shown = new Set<number>([1, last]);
  for (let page = current - radius; page <= current + radius; page += 1)
    if (page >= 1 && page <= last) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) slots.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) slots.push('gap');
    slots.push(page);
  }
  return slots;
}
