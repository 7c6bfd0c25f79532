import {
  DEFAULT_TAB_SORT,
  InscriptionCode,
  SEARCH_KEYWORD_MAX,
  TDK_PAGE_KEYS,
  TDK_TOKEN_PLACEHOLDER,
  cryptoListRequestSchema,
  hotInscriptionRequestSchema,
  inscriptionCodeMeaning,
  inscriptionListRequestSchema,
  inscriptionSearchRequestSchema,
  priceHistoryRequestSchema,
  tdkRequestSchema,
  tickerRequestSchema,
  tokenTableRequestSchema,
  type Brc20Token,
  type CryptoListReply,
  type HotInscriptionReply,
  type IndexLeaderboardReply,
  type InscriptionListReply,
  type InscriptionSearchReply,
  type OwnersReply,
  type PriceHistoryReply,
  type RelatedRunesReply,
  type ActivityReply,
  type TdkEntry,
  type TdkPageKey,
  type TdkReply,
} from '@exchange-web/protocol/inscription';
import { isLocaleCode } from '@exchange-web/protocol/languages';
import { ApiPath } from '@exchange-web/protocol/paths';
import type { Context } from 'hono';
import type { z } from 'zod/mini';
import type { Queryable } from '../db/database';
import { ok } from '../http/envelope-response';
import { BadInputError } from '../http/errors';
import { parseJsonText, validateBody } from '../http/read-body';
import type { Routes } from '../http/routes';
import { listCoinIcons } from '../images/files';
import { InscriptionStore, type TokenRef } from '../inscription/content-store';

export interface InscriptionRouteDeps {
  db: Queryable;
  /** Where the coin icons live (the images' folder): a profile names its icon when there is one. */
  imageDir: string;
}

/** Refuses with an inscription code: HTTP 400, or 404 for a ticker no token has. */
const refuse = (code: InscriptionCode, detail?: string) =>
  new BadInputError(
    detail ? `${detail}: ${inscriptionCodeMeaning[code]}` : inscriptionCodeMeaning[code],
    code,
    code === InscriptionCode.tokenNotFound ? 404 : 400,
  );

// A field with a code of its own answers that code whatever is wrong with it (a wrong type
// included); anything else wrong with a body is the gateway's usual 40001 naming the field.
const PAGING_CODES = {
  pageNo: InscriptionCode.badPaging,
  pageSize: InscriptionCode.badPaging,
} as const;
const LIST_CODES = {
  ...PAGING_CODES,
  tab: InscriptionCode.badTab,
  sort: InscriptionCode.badSort,
  order: InscriptionCode.badSort,
} as const;
const SEARCH_CODES = { keyword: InscriptionCode.badKeyword } as const;
const CRYPTO_CODES = { symbols: InscriptionCode.badSymbols } as const;
const TDK_CODES = {
  locale: InscriptionCode.unsupportedLocale,
  pageKeys: InscriptionCode.unknownTdkPage,
} as const;

/** Reads a JSON body (40000 when it is not JSON) and checks it against `schema`. */
async function readRequest<S extends z.ZodMiniType>(
  c: Context,
  schema: S,
  fieldCodes: Readonly<Record<string, InscriptionCode>> = {},
): Promise<z.infer<S>> {
  const body = parseJsonText(await c.req.text());
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const field = result.error.issues[0]?.path[0];
  const code = typeof field === 'string' ? fieldCodes[field] : undefined;
  if (code !== undefined && typeof field === 'string') throw refuse(code, field);
  // Otherwise the usual refusal: 40001 naming the field.
  return validateBody(schema, body);
}

const searchItemOf = ({ ticker, priceUsdt, change24h, mintProgress, holders }: Brc20Token) => ({
  ticker,
  priceUsdt,
  change24h,
  mintProgress,
  holders,
});
const leaderboardEntryOf = ({ ticker, priceUsdt, change24h, volume24hUsdt }: Brc20Token) => ({
  ticker,
  priceUsdt,
  change24h,
  volume24hUsdt,
});

const fillToken = (text: string, ticker: string) =>
  text.replaceAll(TDK_TOKEN_PLACEHOLDER, ticker.toUpperCase());

const isTdkPageKey = (key: string): key is TdkPageKey =>
  (TDK_PAGE_KEYS as readonly string[]).includes(key);

/**
 * The inscription (BRC-20) area's public calls (SPEC 7, contract in protocol's inscription.ts):
 * lists, token, search, series, leaderboard, coin profiles and search-engine texts. Read-only,
 * like the other public content calls, so they are not rate limited.
 */
export function registerInscriptionRoutes(routes: Routes, { db, imageDir }: InscriptionRouteDeps) {
  const store = new InscriptionStore(db);

  /** The token a request names, or 44001 (HTTP 404). */
  const requireToken = async (ticker: string): Promise<TokenRef> => {
    const token = await store.findToken(ticker);
    if (!token) throw refuse(InscriptionCode.tokenNotFound, `ticker "${ticker}"`);
    return token;
  };

  routes.post(ApiPath.inscriptionListByPage, async (c) => {
    const request = await readRequest(c, inscriptionListRequestSchema, LIST_CODES);
    const defaults = DEFAULT_TAB_SORT[request.tab];
    const sort = request.sort ?? defaults.sort;
    const order = request.order ?? defaults.order;
    const page = await store.listTokens(request.tab, sort, order, request);
    const reply: InscriptionListReply = {
      ...page,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
      tab: request.tab,
      sort,
      order,
    };
    return ok(c, reply);
  });

  routes.post(ApiPath.inscriptionDetail, async (c) => {
    const { ticker } = await readRequest(c, tickerRequestSchema);
    return ok(c, await store.tokenDetail(await requireToken(ticker)));
  });

  routes.post(ApiPath.inscriptionInfo, async (c) => {
    const { ticker } = await readRequest(c, tickerRequestSchema);
    return ok(c, await store.inscriptionInfo(await requireToken(ticker)));
  });

  routes.post(ApiPath.inscriptionHot, async (c) => {
    const { limit } = await readRequest(c, hotInscriptionRequestSchema);
    const reply: HotInscriptionReply = { items: await store.hotTokens(limit) };
    return ok(c, reply);
  });

  routes.post(ApiPath.inscriptionRelatedRunesToken, async (c) => {
    const { ticker } = await readRequest(c, tickerRequestSchema);
    const reply: RelatedRunesReply = {
      items: await store.relatedRunes(await requireToken(ticker)),
    };
    return ok(c, reply);
  });

  routes.post(ApiPath.inscriptionSearch, async (c) => {
    const request = await readRequest(c, inscriptionSearchRequestSchema, SEARCH_CODES);
    const keyword = request.keyword.trim();
    if (keyword.length === 0 || [...keyword].length > SEARCH_KEYWORD_MAX) {
      throw refuse(InscriptionCode.badKeyword, 'keyword');
    }
    const items = await store.search(keyword, request.limit);
    const reply: InscriptionSearchReply = { items: items.map(searchItemOf) };
    return ok(c, reply);
  });

  routes.post(ApiPath.seoTradesPriceHistory, async (c) => {
    const request = await readRequest(c, priceHistoryRequestSchema, PAGING_CODES);
    const token = await requireToken(request.ticker);
    const page = await store.priceHistory(token, request.interval, request);
    const reply: PriceHistoryReply = {
      ...page,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
      interval: request.interval,
    };
    return ok(c, reply);
  });

  routes.post(ApiPath.seoTradesOwners, async (c) => {
    const request = await readRequest(c, tokenTableRequestSchema, PAGING_CODES);
    const page = await store.owners(await requireToken(request.ticker), request);
    const reply: OwnersReply = { ...page, pageNo: request.pageNo, pageSize: request.pageSize };
    return ok(c, reply);
  });

  routes.post(ApiPath.seoTradesActivity, async (c) => {
    const request = await readRequest(c, tokenTableRequestSchema, PAGING_CODES);
    const page = await store.activity(await requireToken(request.ticker), request);
    const reply: ActivityReply = { ...page, pageNo: request.pageNo, pageSize: request.pageSize };
    return ok(c, reply);
  });

  routes.get(ApiPath.indexLeaderboard, async (c) => {
    const boards = await store.leaderboard();
    const reply: IndexLeaderboardReply = {
      gainers: boards.gainers.map(leaderboardEntryOf),
      losers: boards.losers.map(leaderboardEntryOf),
      volume: boards.volume.map(leaderboardEntryOf),
    };
    return ok(c, reply);
  });

  // Icons change only with a deployment: the folder is read once per process.
  let icons: Promise<Map<string, string>> | undefined;
  const iconUrls = () => {
    icons ??= listCoinIcons(imageDir).then(
      (list) => new Map(list.map(({ coin, url }) => [coin, url])),
    );
    return icons;
  };

  routes.post(ApiPath.cryptoListBySymbol, async (c) => {
    const { symbols } = await readRequest(c, cryptoListRequestSchema, CRYPTO_CODES);
    const [profiles, iconOf] = await Promise.all([store.cryptoProfiles(), iconUrls()]);
    // In the order asked, each symbol once whatever its case.
    const asked = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))];
    const reply: CryptoListReply = { items: [], unknown: [] };
    for (const symbol of asked) {
      const profile = profiles.get(symbol);
      if (profile) reply.items.push({ ...profile, iconUrl: iconOf.get(symbol) ?? '' });
      else reply.unknown.push(symbol);
    }
    return ok(c, reply);
  });

  routes.post(ApiPath.tdkMltQueryList, async (c) => {
    const request = await readRequest(c, tdkRequestSchema, TDK_CODES);
    const { locale } = request;
    if (!isLocaleCode(locale))
      throw refuse(InscriptionCode.unsupportedLocale, `locale "${locale}"`);
    const pageKeys: TdkPageKey[] = [];
    for (const key of request.pageKeys) {
      if (!isTdkPageKey(key)) throw refuse(InscriptionCode.unknownTdkPage, `page "${key}"`);
      if (!pageKeys.includes(key)) pageKeys.push(key);
    }
    // The token page's texts name the token: it must be given, and exist.
    let ticker = '';
    if (pageKeys.includes('brc20Token')) {
      if (request.token === undefined) {
        throw new BadInputError('token: the brc20Token texts need the token it names');
      }
      ticker = (await requireToken(request.token)).ticker;
    }
    const texts = await store.tdkTexts(locale);
    const items = pageKeys.map((pageKey): TdkEntry => {
      const text = texts.get(pageKey);
      if (!text) throw new Error(`no search-engine texts for ${locale}/${pageKey}`);
      return {
        pageKey,
        locale,
        title: fillToken(text.title, ticker),
        description: fillToken(text.description, ticker),
        keywords: text.keywords.map((keyword) => fillToken(keyword, ticker)),
      };
    });
    const reply: TdkReply = { items };
    return ok(c, reply);
  });
}
