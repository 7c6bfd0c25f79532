import {
  HOT_TOKEN_COUNT,
  LEADERBOARD_SIZE,
  type Brc20Token,
  type Brc20TokenDetail,
  type InscriptionInfo,
  type InscriptionSortKey,
  type InscriptionTab,
  type Paging,
  type PriceHistoryInterval,
  type PricePoint,
  type RunesToken,
  type SortOrder,
  type TdkPageKey,
  type TokenActivity,
  type TokenOwner,
} from '@exchange-web/protocol/inscription';
import type { LocaleCode } from '@exchange-web/protocol/languages';
import type { Queryable } from '../db/database';

/**
 * Reads of the inscription content store (migration 016_inscription_content): every list, token,
 * search and series call of the inscription area. Numbers leave PostgreSQL as text
 * (`trim_scale(x)::text`), so decimals stay exact and have no trailing zeros.
 */

/** A token as found by its ticker: the key the other reads take. */
export interface TokenRef {
  tokenId: number;
  ticker: string;
}

/** A page of rows and how many rows all pages hold. */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** One language's texts of one page, as stored (the token page's still hold the placeholder). */
export interface StoredTdk {
  pageKey: TdkPageKey;
  title: string;
  description: string;
  keywords: string[];
}

/** A coin profile without its icon (the image files decide that). */
export interface StoredCryptoProfile {
  symbol: string;
  name: string;
  priceUsdt: string;
  change24h: string;
  marketCapUsdt: string;
  circulatingSupply: string;
}

/** The key lookups use: BRC-20 tickers are case-insensitive. */
export const tickerKeyOf = (ticker: string) => ticker.trim().toLowerCase();

// The list columns of a token, in the shape of brc20TokenSchema.
const TOKEN_COLUMNS = `t.ticker, t.inscription_number, t.genesis_txid, t.deploy_time,
  trim_scale(t.supply)::text AS supply, trim_scale(t.minted)::text AS minted,
  trim_scale(t.mint_progress)::text AS mint_progress, t.holders, t.transactions_24h,
  trim_scale(t.price_usdt)::text AS price_usdt, trim_scale(t.change_24h)::text AS change_24h,
  trim_scale(t.volume_24h_usdt)::text AS volume_24h_usdt,
  trim_scale(t.market_cap_usdt)::text AS market_cap_usdt, t.volume_rank`;

interface TokenRow {
  ticker: string;
  inscription_number: number;
  genesis_txid: string;
  deploy_time: number;
  supply: string;
  minted: string;
  mint_progress: string;
  holders: number;
  transactions_24h: number;
  price_usdt: string;
  change_24h: string;
  volume_24h_usdt: string;
  market_cap_usdt: string;
  volume_rank: number;
}

/** An inscription id is the genesis transaction's id and the inscription's index in it. */
const inscriptionIdOf = (txid: string) => `${txid}i0`;

const tokenOf = (row: TokenRow): Brc20Token => ({
  ticker: row.ticker,
  inscriptionNumber: Number(row.inscription_number),
  inscriptionId: inscriptionIdOf(row.genesis_txid),
  deployTime: Number(row.deploy_time),
  supply: row.supply,
  minted: row.minted,
  mintProgress: row.mint_progress,
  holders: row.holders,
  transactions24h: row.transactions_24h,
  priceUsdt: row.price_usdt,
  change24h: row.change_24h,
  volume24hUsdt: row.volume_24h_usdt,
  marketCapUsdt: row.market_cap_usdt,
  volumeRank: row.volume_rank,
});

// Only these fixed strings reach the SQL text; the request's values travel as parameters.
const SORT_COLUMNS: Record<InscriptionSortKey, string> = {
  marketCap: 't.market_cap_usdt',
  price: 't.price_usdt',
  change24h: 't.change_24h',
  volume24h: 't.volume_24h_usdt',
  holders: 't.holders',
  mintProgress: 't.mint_progress',
  deployTime: 't.deploy_time',
};
const TAB_FILTERS: Record<InscriptionTab, string> = {
  all: 'TRUE',
  hot: `t.volume_rank <= ${HOT_TOKEN_COUNT}`,
  inscription: 't.mint_progress < 1',
};
const SQL_ORDER: Record<SortOrder, string> = { asc: 'ASC', desc: 'DESC' };

/** ORDER BY a list sort; equal values by ticker, so paging never repeats or skips a token. */
const orderBy = (sort: InscriptionSortKey, order: SortOrder) =>
  `ORDER BY ${SORT_COLUMNS[sort]} ${SQL_ORDER[order]}, t.ticker_key`;

const offsetOf = ({ pageNo, pageSize }: Paging) => (pageNo - 1) * pageSize;

export class InscriptionStore {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** The token with this ticker in any case, or undefined. */
  async findToken(ticker: string): Promise<TokenRef | undefined> {
    const [row] = await this.#db.query<{ token_id: number; ticker: string }>(
      'SELECT token_id, ticker FROM inscription_tokens WHERE ticker_key = $1',
      [tickerKeyOf(ticker)],
    );
    return row && { tokenId: row.token_id, ticker: row.ticker };
  }

  /** A page of a list tab in the asked order; a page past the end is empty. */
  async listTokens(
    tab: InscriptionTab,
    sort: InscriptionSortKey,
    order: SortOrder,
    paging: Paging,
  ): Promise<Page<Brc20Token>> {
    const [count] = await this.#db.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM inscription_tokens t WHERE ${TAB_FILTERS[tab]}`,
    );
    const total = count?.total ?? 0;
    if (offsetOf(paging) >= total) return { items: [], total };
    const rows = await this.#db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM inscription_tokens t WHERE ${TAB_FILTERS[tab]}
       ${orderBy(sort, order)} LIMIT $1 OFFSET $2`,
      [paging.pageSize, offsetOf(paging)],
    );
    return { items: rows.map(tokenOf), total };
  }

  /** The busiest tokens by 24 h volume, busiest first. */
  async hotTokens(limit: number): Promise<Brc20Token[]> {
    const rows = await this.#db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM inscription_tokens t ORDER BY t.volume_rank LIMIT $1`,
      [Math.min(limit, HOT_TOKEN_COUNT)],
    );
    return rows.map(tokenOf);
  }

  async tokenDetail({ tokenId }: TokenRef): Promise<Brc20TokenDetail> {
    const [row] = await this.#db.query<
      TokenRow & {
        limit_per_mint: string;
        decimals: number;
        deployer: string;
        high_24h_usdt: string;
        low_24h_usdt: string;
      }
    >(
      `SELECT ${TOKEN_COLUMNS}, trim_scale(t.limit_per_mint)::text AS limit_per_mint, t.decimals,
         t.deployer, trim_scale(t.high_24h_usdt)::text AS high_24h_usdt,
         trim_scale(t.low_24h_usdt)::text AS low_24h_usdt
       FROM inscription_tokens t WHERE t.token_id = $1`,
      [tokenId],
    );
    if (!row) throw new Error(`token ${tokenId} vanished`);
    return {
      ...tokenOf(row),
      limitPerMint: row.limit_per_mint,
      decimals: row.decimals,
      deployer: row.deployer,
      high24hUsdt: row.high_24h_usdt,
      low24hUsdt: row.low_24h_usdt,
      completed: row.mint_progress === '1',
    };
  }

  async inscriptionInfo({ tokenId }: TokenRef): Promise<InscriptionInfo> {
    const [row] = await this.#db.query<{
      ticker: string;
      genesis_txid: string;
      inscription_number: number;
      content: string;
      genesis_height: number;
      genesis_fee_sats: number;
      owner: string;
      deploy_time: number;
    }>(
      `SELECT ticker, genesis_txid, inscription_number, content, genesis_height, genesis_fee_sats,
         owner, deploy_time
       FROM inscription_tokens WHERE token_id = $1`,
      [tokenId],
    );
    if (!row) throw new Error(`token ${tokenId} vanished`);
    return {
      ticker: row.ticker,
      inscriptionId: inscriptionIdOf(row.genesis_txid),
      inscriptionNumber: Number(row.inscription_number),
      content: row.content,
      // BRC-20 operations are inscribed as plain text holding JSON.
      contentType: 'text/plain;charset=utf-8',
      contentLength: Buffer.byteLength(row.content, 'utf8'),
      genesisTxid: row.genesis_txid,
      genesisHeight: row.genesis_height,
      genesisFeeSats: row.genesis_fee_sats,
      owner: row.owner,
      deployTime: Number(row.deploy_time),
    };
  }

  /** The Runes tokens shown beside a token, in their order. */
  async relatedRunes({ tokenId }: TokenRef): Promise<RunesToken[]> {
    const rows = await this.#db.query<{
      name: string;
      symbol: string;
      rune_id: string;
      price_usdt: string;
      change_24h: string;
      market_cap_usdt: string;
      holders: number;
    }>(
      `SELECT r.name, r.symbol, r.rune_id, trim_scale(r.price_usdt)::text AS price_usdt,
         trim_scale(r.change_24h)::text AS change_24h,
         trim_scale(r.market_cap_usdt)::text AS market_cap_usdt, r.holders
       FROM inscription_related_runes related
       JOIN inscription_runes r ON r.rune_id = related.rune_id
       WHERE related.token_id = $1 ORDER BY related.sort_order`,
      [tokenId],
    );
    return rows.map((row) => ({
      name: row.name,
      symbol: row.symbol,
      runeId: row.rune_id,
      priceUsdt: row.price_usdt,
      change24h: row.change_24h,
      marketCapUsdt: row.market_cap_usdt,
      holders: row.holders,
    }));
  }

  /**
   * Tokens whose ticker holds `keyword` (already trimmed): the exact match first, then tickers
   * that start with it, then the others; each group by market cap, largest first.
   */
  async search(keyword: string, limit: number): Promise<Brc20Token[]> {
    const rows = await this.#db.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM inscription_tokens t
       WHERE strpos(t.ticker_key, $1) > 0
       ORDER BY CASE WHEN t.ticker_key = $1 THEN 0 WHEN strpos(t.ticker_key, $1) = 1 THEN 1 ELSE 2 END,
         t.market_cap_usdt DESC, t.ticker_key
       LIMIT $2`,
      [tickerKeyOf(keyword), limit],
    );
    return rows.map(tokenOf);
  }

  /** The 24 h boards: top gainers, top losers and top volume. */
  async leaderboard(): Promise<{
    gainers: Brc20Token[];
    losers: Brc20Token[];
    volume: Brc20Token[];
  }> {
    const board = async (order: string) =>
      (
        await this.#db.query<TokenRow>(
          `SELECT ${TOKEN_COLUMNS} FROM inscription_tokens t ORDER BY ${order}, t.ticker_key LIMIT $1`,
          [LEADERBOARD_SIZE],
        )
      ).map(tokenOf);
    const [gainers, losers, volume] = await Promise.all([
      board('t.change_24h DESC'),
      board('t.change_24h ASC'),
      board('t.volume_24h_usdt DESC'),
    ]);
    return { gainers, losers, volume };
  }

  /** A page of a token's price points, newest first. */
  async priceHistory(
    { tokenId }: TokenRef,
    interval: PriceHistoryInterval,
    paging: Paging,
  ): Promise<Page<PricePoint>> {
    const [count] = await this.#db.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM inscription_price_points
       WHERE token_id = $1 AND interval = $2`,
      [tokenId, interval],
    );
    const total = count?.total ?? 0;
    if (offsetOf(paging) >= total) return { items: [], total };
    const rows = await this.#db.query<{ time: number; price_usdt: string; volume_usdt: string }>(
      `SELECT time, trim_scale(price_usdt)::text AS price_usdt,
         trim_scale(volume_usdt)::text AS volume_usdt
       FROM inscription_price_points WHERE token_id = $1 AND interval = $2
       ORDER BY time DESC LIMIT $3 OFFSET $4`,
      [tokenId, interval, paging.pageSize, offsetOf(paging)],
    );
    return {
      items: rows.map((row) => ({
        time: Number(row.time),
        priceUsdt: row.price_usdt,
        volumeUsdt: row.volume_usdt,
      })),
      total,
    };
  }

  /** A page of a token's top holders, largest first. */
  async owners({ tokenId }: TokenRef, paging: Paging): Promise<Page<TokenOwner>> {
    const [count] = await this.#db.query<{ total: number }>(
      'SELECT owner_count AS total FROM inscription_token_series WHERE token_id = $1',
      [tokenId],
    );
    const total = count?.total ?? 0;
    if (offsetOf(paging) >= total) return { items: [], total };
    const rows = await this.#db.query<{
      rank: number;
      address: string;
      balance: string;
      share: string;
    }>(
      `SELECT rank, address, trim_scale(balance)::text AS balance, trim_scale(share)::text AS share
       FROM inscription_owners WHERE token_id = $1 ORDER BY rank LIMIT $2 OFFSET $3`,
      [tokenId, paging.pageSize, offsetOf(paging)],
    );
    return { items: rows, total };
  }

  /** A page of a token's operations, newest first. */
  async activity({ tokenId }: TokenRef, paging: Paging): Promise<Page<TokenActivity>> {
    const [count] = await this.#db.query<{ total: number }>(
      'SELECT activity_count AS total FROM inscription_token_series WHERE token_id = $1',
      [tokenId],
    );
    const total = count?.total ?? 0;
    if (offsetOf(paging) >= total) return { items: [], total };
    const rows = await this.#db.query<{
      type: TokenActivity['type'];
      txid: string;
      inscription_number: number;
      from_address: string;
      to_address: string;
      amount: string;
      price_usdt: string | null;
      time: number;
    }>(
      `SELECT type, txid, inscription_number, from_address, to_address,
         trim_scale(amount)::text AS amount, trim_scale(price_usdt)::text AS price_usdt, time
       FROM inscription_activity WHERE token_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [tokenId, paging.pageSize, offsetOf(paging)],
    );
    return {
      items: rows.map((row) => ({
        type: row.type,
        txid: row.txid,
        inscriptionNumber: Number(row.inscription_number),
        from: row.from_address,
        to: row.to_address,
        amount: row.amount,
        // Only a sale has a price: the field is left out rather than sent empty.
        ...(row.price_usdt === null ? {} : { priceUsdt: row.price_usdt }),
        time: Number(row.time),
      })),
      total,
    };
  }

  /** The profiles of the exchange's coins, by symbol. */
  async cryptoProfiles(): Promise<Map<string, StoredCryptoProfile>> {
    const rows = await this.#db.query<{
      coin_name: string;
      full_name: string;
      price_usdt: string;
      change_24h: string;
      market_cap_usdt: string;
      circulating_supply: string;
    }>(
      `SELECT c.coin_name, c.full_name, trim_scale(p.usdt_price)::text AS price_usdt,
         trim_scale(profile.change_24h)::text AS change_24h,
         trim_scale(round(p.usdt_price * profile.circulating_supply, 2))::text AS market_cap_usdt,
         trim_scale(profile.circulating_supply)::text AS circulating_supply
       FROM inscription_crypto_profiles profile
       JOIN coins c ON c.coin_name = profile.coin_name
       JOIN coin_prices p ON p.coin_name = profile.coin_name`,
    );
    return new Map(
      rows.map((row) => [
        row.coin_name,
        {
          symbol: row.coin_name,
          name: row.full_name,
          priceUsdt: row.price_usdt,
          change24h: row.change_24h,
          marketCapUsdt: row.market_cap_usdt,
          circulatingSupply: row.circulating_supply,
        },
      ]),
    );
  }

  /** One language's search-engine texts, by page. */
  async tdkTexts(locale: LocaleCode): Promise<Map<TdkPageKey, StoredTdk>> {
    const rows = await this.#db.query<{
      page_key: TdkPageKey;
      title: string;
      description: string;
      keywords: string[];
    }>('SELECT page_key, title, description, keywords FROM inscription_tdk WHERE locale = $1', [
      locale,
    ]);
    return new Map(
      rows.map((row) => [
        row.page_key,
        {
          pageKey: row.page_key,
          title: row.title,
          description: row.description,
          keywords: row.keywords,
        },
      ]),
    );
  }
}
