import pg from 'pg';
import type { CustomTypesConfig } from 'pg';
import type { Database, Queryable } from './database';

/** The connection pool of one gateway process (README "PostgreSQL"). */
export interface PostgresPoolOptions {
  /** Connections this process opens at most. @default 10 */
  max: number;
  /** How long a query waits for a connection (a free one, or a new one to open) before failing. @default 10_000 */
  connectionTimeoutMs: number;
  /** How long an unused connection stays open before the pool closes it. @default 30_000 */
  idleTimeoutMs: number;
  /** How long one statement may run before the server cancels it; 0 means no limit. @default 30_000 */
  statementTimeoutMs: number;
}

export const DEFAULT_POSTGRES_POOL_OPTIONS: Readonly<PostgresPoolOptions> = {
  max: 10,
  connectionTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  statementTimeoutMs: 30_000,
};

export interface PostgresOptions {
  /** A `postgres://` URL; its own parameters (e.g. `sslmode`) win over the pool's. */
  connectionString: string;
  pool?: Partial<PostgresPoolOptions>;
}

// Type OIDs (pg_type.oid) of the built-in types, as node-postgres names them.
const OID = pg.types.builtins;

type Parser = (text: string) => unknown;

/** int8 as PGlite reads it: a number while it is exact, a bigint beyond 2^53. */
const parseInt8: Parser = (text) => {
  const value = BigInt(text);
  return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value);
};

/** Dates as PGlite reads them: `Date.parse` of the text, so a `date` is midnight UTC. */
const parseDate: Parser = (text) =>
  text === 'infinity' ? Infinity : text === '-infinity' ? -Infinity : new Date(text);

/** A bytea's `\x…` hex form as a plain Uint8Array (node-postgres answers a Buffer). */
const parseBytea: Parser = (text) => Uint8Array.from(Buffer.from(text.slice(2), 'hex'));

/**
 * NOTE: the route code was written against PGlite, so PostgreSQL results must come back in the
 * same JS types. PGlite parses these and answers the text of every other type as it is: notably
 * numeric stays a string (exact decimals), and int8 (COUNT(*), bigint ids and ms times) is a
 * number where node-postgres would answer a string.
 */
const SCALAR_PARSERS: ReadonlyMap<number, Parser> = new Map<number, Parser>([
  [OID.BOOL, (text) => text === 't'],
  [OID.BYTEA, parseBytea],
  [OID.INT8, parseInt8],
  [OID.INT2, Number],
  [OID.INT4, Number],
  [OID.OID, Number],
  [OID.FLOAT4, Number],
  [OID.FLOAT8, Number],
  [OID.JSON, (text) => JSON.parse(text)],
  [OID.JSONB, (text) => JSON.parse(text)],
  [OID.DATE, parseDate],
  [OID.TIMESTAMP, parseDate],
  [OID.TIMESTAMPTZ, parseDate],
]);

// Array type OID -> element type OID, for the built-in element types (pg_type.typarray).
const ARRAY_ELEMENTS: ReadonlyMap<number, number> = new Map([
  [1000, OID.BOOL],
  [1001, OID.BYTEA],
  [1005, OID.INT2],
  [1007, OID.INT4],
  [1016, OID.INT8],
  [1028, OID.OID],
  [1021, OID.FLOAT4],
  [1022, OID.FLOAT8],
  [199, OID.JSON],
  [3807, OID.JSONB],
  [1182, OID.DATE],
  [1115, OID.TIMESTAMP],
  [1185, OID.TIMESTAMPTZ],
  [1009, OID.TEXT],
  [1014, 1042], // bpchar
  [1015, 1043], // varchar
  [1231, 1700], // numeric: strings, where node-postgres would answer lossy floats
  [1187, 1186], // interval
  [2951, 2950], // uuid
  [1183, 1083], // time
]);

type Parsed = unknown;
type NestedStrings = (string | null | NestedStrings)[];

// node-postgres's own text[] parser splits any array literal into (nested) strings and nulls.
const TEXT_ARRAY = 1009 as Parameters<typeof pg.types.getTypeParser>[0];
const splitArray = pg.types.getTypeParser(TEXT_ARRAY) as (text: string) => NestedStrings;

const mapArray = (items: NestedStrings, parse: Parser): Parsed[] =>
  items.map((item) =>
    item === null ? null : Array.isArray(item) ? mapArray(item, parse) : parse(item),
  );

const identity: Parser = (text) => text;

/**
 * The parser of a text-format column of type `oid`, matching what PGlite answers for it: see
 * {@link SCALAR_PARSERS}. Everything else, numeric, interval and time included, stays text.
 */
export function parseTypeAsPglite(oid: number): Parser {
  const scalar = SCALAR_PARSERS.get(oid);
  if (scalar) return scalar;
  const element = ARRAY_ELEMENTS.get(oid);
  if (element !== undefined) {
    const parse = SCALAR_PARSERS.get(element) ?? identity;
    return (text) => mapArray(splitArray(text), parse);
  }
  return identity;
}

const types: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    // The gateway never asks for binary results; leave those to node-postgres.
    format === 'binary'
      ? pg.types.getTypeParser(oid, 'binary')
      : parseTypeAsPglite(oid)) as CustomTypesConfig['getTypeParser'],
};

interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const wrap = (target: PgQueryable): Queryable => ({
  async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
    const result = await target.query(sql, [...params]);
    return result.rows as Row[];
  },
});

/**
 * Connects the gateway to a PostgreSQL server through a pool (README "PostgreSQL"). Resolves once
 * one connection has opened, so a wrong URL stops the start at once with the driver's reason.
 */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const settings = { ...DEFAULT_POSTGRES_POOL_OPTIONS, ...options.pool };
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: settings.max,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    // PGlite runs in UTC; so do these sessions, whatever the server's zone, so date_trunc and
    // timestamp arithmetic agree on both engines.
    options: '-c TimeZone=UTC',
    types,
    application_name: 'exchange-web-gateway',
  });
  // An idle connection that breaks (server restart, network) is dropped and replaced on next
  // use; without a listener the pool's 'error' event would end the process.
  pool.on('error', (error) => console.error('PostgreSQL connection lost', error.message));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const queryable = wrap(pool);
  let ending: Promise<void> | undefined;
  return {
    engine: 'postgres',
    query: queryable.query,
    async exec(sql) {
      // Without parameters node-postgres uses the simple protocol, which takes several statements.
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed may still be inside the transaction: never reuse it.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken =
            rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close() {
      ending ??= pool.end();
      return ending;
    },
  };
}
