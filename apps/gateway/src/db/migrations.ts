import { USDT_RATE_CURRENCIES, currencySymbols } from '@exchange-web/protocol/currencies';
import type { Database } from './database';

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

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

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
];

// Any constant works as long as every process uses the same one: it serialises concurrent migrators.
const MIGRATION_LOCK_KEY = 7_245_001;

/** Applies the migrations not applied yet, each in its own transaction; safe to run concurrently. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
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
