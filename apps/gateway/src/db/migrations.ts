import { USDT_RATE_CURRENCIES, currencySymbols } from '@exchange-web/protocol/currencies';
import { inscriptionContentMigrationSql } from '../inscription/migration';
import { coinChainSeed } from './coin-chain-data';
import type { Database } from './database';
import { languageCurrenciesMigration } from './language-currencies-migration';
import { loginNoncesMigration, refreshTokenReuseMigration } from './replay-migrations';
import { verificationCodesMigration } from './verification-migration';
import { authenticatorMigration } from './authenticator-migration';
import { signInHistoryMigration } from './sign-in-history-migration';
import { securityLockMigration } from './security-lock-migration';
import { qrLoginMigration } from './qr-login-migration';
import { passkeysMigration } from './passkeys-migration';
import { signInCodeMigration } from './sign-in-code-migration';
import { copyTradingMigration } from './copy-migration';
import { feesMigration } from './fees-migration';
import { openIdRequestsMigration, thirdPartyMigration } from './third-party-migration';
import { protectionFundMigration } from './fund-migration';
import { reservesMigration } from './reserves-migration';
import { marginLimitOrdersMigration, marginMigration } from './margin-migration';

/**
 * Schema changes in order. An applied migration is never edited: add a new one.
 * NOTE: the same list runs on PGlite and on PostgreSQL, so it sticks to plain PostgreSQL.
 */
export interface Migration {
  id: string;
  sql: string;
}

// Reference USDT rates (units of fiat per 1 USDT) that a fresh database starts from.
const referenceUsdtRates: Record<(typeof USDT_RATE_CURRENCIES)[number], string> = {
  usd: '1.0000',
  idr: '16250.0000',
  cny: '7.1800',
  eur: '0.9200',
  hkd: '7.7900',
  jpy: '151.2000',
  php: '56.9000',
  rub: '92.5000',
  thb: '35.8000',
  try: '32.4000',
  twd: '32.1000',
  vnd: '25400.0000',
  krw: '1365.0000',
};

// Reference USDT prices per coin that a fresh database starts from (migration 009_balances).
const referenceCoinPrices: Record<string, string> = {
  BTC: '67250.00',
  ETH: '3480.00',
  USDT: '1',
  USDC: '1',
  SOL: '152.40',
  TRX: '0.1210',
  BNB: '585.00',
  XRP: '0.5200',
  DOGE: '0.1530',
  TON: '6.4500',
};

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
const quoteOrNull = (value: string | undefined) => (value === undefined ? 'NULL' : quote(value));

const coinRows = coinChainSeed.map(
  (coin, index) => `(${quote(coin.coinName)}, ${quote(coin.fullName)}, ${index})`,
);
const chainRows = coinChainSeed.flatMap((coin) =>
  coin.chains.map(
    (chain, index) =>
      `(${quote(coin.coinName)}, ${quote(chain.chainName)}, ${quoteOrNull(chain.contractAddress)}, ` +
      `${chain.rechargeable}, ${chain.withdrawable}, ${chain.confirmations}, ${chain.withdrawFee}, ${index})`,
  ),
);

export const migrations: readonly Migration[] = [
  {
    id: '001_fiat_currencies',
    sql: `
      CREATE TABLE fiat_currencies (
        name text PRIMARY KEY CHECK (name = lower(name)),
        symbol text NOT NULL,
        usdt_rate numeric(20, 8) NOT NULL CHECK (usdt_rate > 0),
        sort_order integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO fiat_currencies (name, symbol, usdt_rate, sort_order) VALUES
      ${USDT_RATE_CURRENCIES.map(
        (name, index) =>
          `(${quote(name)}, ${quote(currencySymbols[name])}, ${referenceUsdtRates[name]}, ${index})`,
      ).join(',\n      ')};
    `,
  },
  {
    id: '002_client_config',
    sql: `
      CREATE TABLE client_config (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO client_config (key, value) VALUES ('eventLogUploadSwitch', 'true'::jsonb);
    `,
  },
  {
    id: '003_users',
    sql: `
      CREATE TABLE users (
        user_id text PRIMARY KEY,
        login_name text NOT NULL UNIQUE,
        user_name text NOT NULL,
        email text UNIQUE,
        area_code text,
        mobile text,
        password_hash text NOT NULL,
        nick_name text NOT NULL DEFAULT '',
        parent_user_id text REFERENCES users (user_id),
        identity_level integer NOT NULL DEFAULT 0,
        vip_level integer NOT NULL DEFAULT 0,
        frozen boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (area_code, mobile)
      );
    `,
  },
  {
    // Every user-info field of SPEC 3 answered from a column (bind flags come from email and
    // mobile being set); sub-accounts have no password, and user ids come from a sequence.
    id: '004_user_profiles',
    sql: `
      ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
      ALTER TABLE users
        ADD COLUMN google_bound boolean NOT NULL DEFAULT false,
        ADD COLUMN email_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN phone_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN google_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN fund_password_set boolean NOT NULL DEFAULT false,
        ADD COLUMN fund_value integer NOT NULL DEFAULT 0,
        ADD COLUMN fund_disabled boolean NOT NULL DEFAULT false,
        ADD COLUMN anti_phishing_code text NOT NULL DEFAULT '',
        ADD COLUMN real_name text NOT NULL DEFAULT '',
        ADD COLUMN family_name text NOT NULL DEFAULT '',
        ADD COLUMN given_name text NOT NULL DEFAULT '',
        ADD COLUMN open_otc boolean NOT NULL DEFAULT false,
        ADD COLUMN open_contract boolean NOT NULL DEFAULT false,
        ADD COLUMN open_gt_fees boolean NOT NULL DEFAULT false,
        ADD COLUMN user_type integer NOT NULL DEFAULT 0,
        ADD COLUMN show_user_vip boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT users_main_has_password CHECK (
          parent_user_id IS NOT NULL OR password_hash IS NOT NULL
        );
      CREATE INDEX users_parent ON users (parent_user_id) WHERE parent_user_id IS NOT NULL;
      CREATE SEQUENCE user_ids START WITH 1000001000;
    `,
  },
  {
    // Only SHA-256 hashes of the tokens are kept: a leaked table signs nobody in.
    id: '005_sessions',
    sql: `
      CREATE TABLE sessions (
        session_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        refresh_token_hash text NOT NULL UNIQUE,
        previous_refresh_token_hash text,
        rotated_at timestamptz,
        user_id text NOT NULL REFERENCES users (user_id),
        acting_user_id text REFERENCES users (user_id),
        access_expires_at timestamptz NOT NULL,
        refresh_expires_at timestamptz NOT NULL,
        ended_at timestamptz,
        ended_reason text CHECK (ended_reason IN ('logout', 'replaced')),
        -- Where the session began, for the account's recent sign-ins.
        client_ip text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((ended_at IS NULL) = (ended_reason IS NULL))
      );
      CREATE INDEX sessions_previous_refresh ON sessions (previous_refresh_token_hash)
        WHERE previous_refresh_token_hash IS NOT NULL;
      CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE ended_reason IS NULL;
      CREATE INDEX sessions_refresh_expiry ON sessions (refresh_expires_at);
    `,
  },
  {
    id: '006_coin_chains',
    sql: `
      CREATE TABLE coins (
        coin_name text PRIMARY KEY CHECK (coin_name = upper(coin_name)),
        full_name text NOT NULL,
        sort_order integer NOT NULL
      );
      CREATE TABLE coin_chains (
        coin_name text NOT NULL REFERENCES coins (coin_name),
        chain_name text NOT NULL,
        contract_address text,
        rechargeable boolean NOT NULL,
        withdrawable boolean NOT NULL,
        confirmations integer NOT NULL CHECK (confirmations >= 0),
        withdraw_fee numeric(30, 12) NOT NULL CHECK (withdraw_fee >= 0),
        sort_order integer NOT NULL,
        PRIMARY KEY (coin_name, chain_name)
      );
      INSERT INTO coins (coin_name, full_name, sort_order) VALUES
      ${coinRows.join(',\n      ')};
      INSERT INTO coin_chains (coin_name, chain_name, contract_address, rechargeable, withdrawable,
        confirmations, withdraw_fee, sort_order) VALUES
      ${chainRows.join(',\n      ')};
    `,
  },
  {
    // NOTE: throttling lives in the database, not in memory, so every gateway process sharing one
    // PostgreSQL counts the same attempts (src/accounts/throttle.ts).
    id: '007_throttle_counters',
    sql: `
      CREATE TABLE throttle_counters (
        bucket text PRIMARY KEY,
        hits integer NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX throttle_counters_expiry ON throttle_counters (expires_at);
    `,
  },
  {
    // SPEC 3 "Gateway sign config", SPEC 7. NOTE: every process reads the server keys from here
    // and rotates them under an advisory lock (src/signing/server-keys.ts), so processes sharing
    // one PostgreSQL serve the same key. The partial unique index allows one current key only.
    id: '008_request_signing',
    sql: `
      CREATE TABLE sign_server_keys (
        key_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        public_key text NOT NULL UNIQUE,
        private_key_pem text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      );
      CREATE UNIQUE INDEX sign_server_keys_one_current ON sign_server_keys ((retired_at IS NULL))
        WHERE retired_at IS NULL;
      CREATE TABLE session_sign_keys (
        session_id bigint NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
        public_key text NOT NULL,
        algorithm text NOT NULL CHECK (algorithm IN ('rsa1024', 'rsa2048')),
        bound_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, public_key)
      );
      CREATE TABLE user_device_keys (
        user_id text NOT NULL REFERENCES users (user_id),
        public_key text NOT NULL,
        algorithm text NOT NULL CHECK (algorithm IN ('rsa1024', 'rsa2048')),
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, public_key)
      );
      CREATE INDEX user_device_keys_recent ON user_device_keys (user_id, last_seen_at DESC);
      CREATE TABLE used_trace_ids (
        user_id text NOT NULL,
        uhti text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, uhti)
      );
      CREATE INDEX used_trace_ids_expiry ON used_trace_ids (expires_at);
    `,
  },
  {
    // The asset overview's data: balances per user and coin, valued by a simple USDT price table.
    id: '009_balances',
    sql: `
      CREATE TABLE coin_prices (
        coin_name text PRIMARY KEY REFERENCES coins (coin_name),
        usdt_price numeric(30, 12) NOT NULL CHECK (usdt_price >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO coin_prices (coin_name, usdt_price) VALUES
      ${Object.entries(referenceCoinPrices)
        .map(([coin, price]) => `(${quote(coin)}, ${price})`)
        .join(',\n      ')};
      CREATE TABLE balances (
        user_id text NOT NULL REFERENCES users (user_id),
        coin_name text NOT NULL REFERENCES coins (coin_name),
        available numeric(38, 18) NOT NULL DEFAULT 0 CHECK (available >= 0),
        frozen numeric(38, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, coin_name)
      );
    `,
  },
  {
    // Only a SHA-256 of each secret is kept: the secret is shown once, at creation.
    id: '010_api_keys',
    sql: `
      CREATE TABLE api_keys (
        api_key text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users (user_id),
        label text NOT NULL,
        permissions text[] NOT NULL,
        ip_whitelist text[] NOT NULL,
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX api_keys_by_user ON api_keys (user_id, created_at);
    `,
  },
  {
    id: '011_csp_reports',
    sql: `
      CREATE TABLE csp_reports (
        report_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        biz_type text NOT NULL,
        event text NOT NULL,
        reason text NOT NULL,
        page text NOT NULL,
        client_timestamp bigint NOT NULL,
        client_ip text NOT NULL,
        user_agent text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX csp_reports_received ON csp_reports (received_at);
    `,
  },
  {
    // SPEC 4, 5, 7 human verification. NOTE: all of it lives here, not in memory, so every
    // gateway process sharing one PostgreSQL signs with one key, and a solution or a pass token
    // used at one process is used at all (DESIGN "Known traps": ALTCHA verification is stateless).
    // Pass tokens are kept as SHA-256 hashes only, like session tokens.
    id: '012_human_verification',
    sql: `
      CREATE TABLE gateway_secrets (
        name text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE challenges (
        captcha_id text PRIMARY KEY,
        biz_id text NOT NULL,
        scene text NOT NULL,
        challenge text NOT NULL,
        salt text NOT NULL,
        expires_at timestamptz NOT NULL,
        solved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX challenges_expiry ON challenges (expires_at);
      CREATE TABLE challenge_tokens (
        token_hash text PRIMARY KEY,
        scene text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX challenge_tokens_expiry ON challenge_tokens (expires_at);
    `,
  },
  {
    // Behaviour tracking (SPEC 3 "Analytics event", 7 buried/log/info). DESIGN "Wire formats":
    // each event carries a stable id, the primary key, so a re-sent event is stored once. The
    // whole validated event is kept as jsonb; the columns the overview filters and groups by are
    // copied out of it. event_time is the client's clock, received_at the gateway's.
    id: '013_tracking_events',
    sql: `
      CREATE TABLE tracking_events (
        event_id text PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        event_time timestamptz NOT NULL,
        type smallint NOT NULL,
        event_tracking_id text NOT NULL,
        page_status text,
        page text NOT NULL,
        uid text,
        device_id text NOT NULL,
        session_id text NOT NULL,
        event jsonb NOT NULL
      );
      CREATE INDEX tracking_events_event_time ON tracking_events (event_time);
      CREATE INDEX tracking_events_received ON tracking_events (received_at);
      CREATE INDEX tracking_events_tracking_id_time ON tracking_events (event_tracking_id, event_time);
      CREATE INDEX tracking_events_device_time ON tracking_events (device_id, event_time);
    `,
  },
  {
    // A fingerprint names a device, and browsers on one machine share it; the visitor id names
    // one browser profile, so operators can follow a single visitor.
    id: '014_tracking_events_visitor',
    sql: `
      ALTER TABLE tracking_events ADD COLUMN visitor_id text;
      UPDATE tracking_events SET visitor_id = event->>'visitor_id';
      CREATE INDEX tracking_events_visitor_time ON tracking_events (visitor_id, event_time);
    `,
  },
  {
    // Trading (README "Simulated market and trading"). The real account's balances are the
    // existing balances table; the paper account's live in paper_balances, of the same shape, made
    // with its starting USDT on first use (paper_accounts). Orders, fills and positions carry the
    // account they belong to. Times are ms since the epoch; *_second columns are the last whole
    // second the settle step judged, so no second is judged twice.
    id: '015_trading',
    sql: `
      CREATE TABLE paper_accounts (
        user_id text PRIMARY KEY REFERENCES users (user_id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE paper_balances (
        user_id text NOT NULL REFERENCES users (user_id),
        coin_name text NOT NULL REFERENCES coins (coin_name),
        available numeric(38, 18) NOT NULL DEFAULT 0 CHECK (available >= 0),
        frozen numeric(38, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, coin_name)
      );
      CREATE TABLE trade_orders (
        order_id text PRIMARY KEY,
        account text NOT NULL CHECK (account IN ('real', 'paper')),
        user_id text NOT NULL REFERENCES users (user_id),
        symbol text NOT NULL,
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        type text NOT NULL CHECK (type IN ('limit', 'market')),
        price numeric(38, 18),
        size numeric(38, 18) NOT NULL CHECK (size > 0),
        filled_size numeric(38, 18) NOT NULL DEFAULT 0,
        average_price numeric(38, 18),
        held_coin text,
        held_amount numeric(38, 18) NOT NULL DEFAULT 0 CHECK (held_amount >= 0),
        status text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
        checked_second bigint NOT NULL,
        created_ms bigint NOT NULL,
        updated_ms bigint NOT NULL
      );
      CREATE INDEX trade_orders_user ON trade_orders (user_id, account, created_ms);
      CREATE INDEX trade_orders_open ON trade_orders (status, order_id);
      CREATE TABLE trade_fills (
        fill_id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES trade_orders (order_id) ON DELETE CASCADE,
        account text NOT NULL CHECK (account IN ('real', 'paper')),
        user_id text NOT NULL REFERENCES users (user_id),
        symbol text NOT NULL,
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        price numeric(38, 18) NOT NULL,
        size numeric(38, 18) NOT NULL,
        fee numeric(38, 18) NOT NULL,
        created_ms bigint NOT NULL
      );
      CREATE INDEX trade_fills_user ON trade_fills (user_id, account, created_ms);
      CREATE TABLE futures_positions (
        position_id text PRIMARY KEY,
        account text NOT NULL CHECK (account IN ('real', 'paper')),
        user_id text NOT NULL REFERENCES users (user_id),
        symbol text NOT NULL,
        side text NOT NULL CHECK (side IN ('long', 'short')),
        size numeric(38, 18) NOT NULL CHECK (size > 0),
        leverage integer NOT NULL CHECK (leverage >= 1),
        entry_price numeric(38, 18) NOT NULL,
        margin numeric(38, 18) NOT NULL,
        liquidation_price numeric(38, 18) NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'closed', 'liquidated')),
        close_price numeric(38, 18),
        realized_pnl numeric(38, 18),
        checked_second bigint NOT NULL,
        opened_ms bigint NOT NULL,
        closed_ms bigint
      );
      CREATE INDEX futures_positions_user ON futures_positions (user_id, account, opened_ms);
      CREATE INDEX futures_positions_open ON futures_positions (status, position_id)
    `,
  },
  {
    // The inscription area's content store (README "Inscription content"), documented in
    // src/inscription/migration.ts; its script is generated only when the migration runs.
    id: '016_inscription_content',
    get sql() {
      return inscriptionContentMigrationSql();
    },
  },
  // Replay defences (README "Request signing and login encryption", "Accounts and sessions").
  loginNoncesMigration,
  refreshTokenReuseMigration,
  // Registration by a code sent to the address (README "Accounts and sessions").
  verificationCodesMigration,
  // The authenticator app as a second factor (README "Account security").
  authenticatorMigration,
  // Each account's sign-in attempts (README "Account security").
  signInHistoryMigration,
  // Sensitive actions wait after a change of the account's security.
  securityLockMigration,
  // Signing a browser in from another, signed-in device by QR code.
  qrLoginMigration,
  // Passkeys (WebAuthn) as a second factor and for signing in alone.
  passkeysMigration,
  // The code a sign-in from a new device is asked, on its ticket.
  signInCodeMigration,
  // Margin accounts: holdings, debt, hourly interest and their records.
  marginMigration,
  marginLimitOrdersMigration,
  // Copy trading: leads, follows, the outbox of lead trades and what each follow made of them.
  copyTradingMigration,
  // Proof of reserves: snapshots of every account's balances as a Merkle sum tree.
  reservesMigration,
  // The protection fund: liquidation surpluses in, shortfalls out.
  protectionFundMigration,
  // Fees and VIP levels: the schedule, each account's daily level, the rate each trade paid.
  feesMigration,
  // Third-party sign-in: identities bound to accounts, and the nonces of wallet messages.
  thirdPartyMigration,
  // Sign-ins started with Google or Apple (OpenID Connect): state, nonce, PKCE verifier.
  openIdRequestsMigration,
  // The rate table quotes every language's default currency (AED, UAH, UZS, CAD).
  languageCurrenciesMigration,
];

// Any constant works as long as every process uses the same one: it serialises concurrent migrators.
const MIGRATION_LOCK_KEY = 7_245_001;

// A waiting migrator may wait as long as another's migration runs, and a migration may run long:
// the pool's statement timeout (README "PostgreSQL") is lifted inside these transactions.
const NO_STATEMENT_TIMEOUT = 'SET LOCAL statement_timeout = 0';

/**
 * Applies the migrations not applied yet, each in its own transaction; safe to run from several
 * processes at once. Every step, the creation of schema_migrations included, holds one advisory
 * lock: PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a concurrent twin (both can
 * pass the check, and one then fails on the catalog's unique index).
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(NO_STATEMENT_TIMEOUT);
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query(NO_STATEMENT_TIMEOUT);
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}

// Transactions take one statement per query; migrations hold no semicolons inside literals.
function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
