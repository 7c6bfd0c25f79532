/**
 * The inscription (BRC-20) content contract: the list, token, search and leaderboard calls of
 * SPEC.md section 7, their refusal codes, and the search-engine texts (title, description,
 * keywords) of the inscription pages. SPEC.md names the calls and the pages (section 2) but shows
 * neither payloads nor replies: every field name here is ours.
 *
 * Prices, amounts and ratios travel as decimal strings, counts and times (ms since the epoch) as
 * numbers. Every price is in USDT; the site converts it into the visitor's currency.
 */
import * as z from 'zod/mini';
import { LOCALE_CODES } from './languages';

// ---------------------------------------------------------------------------------------------
// Tabs, sorting, paging

/**
 * The list tabs of SPEC 2: `all` (every token), `hot` (the busiest by 24 h volume) and
 * `inscription` (still minting: mint progress below 1, the /inProgress page).
 */
export const INSCRIPTION_TABS = ['all', 'hot', 'inscription'] as const;
export type InscriptionTab = (typeof INSCRIPTION_TABS)[number];

/** How many tokens the hot tab holds: the top of the 24 h volume ranking. */
export const HOT_TOKEN_COUNT = 30;

/** The columns a token list sorts by. */
export const INSCRIPTION_SORT_KEYS = [
  'marketCap',
  'price',
  'change24h',
  'volume24h',
  'holders',
  'mintProgress',
  'deployTime',
] as const;
export type InscriptionSortKey = (typeof INSCRIPTION_SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The default order of each tab: what a visitor sees first. */
export const DEFAULT_TAB_SORT: Record<
  InscriptionTab,
  { sort: InscriptionSortKey; order: SortOrder }
> = {
  all: { sort: 'marketCap', order: 'desc' },
  hot: { sort: 'volume24h', order: 'desc' },
  inscription: { sort: 'mintProgress', order: 'desc' },
};

/** Page sizes of the list and the token tables; 1-based page numbers. */
export const INSCRIPTION_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page of any paginated inscription call (price history points included). */
export const MAX_PAGE_SIZE = 500;

/** The longest search keyword; tickers are 4 or 5 characters, runes names are longer. */
export const SEARCH_KEYWORD_MAX = 32;
/** How many suggestions a search answers at most. */
export const SEARCH_SUGGESTION_LIMIT = 10;

/**
 * Ticker rule: BRC-20 tickers are 4 or 5 bytes; we accept 1 to 16 visible characters with no
 * slash, so a mistyped path still gets a clean "no such token" rather than a validation error.
 */
export const TICKER_PATTERN = /^[^\s/?#]{1,16}$/u;

/**
 * Path segments under /inscription/brc-20/ that are pages, not tokens: a token named like one is
 * reached by its lower-case name only through the API (the seed has none).
 */
export const RESERVED_TOKEN_SEGMENTS = ['page', 'hot', 'inProgress'] as const;

// ---------------------------------------------------------------------------------------------
// Codes

/** Refusals of the inscription calls (ours: SPEC.md lists none). */
export const InscriptionCode = {
  /** No BRC-20 token has that ticker. */
  tokenNotFound: '44001',
  /** pageNo is not a whole number from 1, or pageSize is not one from 1 to MAX_PAGE_SIZE. */
  badPaging: '44002',
  /** The sort key or order is not one of INSCRIPTION_SORT_KEYS / SORT_ORDERS. */
  badSort: '44003',
  /** The tab is not one of INSCRIPTION_TABS. */
  badTab: '44004',
  /** The search keyword is empty after trimming, or longer than SEARCH_KEYWORD_MAX. */
  badKeyword: '44005',
  /** The page key of a search-engine text request is not one of TDK_PAGE_KEYS. */
  unknownTdkPage: '44006',
  /** The locale of a search-engine text request is not a supported language. */
  unsupportedLocale: '44007',
  /** A symbol list is empty or longer than CRYPTO_SYMBOLS_MAX. */
  badSymbols: '44008',
} as const;
export type InscriptionCode = (typeof InscriptionCode)[keyof typeof InscriptionCode];

/** What each code means, for the gateway's msg and the site's messages. */
export const inscriptionCodeMeaning: Record<InscriptionCode, string> = {
  [InscriptionCode.tokenNotFound]: 'There is no BRC-20 token with that ticker.',
  [InscriptionCode.badPaging]: `The page number must be 1 or more and the page size 1 to ${MAX_PAGE_SIZE}.`,
  [InscriptionCode.badSort]: 'The list cannot be sorted that way.',
  [InscriptionCode.badTab]: 'There is no such list tab.',
  [InscriptionCode.badKeyword]: `The search needs 1 to ${SEARCH_KEYWORD_MAX} characters.`,
  [InscriptionCode.unknownTdkPage]: 'There are no search-engine texts for that page.',
  [InscriptionCode.unsupportedLocale]: 'That language is not supported.',
  [InscriptionCode.badSymbols]: 'Ask for 1 to 50 symbols.',
};

// ---------------------------------------------------------------------------------------------
// Field schemas

const decimal = z
  .string()
  .check(z.regex(/^(?:0|[1-9]\d{0,29})(?:\.\d{1,18})?$/, 'must be a decimal number like "1.25"'));
/** A signed ratio: `"-0.0123"` is −1.23 %. */
const signedRatio = z.string().check(z.regex(/^-?\d+(?:\.\d+)?$/));
const count = z.number().check(z.int(), z.nonnegative());
const time = z.number().check(z.int());
const tickerField = z.string().check(z.trim(), z.regex(TICKER_PATTERN, 'must be a token ticker'));

/** Paging of a request: 1-based page number and page size (bad values get 44002). */
export const pagingSchema = z.object({
  pageNo: z._default(z.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(
    z.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)),
    DEFAULT_PAGE_SIZE,
  ),
});
export type Paging = z.infer<typeof pagingSchema>;

/** A page of a paginated reply; a page past the end is empty, not an error. */
const pageOf = <Item extends z.ZodMiniType>(item: Item) =>
  z.object({
    items: z.array(item),
    pageNo: z.number().check(z.int(), z.gte(1)),
    pageSize: z.number().check(z.int(), z.gte(1)),
    total: count,
  });

// ---------------------------------------------------------------------------------------------
// Tokens

/** One BRC-20 token as the lists show it. */
export const brc20TokenSchema = z.object({
  /** As inscribed (BRC-20 tickers are case-insensitive; lookups ignore case). */
  ticker: z.string(),
  /** The deploy inscription's number and id (`{txid}i0`). */
  inscriptionNumber: count,
  inscriptionId: z.string(),
  deployTime: time,
  /** Maximum supply. */
  supply: decimal,
  minted: decimal,
  /** Minted ÷ supply, from "0" to "1". */
  mintProgress: decimal,
  holders: count,
  /** Transfers and sales in the last 24 h. */
  transactions24h: count,
  priceUsdt: decimal,
  change24h: signedRatio,
  volume24hUsdt: decimal,
  /** Price × minted. */
  marketCapUsdt: decimal,
  /** Rank of the 24 h volume among all tokens, 1 for the busiest. */
  volumeRank: z.number().check(z.int(), z.gte(1)),
});
export type Brc20Token = z.infer<typeof brc20TokenSchema>;

/** The token page's header: the list figures plus the deploy terms. */
export const brc20TokenDetailSchema = z.extend(brc20TokenSchema, {
  /** The most one mint inscription may mint. */
  limitPerMint: decimal,
  decimals: z.number().check(z.int(), z.gte(0), z.lte(18)),
  deployer: z.string(),
  /** Highest and lowest price of the last 24 h. */
  high24hUsdt: decimal,
  low24hUsdt: decimal,
  /** Whether minting is finished (mint progress is 1). */
  completed: z.boolean(),
});
export type Brc20TokenDetail = z.infer<typeof brc20TokenDetailSchema>;

/** POST listByPage. */
export const inscriptionListRequestSchema = z.object({
  tab: z._default(z.enum(INSCRIPTION_TABS), 'all'),
  sort: z.optional(z.enum(INSCRIPTION_SORT_KEYS)),
  order: z.optional(z.enum(SORT_ORDERS)),
  pageNo: pagingSchema.shape.pageNo,
  pageSize: pagingSchema.shape.pageSize,
});
export type InscriptionListRequest = z.input<typeof inscriptionListRequestSchema>;
export const inscriptionListReplySchema = z.extend(pageOf(brc20TokenSchema), {
  tab: z.enum(INSCRIPTION_TABS),
  sort: z.enum(INSCRIPTION_SORT_KEYS),
  order: z.enum(SORT_ORDERS),
});
export type InscriptionListReply = z.infer<typeof inscriptionListReplySchema>;

/** POST detail, inscriptionInfo, relatedRunesToken: one token by ticker (any case). */
export const tickerRequestSchema = z.object({ ticker: tickerField });
export type TickerRequest = z.infer<typeof tickerRequestSchema>;

export const inscriptionDetailReplySchema = brc20TokenDetailSchema;

/** POST inscriptionInfo: the deploy inscription itself, as an ordinals explorer shows it. */
export const inscriptionInfoReplySchema = z.object({
  ticker: z.string(),
  inscriptionId: z.string(),
  inscriptionNumber: count,
  /** The deploy operation as inscribed: `{"p":"brc-20","op":"deploy",...}`. */
  content: z.string(),
  contentType: z.string(),
  contentLength: count,
  genesisTxid: z.string(),
  genesisHeight: count,
  genesisFeeSats: count,
  owner: z.string(),
  deployTime: time,
});
export type InscriptionInfo = z.infer<typeof inscriptionInfoReplySchema>;

/** POST hotInscription: the hot strip. */
export const hotInscriptionRequestSchema = z.object({
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(HOT_TOKEN_COUNT)), 10),
});
export const hotInscriptionReplySchema = z.object({ items: z.array(brc20TokenSchema) });
export type HotInscriptionReply = z.infer<typeof hotInscriptionReplySchema>;

/** A Runes token shown beside a BRC-20 token (Runes is Bitcoin's other fungible-token protocol). */
export const runesTokenSchema = z.object({
  /** Spaced rune name, e.g. `DOG•GO•TO•THE•MOON`. */
  name: z.string(),
  symbol: z.string(),
  runeId: z.string(),
  priceUsdt: decimal,
  change24h: signedRatio,
  marketCapUsdt: decimal,
  holders: count,
});
export type RunesToken = z.infer<typeof runesTokenSchema>;
export const relatedRunesReplySchema = z.object({ items: z.array(runesTokenSchema) });
export type RelatedRunesReply = z.infer<typeof relatedRunesReplySchema>;

/** POST search: suggestions as the visitor types; prefix matches first, then other matches. */
export const inscriptionSearchRequestSchema = z.object({
  keyword: z.string(),
  limit: z._default(
    z.number().check(z.int(), z.gte(1), z.lte(SEARCH_SUGGESTION_LIMIT)),
    SEARCH_SUGGESTION_LIMIT,
  ),
});
export const inscriptionSearchReplySchema = z.object({
  items: z.array(
    z.pick(brc20TokenSchema, {
      ticker: true,
      priceUsdt: true,
      change24h: true,
      mintProgress: true,
      holders: true,
    }),
  ),
});
export type InscriptionSearchReply = z.infer<typeof inscriptionSearchReplySchema>;

// ---------------------------------------------------------------------------------------------
// Token trades (the seo/inscription/trades calls): price history, owners, activity

export const PRICE_HISTORY_INTERVALS = ['1h', '1d'] as const;
export type PriceHistoryInterval = (typeof PRICE_HISTORY_INTERVALS)[number];

/** POST trades/priceHistory: points newest first, a page at a time. */
export const priceHistoryRequestSchema = z.object({
  ticker: tickerField,
  interval: z._default(z.enum(PRICE_HISTORY_INTERVALS), '1d'),
  pageNo: pagingSchema.shape.pageNo,
  pageSize: pagingSchema.shape.pageSize,
});
export const pricePointSchema = z.object({
  /** Start of the interval. */
  time,
  /** The interval's closing price: the newest point's is the token's price. */
  priceUsdt: decimal,
  volumeUsdt: decimal,
});
export type PricePoint = z.infer<typeof pricePointSchema>;
export const priceHistoryReplySchema = z.extend(pageOf(pricePointSchema), {
  interval: z.enum(PRICE_HISTORY_INTERVALS),
});
export type PriceHistoryReply = z.infer<typeof priceHistoryReplySchema>;

/** POST trades/owners and trades/activity: one token's table, a page at a time. */
export const tokenTableRequestSchema = z.object({
  ticker: tickerField,
  pageNo: pagingSchema.shape.pageNo,
  pageSize: pagingSchema.shape.pageSize,
});
export type TokenTableRequest = z.input<typeof tokenTableRequestSchema>;

/** A holder, largest balance first. */
export const tokenOwnerSchema = z.object({
  rank: z.number().check(z.int(), z.gte(1)),
  address: z.string(),
  balance: decimal,
  /** Balance ÷ minted. */
  share: decimal,
});
export type TokenOwner = z.infer<typeof tokenOwnerSchema>;
export const ownersReplySchema = pageOf(tokenOwnerSchema);
export type OwnersReply = z.infer<typeof ownersReplySchema>;

export const ACTIVITY_TYPES = ['deploy', 'mint', 'transfer', 'sale'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** One on-chain operation on the token, newest first. */
export const tokenActivitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  txid: z.string(),
  inscriptionNumber: count,
  /** Empty for deploy and mint. */
  from: z.string(),
  to: z.string(),
  amount: decimal,
  /** Total price of a sale; absent otherwise. */
  priceUsdt: z.optional(decimal),
  time,
});
export type TokenActivity = z.infer<typeof tokenActivitySchema>;
export const activityReplySchema = pageOf(tokenActivitySchema);
export type ActivityReply = z.infer<typeof activityReplySchema>;

// ---------------------------------------------------------------------------------------------
// Leaderboard and crypto list

/** One row of a leaderboard. */
export const leaderboardEntrySchema = z.pick(brc20TokenSchema, {
  ticker: true,
  priceUsdt: true,
  change24h: true,
  volume24hUsdt: true,
});
/** How many rows each leaderboard holds. */
export const LEADERBOARD_SIZE = 5;
// SPEC 7 shows GET indexLeaderboard-get with no payload and no reply; we read it as the BRC-20
// area's boards: top gainers, top losers and top volume over 24 h.
export const indexLeaderboardReplySchema = z.object({
  gainers: z.array(leaderboardEntrySchema),
  losers: z.array(leaderboardEntrySchema),
  volume: z.array(leaderboardEntrySchema),
});
export type IndexLeaderboardReply = z.infer<typeof indexLeaderboardReplySchema>;

/** The most symbols one getCryptoListBySymbol request may name. */
export const CRYPTO_SYMBOLS_MAX = 50;
/** POST getCryptoListBySymbol: coin profiles (BTC, ETH...) by symbol, in the order asked. */
export const cryptoListRequestSchema = z.object({
  symbols: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(16)))
    .check(z.minLength(1), z.maxLength(CRYPTO_SYMBOLS_MAX)),
});
export const cryptoProfileSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  priceUsdt: decimal,
  change24h: signedRatio,
  marketCapUsdt: decimal,
  circulatingSupply: decimal,
  /** Path of its icon under the default image host (`/images/...`); empty when it has none. */
  iconUrl: z.string(),
});
export type CryptoProfile = z.infer<typeof cryptoProfileSchema>;
export const cryptoListReplySchema = z.object({
  items: z.array(cryptoProfileSchema),
  /** Symbols asked for that the exchange does not know, upper-cased. */
  unknown: z.array(z.string()),
});
export type CryptoListReply = z.infer<typeof cryptoListReplySchema>;

// ---------------------------------------------------------------------------------------------
// Search-engine texts (getTdkMltQueryList: title, description, keywords per page and language)

/** The pages with search-engine texts; /inscription/brc-20/page shares the list's. */
export const TDK_PAGE_KEYS = ['brc20List', 'brc20Hot', 'brc20InProgress', 'brc20Token'] as const;
export type TdkPageKey = (typeof TDK_PAGE_KEYS)[number];

/** The texts of each list tab's page. */
export const TDK_PAGE_KEY_OF_TAB: Record<InscriptionTab, TdkPageKey> = {
  all: 'brc20List',
  hot: 'brc20Hot',
  inscription: 'brc20InProgress',
};

/** The token page's texts carry this placeholder; the gateway fills it with the ticker. */
export const TDK_TOKEN_PLACEHOLDER = '{token}';

/** POST getTdkMltQueryList. */
export const tdkRequestSchema = z.object({
  locale: z.string(),
  pageKeys: z.array(z.string()).check(z.minLength(1), z.maxLength(TDK_PAGE_KEYS.length)),
  /** The ticker for the token page's texts, upper-cased into them. */
  token: z.optional(tickerField),
});
export type TdkRequest = z.input<typeof tdkRequestSchema>;
export const tdkEntrySchema = z.object({
  pageKey: z.enum(TDK_PAGE_KEYS),
  locale: z.enum(LOCALE_CODES),
  title: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
  keywords: z.array(z.string().check(z.minLength(1))),
});
export type TdkEntry = z.infer<typeof tdkEntrySchema>;
export const tdkReplySchema = z.object({ items: z.array(tdkEntrySchema) });
export type TdkReply = z.infer<typeof tdkReplySchema>;
