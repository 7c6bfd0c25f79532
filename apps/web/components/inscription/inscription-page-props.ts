import { buildPath } from '@exchange-web/client/language';
import {
  activityReplySchema,
  DEFAULT_PAGE_SIZE,
  hotInscriptionReplySchema,
  indexLeaderboardReplySchema,
  INSCRIPTION_PAGE_SIZES,
  INSCRIPTION_TABS,
  inscriptionDetailReplySchema,
  inscriptionInfoReplySchema,
  InscriptionCode,
  inscriptionListReplySchema,
  inscriptionSearchReplySchema,
  ownersReplySchema,
  PRICE_HISTORY_INTERVALS,
  priceHistoryReplySchema,
  relatedRunesReplySchema,
  type RESERVED_TOKEN_SEGMENTS,
  SEARCH_KEYWORD_MAX,
  SEARCH_SUGGESTION_LIMIT,
  TDK_PAGE_KEY_OF_TAB,
  tdkReplySchema,
  TICKER_PATTERN,
  type ActivityReply,
  type Brc20Token,
  type Brc20TokenDetail,
  type IndexLeaderboardReply,
  type InscriptionInfo,
  type InscriptionListReply,
  type InscriptionSearchReply,
  type OwnersReply,
  type PriceHistoryInterval,
  type PriceHistoryReply,
  type RunesToken,
  type TdkPageKey,
} from '@exchange-web/protocol/inscription';
import { ApiPath, inscriptionPages } from '@exchange-web/protocol/paths';
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import {
  gatewayCallFor,
  isGatewayCallError,
  type VisitorGatewayCall,
} from '../../lib/gateway-call';
import { pageLinks } from '../../lib/page-links';
import { shellRequestOf } from '../../lib/shell-request';
import { siteOrigin } from '../../lib/site-origin';
import { CHART_POINTS } from './chart-data';
import {
  LIST_QUERY,
  LIST_ROOT_PATH,
  TOKEN_TABLE_QUERY,
  tokenPath,
  type ListView,
} from './list-links';
import { parseKeyword, parseListQuery, parsePageNo } from './list-query';
import type { PageSeo } from './SeoHead';

// Server only (getServerSideProps): Next leaves this module and the contract's schemas out of
// the browser's bundles; the pages get plain data, already checked against the contract.

/** The outcome of a search sent with the list page's form (the way to search without script). */
export type SearchOutcome =
  | { keyword: string; items: InscriptionSearchReply['items']; failed: false }
  | { keyword: string; items: []; failed: true };

/** The contract's values the list page's browser code needs, passed rather than imported. */
export interface ListLimits {
  pageSizes: number[];
  keywordMax: number;
  suggestionLimit: number;
}

export interface ListPageProps {
  view: ListView;
  /** null when the gateway could not give the list (the page says so, HTTP 503). */
  list: InscriptionListReply | null;
  hot: Brc20Token[] | null;
  leaderboard: IndexLeaderboardReply | null;
  search: SearchOutcome | null;
  seo: PageSeo;
  limits: ListLimits;
}

export interface TokenPageProps {
  /** The ticker as the path names it; the detail's spelling once known. */
  ticker: string;
  /** null when the gateway could not give it (the page says so, HTTP 503). */
  detail: Brc20TokenDetail | null;
  info: InscriptionInfo | null;
  holders: OwnersReply | null;
  activity: ActivityReply | null;
  history: PriceHistoryReply | null;
  runes: RunesToken[] | null;
  seo: PageSeo;
  intervals: PriceHistoryInterval[];
  defaultInterval: PriceHistoryInterval;
  tablePageSize: number;
  keywordMax: number;
  suggestionLimit: number;
}

/** How many tokens the hot strip shows. */
const HOT_STRIP_SIZE = 10;

const HTTP_UNAVAILABLE = 503;

/** The value of a settled call, or null (logged) when it failed. */
function valueOf<T>(result: PromiseSettledResult<T>, what: string): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.error(`inscription: ${what} failed to load:`, result.reason);
  return null;
}

function shellOf(ctx: GetServerSidePropsContext) {
  return shellRequestOf(ctx);
}

/** The search-engine texts of a page in the request's language (SPEC 7 getTdkMltQueryList). */
async function loadTexts(
  gateway: VisitorGatewayCall,
  locale: string,
  pageKey: TdkPageKey,
  token?: string,
) {
  const reply = await gateway(
    ApiPath.tdkMltQueryList,
    { locale, pageKeys: [pageKey], ...(token === undefined ? {} : { token }) },
    tdkReplySchema,
  );
  const entry = reply.items.find((item) => item.pageKey === pageKey);
  return entry
    ? { title: entry.title, description: entry.description, keywords: entry.keywords }
    : null;
}

type ListSegment = '' | (typeof RESERVED_TOKEN_SEGMENTS)[number];

/**
 * getServerSideProps of a list page (SPEC 2): `segment` is the page's last path segment under the
 * list root ('' for the root itself). The list, the hot strip, the leaderboards and the texts
 * load in parallel; only the list is essential.
 */
export function listPageProps(segment: ListSegment): GetServerSideProps<ListPageProps> {
  const path = segment === '' ? LIST_ROOT_PATH : `${LIST_ROOT_PATH}/${segment}`;
  const tab = INSCRIPTION_TABS.find(
    (candidate) => inscriptionPages.find((page) => page.path === path)?.tab === candidate,
  );
  if (!tab) throw new Error(`${path} is not an inscription list page of SPEC 2`);
  return async (ctx) => {
    const gateway = gatewayCallFor(ctx.req);
    const shell = shellOf(ctx);
    const view = parseListQuery(ctx.query, tab, path);
    const keyword = parseKeyword(ctx.query);

    let search: SearchOutcome | null = null;
    if (keyword !== null) {
      try {
        const reply = await gateway(
          ApiPath.inscriptionSearch,
          { keyword, limit: SEARCH_SUGGESTION_LIMIT },
          inscriptionSearchReplySchema,
        );
        // A search naming a token exactly opens it, as the search box does.
        const exact = reply.items.find(
          (item) => item.ticker.toLowerCase() === keyword.toLowerCase(),
        );
        if (exact)
          return {
            redirect: {
              destination: buildPath(tokenPath(exact.ticker), shell.prefix),
              permanent: false,
            },
          };
        search = { keyword, items: reply.items, failed: false };
      } catch (error) {
        console.error('inscription: search failed:', error);
        search = { keyword, items: [], failed: true };
      }
    }

    const [list, hot, leaderboard, texts] = await Promise.allSettled([
      gateway(
        ApiPath.inscriptionListByPage,
        { tab, sort: view.sort, order: view.order, pageNo: view.pageNo, pageSize: view.pageSize },
        inscriptionListReplySchema,
      ),
      gateway(ApiPath.inscriptionHot, { limit: HOT_STRIP_SIZE }, hotInscriptionReplySchema),
      // SPEC 7: indexLeaderboard-get is a GET with no payload.
      gateway(ApiPath.indexLeaderboard, undefined, indexLeaderboardReplySchema, {
        method: 'GET',
      }),
      loadTexts(gateway, shell.language, TDK_PAGE_KEY_OF_TAB[tab]),
    ]);
    const listReply = valueOf(list, 'the token list');
    if (!listReply) ctx.res.statusCode = HTTP_UNAVAILABLE;

    // SPEC 2 gives /page the same list as the root ("tab all"): one canonical for the two, with
    // the page number (sorted views are the same tokens reordered, so they share it).
    const canonicalPath = tab === 'all' ? LIST_ROOT_PATH : path;
    const paging: Record<string, string> = {};
    if (view.pageNo > 1) paging[LIST_QUERY.pageNo] = String(view.pageNo);
    if (view.pageSize !== DEFAULT_PAGE_SIZE) paging[LIST_QUERY.pageSize] = String(view.pageSize);
    const empty = listReply !== null && listReply.items.length === 0;

    return {
      props: {
        view,
        list: listReply,
        hot: valueOf(hot, 'the hot tokens')?.items ?? null,
        leaderboard: valueOf(leaderboard, 'the leaderboard'),
        search,
        seo: {
          texts: valueOf(texts, 'the search-engine texts'),
          links: pageLinks({
            origin: siteOrigin(ctx.req.headers),
            prefix: shell.prefix,
            path: canonicalPath,
            query: paging,
          }),
          noindex: empty || search !== null || listReply === null,
        },
        limits: {
          pageSizes: [...INSCRIPTION_PAGE_SIZES],
          keywordMax: SEARCH_KEYWORD_MAX,
          suggestionLimit: SEARCH_SUGGESTION_LIMIT,
        },
      },
    };
  };
}

/** The interval the token page's chart opens with: days, the longer view. */
const DEFAULT_INTERVAL: PriceHistoryInterval = '1d';

/**
 * getServerSideProps of a token page (SPEC 2 /inscription/brc-20/{token}): the token's figures,
 * deploy inscription, first page of holders and activity (or the page the query names), price
 * history, related Runes tokens and texts, in parallel. A ticker no token has is a 404.
 */
export const tokenPageProps: GetServerSideProps<TokenPageProps> = async (ctx) => {
  const ticker = ctx.params?.token;
  if (typeof ticker !== 'string' || !TICKER_PATTERN.test(ticker)) return { notFound: true };
  const gateway = gatewayCallFor(ctx.req);
  const shell = shellOf(ctx);
  const table = (pageNo: number) => ({ ticker, pageNo, pageSize: DEFAULT_PAGE_SIZE });
  const [detail, info, holders, activity, history, runes, texts] = await Promise.allSettled([
    gateway(ApiPath.inscriptionDetail, { ticker }, inscriptionDetailReplySchema),
    gateway(ApiPath.inscriptionInfo, { ticker }, inscriptionInfoReplySchema),
    gateway(
      ApiPath.seoTradesOwners,
      table(parsePageNo(ctx.query[TOKEN_TABLE_QUERY.holders])),
      ownersReplySchema,
    ),
    gateway(
      ApiPath.seoTradesActivity,
      table(parsePageNo(ctx.query[TOKEN_TABLE_QUERY.activity])),
      activityReplySchema,
    ),
    gateway(
      ApiPath.seoTradesPriceHistory,
      { ticker, interval: DEFAULT_INTERVAL, pageNo: 1, pageSize: CHART_POINTS[DEFAULT_INTERVAL] },
      priceHistoryReplySchema,
    ),
    gateway(ApiPath.inscriptionRelatedRunesToken, { ticker }, relatedRunesReplySchema),
    loadTexts(gateway, shell.language, 'brc20Token', ticker),
  ]);
  if (
    detail.status === 'rejected' &&
    isGatewayCallError(detail.reason) &&
    detail.reason.code === InscriptionCode.tokenNotFound
  )
    return { notFound: true };
  const detailReply = valueOf(detail, `the detail of ${ticker}`);
  if (!detailReply) ctx.res.statusCode = HTTP_UNAVAILABLE;
  const holdersPage = parsePageNo(ctx.query[TOKEN_TABLE_QUERY.holders]);
  const activityPage = parsePageNo(ctx.query[TOKEN_TABLE_QUERY.activity]);
  return {
    props: {
      ticker: detailReply?.ticker ?? ticker,
      detail: detailReply,
      info: valueOf(info, `the inscription of ${ticker}`),
      holders: valueOf(holders, `the holders of ${ticker}`),
      activity: valueOf(activity, `the activity of ${ticker}`),
      history: valueOf(history, `the price history of ${ticker}`),
      runes: valueOf(runes, `the runes related to ${ticker}`)?.items ?? null,
      seo: {
        texts: valueOf(texts, 'the search-engine texts'),
        // One canonical per token: its name as inscribed (lookups ignore case), first table pages.
        links: pageLinks({
          origin: siteOrigin(ctx.req.headers),
          prefix: shell.prefix,
          path: tokenPath(detailReply?.ticker ?? ticker),
        }),
        noindex: detailReply === null || holdersPage > 1 || activityPage > 1,
      },
      intervals: [...PRICE_HISTORY_INTERVALS],
      defaultInterval: DEFAULT_INTERVAL,
      tablePageSize: DEFAULT_PAGE_SIZE,
      keywordMax: SEARCH_KEYWORD_MAX,
      suggestionLimit: SEARCH_SUGGESTION_LIMIT,
    },
  };
};
