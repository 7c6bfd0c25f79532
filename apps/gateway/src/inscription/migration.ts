/**
 * Migration 016_inscription_content: the inscription area's content store (issue 10).
 *
 * Tables hold what the calls list and look up: the BRC-20 tokens (one row each, with the figures
 * of seed-data.ts), the Runes tokens and each token's related ones, the coins' profiles and the
 * search-engine texts (tdk-content.ts). The per-token series (price history, top holders,
 * activity) are views that generate one token's rows from its parameters when asked: storing them
 * (about 150,000 rows) took over 3 s on PGlite, which every fresh start would pay; a view
 * answers a page in milliseconds and migrating stays fast. A later migration can replace a view
 * with a table of real data under the same name and columns, and the queries stay as they are.
 *
 * NOTE: plain PostgreSQL only (it also runs on a PostgreSQL server), and migrate() splits the
 * script on every semicolon: no statement here holds one (checked when the script is built, and
 * any text that could hold one travels base64-encoded).
 * WARNING: an applied migration is never edited, so neither are the data it inlines (seed-data.ts,
 * tdk-content.ts) once it has shipped: new content comes in a new migration.
 */
import { TDK_PAGE_KEYS, type TdkPageKey } from '@exchange-web/protocol/inscription';
import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import {
  ANCHOR_TIME,
  DAY_MS,
  HOUR_MS,
  demoAddressSql,
  demoTxidSql,
  inscriptionNumberAtSql,
} from './chain-model';
import {
  COMPLETED_MINT_EVENTS,
  DAILY_HISTORY_POINTS,
  HOURLY_HISTORY_POINTS,
  PRICE_SHAPE_LENGTH,
  PRICE_SIGNIFICANT_DIGITS,
  generateInscriptionSeed,
  type InscriptionSeed,
} from './seed-data';
import { tdkContent } from './tdk-content';

/** A text literal; text that could hold a semicolon or a backslash goes base64-encoded. */
export function sqlText(value: string): string {
  if (/[;\\]/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20)) {
    return `convert_from(decode('${Buffer.from(value, 'utf8').toString('base64')}', 'base64'), 'UTF8')`;
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** A decimal string as a numeric literal (the generator's strings are plain decimals). */
function sqlNumber(value: string | number): string {
  const literal = String(value);
  if (!/^-?\d+(?:\.\d+)?$/.test(literal)) throw new Error(`not a plain decimal: ${literal}`);
  return literal;
}

const sqlNullable = (value: number | null) => (value === null ? 'NULL' : sqlNumber(value));
const rows = (values: readonly string[]) => values.join(',\n  ');

// ---------------------------------------------------------------------------------------------
// Tables

function tokenStatements(seed: InscriptionSeed): string[] {
  return [
    `CREATE TABLE inscription_tokens (
      token_id integer PRIMARY KEY,
      ticker text NOT NULL,
      ticker_key text COLLATE "C" NOT NULL UNIQUE CHECK (ticker_key = lower(ticker) COLLATE "C"),
      inscription_number bigint NOT NULL UNIQUE CHECK (inscription_number >= 0),
      genesis_txid text NOT NULL UNIQUE CHECK (genesis_txid ~ '^[0-9a-f]{64}$'),
      deploy_time bigint NOT NULL CHECK (deploy_time < ${ANCHOR_TIME}),
      genesis_height integer NOT NULL CHECK (genesis_height > 0),
      genesis_fee_sats integer NOT NULL CHECK (genesis_fee_sats > 0),
      deployer text NOT NULL,
      owner text NOT NULL,
      content text NOT NULL,
      supply numeric(38, 18) NOT NULL CHECK (supply > 0),
      limit_per_mint numeric(38, 18) NOT NULL CHECK (limit_per_mint > 0 AND limit_per_mint <= supply),
      decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18),
      minted numeric(38, 18) NOT NULL CHECK (minted > 0 AND minted <= supply),
      mint_progress numeric(38, 18) NOT NULL CHECK (mint_progress BETWEEN 0 AND 1),
      mint_completed_time bigint CHECK (mint_completed_time > deploy_time),
      holders integer NOT NULL CHECK (holders > 0),
      transactions_24h integer NOT NULL CHECK (transactions_24h >= 0),
      price_usdt numeric(38, 18) NOT NULL CHECK (price_usdt > 0),
      change_24h numeric(12, 6) NOT NULL CHECK (change_24h > -1),
      volume_24h_usdt numeric(38, 18) NOT NULL CHECK (volume_24h_usdt >= 0),
      market_cap_usdt numeric(38, 18) NOT NULL,
      volume_rank integer NOT NULL UNIQUE CHECK (volume_rank >= 1),
      high_24h_usdt numeric(38, 18),
      low_24h_usdt numeric(38, 18),
      CHECK ((mint_progress = 1) = (minted = supply)),
      CHECK ((mint_completed_time IS NULL) = (minted < supply)),
      CHECK (market_cap_usdt = price_usdt * minted)
    )`,
    `INSERT INTO inscription_tokens (token_id, ticker, ticker_key, inscription_number, genesis_txid,
      deploy_time, genesis_height, genesis_fee_sats, deployer, owner, content, supply,
      limit_per_mint, decimals, minted, mint_progress, mint_completed_time, holders,
      transactions_24h, price_usdt, change_24h, volume_24h_usdt, market_cap_usdt, volume_rank)
    VALUES
  ${rows(
    seed.tokens
      .map((token) =>
        [
          token.tokenId,
          sqlText(token.ticker),
          sqlText(token.tickerKey),
          token.inscriptionNumber,
          sqlText(token.genesisTxid),
          token.deployTime,
          token.genesisHeight,
          token.genesisFeeSats,
          sqlText(token.deployer),
          sqlText(token.owner),
          sqlText(token.content),
          sqlNumber(token.supply),
          sqlNumber(token.limitPerMint),
          token.decimals,
          sqlNumber(token.minted),
          sqlNumber(token.mintProgress),
          sqlNullable(token.mintCompletedTime),
          token.holders,
          token.transactions24h,
          sqlNumber(token.priceUsdt),
          sqlNumber(token.change24h),
          sqlNumber(token.volume24hUsdt),
          sqlNumber(token.marketCapUsdt),
          token.volumeRank,
        ]
          .map(String)
          .join(', '),
      )
      .map((values) => `(${values})`),
  )}`,
    // How the views generate each token's series (seed-data.ts SeedSeries).
    `CREATE TABLE inscription_token_series (
      token_id integer PRIMARY KEY REFERENCES inscription_tokens (token_id),
      price_shape double precision[] NOT NULL CHECK (cardinality(price_shape) = ${PRICE_SHAPE_LENGTH}),
      owner_count integer NOT NULL CHECK (owner_count >= 2),
      listed_holders_share numeric(6, 4) NOT NULL CHECK (listed_holders_share > 0 AND listed_holders_share < 1),
      holder_exponent double precision NOT NULL CHECK (holder_exponent > 0),
      activity_count integer NOT NULL CHECK (activity_count > ${COMPLETED_MINT_EVENTS + 2})
    )`,
    `INSERT INTO inscription_token_series (token_id, price_shape, owner_count, listed_holders_share,
      holder_exponent, activity_count)
    VALUES
  ${rows(
    seed.tokens.map(
      ({ tokenId, series }) =>
        `(${tokenId}, ARRAY[${series.priceShape.map(sqlNumber).join(', ')}]::double precision[], ` +
        `${series.ownerCount}, ${sqlNumber(series.listedHoldersShare)}, ` +
        `${sqlNumber(series.holderExponent)}, ${series.activityCount})`,
    ),
  )}`,
  ];
}

function runeStatements(seed: InscriptionSeed): string[] {
  return [
    `CREATE TABLE inscription_runes (
      rune_id text PRIMARY KEY CHECK (rune_id ~ '^[0-9]+:[0-9]+$'),
      name text NOT NULL UNIQUE,
      symbol text NOT NULL,
      price_usdt numeric(38, 18) NOT NULL CHECK (price_usdt > 0),
      change_24h numeric(12, 6) NOT NULL CHECK (change_24h > -1),
      market_cap_usdt numeric(38, 18) NOT NULL CHECK (market_cap_usdt >= 0),
      holders integer NOT NULL CHECK (holders >= 0)
    )`,
    `INSERT INTO inscription_runes (rune_id, name, symbol, price_usdt, change_24h, market_cap_usdt, holders)
    VALUES
  ${rows(
    seed.runes.map(
      (rune) =>
        `(${sqlText(rune.runeId)}, ${sqlText(rune.name)}, ${sqlText(rune.symbol)}, ` +
        `${sqlNumber(rune.priceUsdt)}, ${sqlNumber(rune.change24h)}, ` +
        `${sqlNumber(rune.marketCapUsdt)}, ${rune.holders})`,
    ),
  )}`,
    `CREATE TABLE inscription_related_runes (
      token_id integer NOT NULL REFERENCES inscription_tokens (token_id),
      sort_order smallint NOT NULL CHECK (sort_order >= 1),
      rune_id text NOT NULL REFERENCES inscription_runes (rune_id),
      PRIMARY KEY (token_id, sort_order),
      UNIQUE (token_id, rune_id)
    )`,
    `INSERT INTO inscription_related_runes (token_id, sort_order, rune_id)
    VALUES
  ${rows(
    seed.relatedRunes.flatMap(({ tokenId, runeIds }) =>
      runeIds.map((runeId, index) => `(${tokenId}, ${index + 1}, ${sqlText(runeId)})`),
    ),
  )}`,
  ];
}

function cryptoStatements(seed: InscriptionSeed): string[] {
  return [
    // Name and price are the exchange's own (coins, coin_prices); this adds what a profile shows.
    `CREATE TABLE inscription_crypto_profiles (
      coin_name text PRIMARY KEY REFERENCES coins (coin_name),
      circulating_supply numeric(38, 18) NOT NULL CHECK (circulating_supply > 0),
      change_24h numeric(12, 6) NOT NULL CHECK (change_24h > -1)
    )`,
    `INSERT INTO inscription_crypto_profiles (coin_name, circulating_supply, change_24h)
    VALUES
  ${rows(
    seed.cryptoProfiles.map(
      (profile) =>
        `(${sqlText(profile.coinName)}, ${sqlNumber(profile.circulatingSupply)}, ` +
        `${sqlNumber(profile.change24h)})`,
    ),
  )}`,
  ];
}

const sqlList = (values: readonly string[]) => values.map(sqlText).join(', ');

function tdkStatements(): string[] {
  const entries = LOCALE_CODES.flatMap((locale) =>
    TDK_PAGE_KEYS.map((pageKey: TdkPageKey) => {
      const { title, description, keywords } = tdkContent[locale][pageKey];
      return (
        `(${sqlText(locale)}, ${sqlText(pageKey)}, ${sqlText(title)}, ${sqlText(description)}, ` +
        `ARRAY[${sqlList(keywords)}]::text[])`
      );
    }),
  );
  return [
    // Search-engine texts per language and page; the token page's carry the {token} placeholder.
    `CREATE TABLE inscription_tdk (
      locale text NOT NULL CHECK (locale IN (${sqlList(LOCALE_CODES)})),
      page_key text NOT NULL CHECK (page_key IN (${sqlList(TDK_PAGE_KEYS)})),
      title text NOT NULL CHECK (title <> ''),
      description text NOT NULL CHECK (description <> ''),
      keywords text[] NOT NULL,
      PRIMARY KEY (locale, page_key)
    )`,
    `INSERT INTO inscription_tdk (locale, page_key, title, description, keywords)
    VALUES
  ${rows(entries)}`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Functions and views that generate the series

const A = `${ANCHOR_TIME}::bigint`;
const D = `${DAY_MS}::bigint`;
const H = `${HOUR_MS}::bigint`;
/** Days from the anchor (negative before it) of the bigint time `at`. */
const daysFrom = (at: string) => `((${at} - ${A})::double precision / ${D})`;

// WARNING: the price path is built as inline SQL expressions, not SQL functions: PGlite pays
// tens of microseconds per call of a SQL function it cannot inline, and a page of history
// evaluates the path hundreds of times. `OFFSET 0` keeps a LATERAL subquery from being merged
// into its query, so what it computes is computed once per row rather than once per use.

/** The log-price path before bending: a trend (flat beyond the history) and four waves. */
function waveSql(shape: string, at: string): string {
  const u = daysFrom(at);
  const wave = (first: number) =>
    `${shape}[${first}] * sin(2 * pi() * ${u} / ${shape}[${first + 1}] + ${shape}[${first + 2}])`;
  return `(${shape}[1] * greatest(${u}, -${DAILY_HISTORY_POINTS}) + ${[2, 5, 8, 11].map(wave).join(' + ')})`;
}

/**
 * A token's constants of its price path, as LATERAL subquery `anchor`: the wave at the anchor
 * and the bend of the last day, which makes the price one day before the anchor exactly
 * price / (1 + change24h).
 */
function anchorLateralSql(token: string, shape: string): string {
  const now = waveSql(shape, A);
  return `CROSS JOIN LATERAL (SELECT ${now} AS now_wave,
      -ln(1 + ${token}.change_24h::double precision) - (${waveSql(shape, `${A} - ${D}`)} - ${now}) AS bend
    OFFSET 0) AS anchor`;
}

/** log(price at `at` ÷ price now), given the wave at `at` and the token's anchor constants. */
const logPriceSql = (wave: string, at: string, anchor = 'anchor') =>
  `(${wave} - ${anchor}.now_wave + least(1, greatest(0, -${daysFrom(at)})) * ${anchor}.bend)`;

/** `value` (a positive double precision column) to PRICE_SIGNIFICANT_DIGITS significant digits. */
const significantSql = (value: string) =>
  `round(${value}::numeric, ${PRICE_SIGNIFICANT_DIGITS - 1} - floor(log(${value}))::integer)`;

/** A day's volume ÷ the last day's: follows the price path, plus a weekly wave (1 at the anchor). */
const volumeFactorSql = (shape: string, wave: string, at: string) =>
  `(exp(0.5 * (${wave} - anchor.now_wave)) ` +
  `* (1 + 0.3 * (sin(2 * pi() * ${daysFrom(at)} / 7 + ${shape}[14]) - sin(${shape}[14]))))`;

function seriesFunctions(): string[] {
  return [
    // A stable unit number in [0, 1) from a label: the "dice" of the series (SHA-256 based).
    `CREATE FUNCTION inscription_unit(label text) RETURNS double precision
      LANGUAGE sql STABLE AS $$
        SELECT ('x' || left(${demoTxidSql('label')}, 12))::bit(48)::bigint::double precision / 281474976710656
      $$`,
    `CREATE FUNCTION inscription_demo_address(label text) RETURNS text
      LANGUAGE sql STABLE AS $$ SELECT ${demoAddressSql('label')} $$`,
  ];
}

function seriesViews(): string[] {
  const close = 'point.close_time';
  const shape = 's.price_shape';
  const hourOfDayWave = `(1 + 0.5 * sin(2 * pi() * ${daysFrom(close)} + ${shape}[15]))`;
  const dayOfClose = `${A} - (${A} - ${close}) / ${D} * ${D}`;
  return [
    // Daily and hourly points ending at the anchor, none before the deploy. A point's price is
    // its interval's close. The hourly volumes of any 24 h share that day's factor and a daily
    // wave whose 24 samples sum to zero, so the last 24 add up to the 24 h volume.
    `CREATE VIEW inscription_price_points AS
      SELECT t.token_id, step.interval, point.time,
        ${significantSql('path.price')} AS price_usdt,
        round((t.volume_24h_usdt::double precision * CASE step.interval
          WHEN '1d' THEN ${volumeFactorSql(shape, 'path.wave', close)}
          ELSE ${volumeFactorSql(shape, waveSql(shape, dayOfClose), dayOfClose)} / 24 * ${hourOfDayWave}
        END)::numeric, 2) AS volume_usdt
      FROM inscription_tokens t
      JOIN inscription_token_series s ON s.token_id = t.token_id
      ${anchorLateralSql('t', shape)}
      CROSS JOIN (VALUES ('1d', ${D}, ${DAILY_HISTORY_POINTS}), ('1h', ${H}, ${HOURLY_HISTORY_POINTS}))
        AS step (interval, length_ms, points)
      CROSS JOIN LATERAL generate_series(1, step.points) AS k
      CROSS JOIN LATERAL (SELECT ${A} - k * step.length_ms AS time,
        ${A} - (k - 1) * step.length_ms AS close_time) AS point
      CROSS JOIN LATERAL (SELECT wave, t.price_usdt::double precision
          * exp(${logPriceSql('wave', close)}) AS price
        FROM (SELECT ${waveSql(shape, close)} AS wave OFFSET 0) AS curve OFFSET 0) AS path
      WHERE point.time >= t.deploy_time`,
    // The top holders: Zipf-like balances (rank r ∝ r^-exponent, as whole weights so the rest is
    // exact numeric arithmetic) that together hold listed_holders_share of the minted supply.
    `CREATE VIEW inscription_owners AS
      SELECT holder.token_id, holder.rank,
        inscription_demo_address(holder.ticker_key || ':holder:' || holder.rank) AS address,
        holder.balance, trunc(holder.balance / holder.minted, 8) AS share
      FROM (
        SELECT t.token_id, t.ticker_key, t.minted, weight.rank,
          floor(t.minted * s.listed_holders_share * weight.weight / total.weight) AS balance
        FROM inscription_tokens t
        JOIN inscription_token_series s ON s.token_id = t.token_id
        CROSS JOIN LATERAL (
          SELECT sum(floor(1e12::double precision / power(r, s.holder_exponent))::numeric) AS weight
          FROM generate_series(1, s.owner_count) AS r
        ) AS total
        CROSS JOIN LATERAL (
          SELECT r AS rank, floor(1e12::double precision / power(r, s.holder_exponent))::numeric AS weight
          FROM generate_series(1, s.owner_count) AS r
        ) AS weight
      ) AS holder`,
    activityView(),
  ];
}

/**
 * Operation 0 is the deploy. A completed token then shows its mints, evenly spread up to the
 * last one, and transfers and sales after it; a token still minting shows mints, transfers and
 * sales throughout. Times crowd towards the anchor (a cubic spacing, in integer arithmetic), so
 * the newest operations are minutes old and the oldest go back to the deploy.
 */
function activityView(): string {
  const n = 's.activity_count::bigint';
  const m = `${COMPLETED_MINT_EVENTS}::bigint`;
  const cube = (x: string) => `((${x}) * (${x}) * (${x}))`;
  const unit = (name: string) => `inscription_unit(t.ticker_key || ':${name}:' || seq)`;
  const holderAddress = (rank: string) =>
    `inscription_demo_address(op.ticker_key || ':holder:' || ${rank})`;
  return `CREATE VIEW inscription_activity AS
    SELECT op.token_id, op.seq, op.type,
      CASE WHEN op.seq = 0 THEN op.genesis_txid
        ELSE ${demoTxidSql(`op.ticker_key || ':activity:' || op.seq`)} END AS txid,
      CASE WHEN op.seq = 0 THEN op.inscription_number ELSE ${inscriptionNumberAtSql('op.time')} END
        AS inscription_number,
      CASE WHEN op.type IN ('deploy', 'mint') THEN '' ELSE ${holderAddress('op.from_rank')} END
        AS from_address,
      CASE WHEN op.type = 'deploy' THEN op.deployer ELSE ${holderAddress('op.to_rank')} END
        AS to_address,
      op.amount,
      CASE WHEN op.type = 'sale' THEN greatest(0.01, round((op.amount::double precision
        * op.price_usdt::double precision
        * exp(${logPriceSql(waveSql('op.price_shape', 'op.time'), 'op.time', 'op')}))::numeric, 2))
      END AS price_usdt,
      op.time
    FROM (
      SELECT t.token_id, t.ticker_key, t.genesis_txid, t.inscription_number, t.deployer,
        t.price_usdt, s.price_shape, anchor.now_wave, anchor.bend, seq, timing.time, kind.type,
        1 + floor(${unit('from')} * s.owner_count)::integer AS from_rank,
        1 + (floor(${unit('from')} * s.owner_count)::integer + 1
          + floor(${unit('to')} * (s.owner_count - 1))::integer) % s.owner_count AS to_rank,
        CASE kind.type
          WHEN 'deploy' THEN t.supply
          WHEN 'mint' THEN t.limit_per_mint
          ELSE least(t.minted, greatest(1, floor(t.limit_per_mint::double precision
            * power(10::double precision, 1.6 * ${unit('amount')} - 1)))::numeric)
        END AS amount
      FROM inscription_tokens t
      JOIN inscription_token_series s ON s.token_id = t.token_id
      ${anchorLateralSql('t', 's.price_shape')}
      CROSS JOIN LATERAL generate_series(0, s.activity_count - 1) AS seq
      CROSS JOIN LATERAL (SELECT CASE
        WHEN seq = 0 THEN t.deploy_time
        WHEN t.mint_completed_time IS NOT NULL AND seq <= ${m}
          THEN t.deploy_time + (t.mint_completed_time - t.deploy_time) * seq / ${m}
        WHEN t.mint_completed_time IS NOT NULL
          THEN ${A} - (${A} - t.mint_completed_time) * ${cube(`${n} - seq`)} / ${cube(`${n} - ${m}`)}
        ELSE ${A} - (${A} - t.deploy_time) * ${cube(`${n} - seq`)} / ${cube(n)}
      END AS time) AS timing
      CROSS JOIN LATERAL (SELECT CASE
        WHEN seq = 0 THEN 'deploy'
        WHEN t.mint_completed_time IS NOT NULL AND seq <= ${m} THEN 'mint'
        WHEN t.mint_completed_time IS NOT NULL
          THEN CASE WHEN ${unit('kind')} < 0.5 THEN 'transfer' ELSE 'sale' END
        WHEN ${unit('kind')} < 0.5 THEN 'mint'
        WHEN ${unit('kind')} < 0.75 THEN 'transfer'
        ELSE 'sale'
      END AS type) AS kind
    ) AS op`;
}

function finishingStatements(): string[] {
  return [
    // The detail's 24 h high and low: over the hourly closes of the last day and its open.
    `UPDATE inscription_tokens AS t SET high_24h_usdt = day.high, low_24h_usdt = day.low
      FROM (
        SELECT t.token_id, max(close.price) AS high, min(close.price) AS low
        FROM inscription_tokens t
        JOIN inscription_token_series s ON s.token_id = t.token_id
        ${anchorLateralSql('t', 's.price_shape')}
        CROSS JOIN LATERAL (SELECT ${A} - hour * ${H} AS at FROM generate_series(0, 24) AS hour) AS point
        CROSS JOIN LATERAL (SELECT t.price_usdt::double precision
          * exp(${logPriceSql(waveSql('s.price_shape', 'point.at'), 'point.at')}) AS value OFFSET 0) AS path
        CROSS JOIN LATERAL (SELECT ${significantSql('path.value')} AS price) AS close
        GROUP BY t.token_id
      ) AS day
      WHERE day.token_id = t.token_id`,
    `ALTER TABLE inscription_tokens
      ALTER COLUMN high_24h_usdt SET NOT NULL,
      ALTER COLUMN low_24h_usdt SET NOT NULL,
      ADD CHECK (low_24h_usdt <= price_usdt AND price_usdt <= high_24h_usdt)`,
    // Every list sort (descending first, the default; ties by ticker) and the hot tab's rank.
    ...[
      'market_cap_usdt',
      'price_usdt',
      'change_24h',
      'volume_24h_usdt',
      'holders',
      'mint_progress',
      'deploy_time',
    ].map(
      (column) =>
        `CREATE INDEX inscription_tokens_by_${column} ON inscription_tokens (${column} DESC, ticker_key)`,
    ),
  ];
}

/** The statements of migration 016, in order; none holds a semicolon. */
export function inscriptionContentStatements(seed = generateInscriptionSeed()): string[] {
  const statements = [
    ...tokenStatements(seed),
    ...runeStatements(seed),
    ...cryptoStatements(seed),
    ...tdkStatements(),
    ...seriesFunctions(),
    ...seriesViews(),
    ...finishingStatements(),
  ];
  for (const statement of statements) {
    if (statement.includes(';')) {
      throw new Error(`a statement of 016_inscription_content holds a semicolon: ${statement}`);
    }
  }
  return statements;
}

let script: string | undefined;
/**
 * The SQL of migration 016_inscription_content, built on first use: generating the data set takes
 * tens of milliseconds that a gateway start with the migration already applied need not pay.
 */
export function inscriptionContentMigrationSql(): string {
  script ??= `${inscriptionContentStatements().join(';\n')};\n`;
  return script;
}
