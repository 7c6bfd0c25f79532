import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src/accounts/sessions';
import { ChallengeHmacKey } from '../src/challenge/hmac-key';
import type { Database } from '../src/db/database';
import { migrate, migrations } from '../src/db/migrations';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { DEFAULT_ACCOUNTS_CONFIG } from '../src/config';
import { DEMO_ACCOUNT, DEMO_BALANCES, seedDemoData } from '../src/db/seed';
import { ServerKeyStore } from '../src/signing/server-keys';
import { createPostgresDatabase, openTestDatabase } from './test-database';

// Runs in the gateway-postgres project only (vitest.config.ts): the PostgreSQL engine itself.

/** Several gateway processes starting at once: each its own pool on one fresh database. */
async function openProcesses(url: string, count: number): Promise<Database[]> {
  return Promise.all(
    Array.from({ length: count }, () => openPostgres({ connectionString: url, pool: { max: 2 } })),
  );
}

const closeAll = (databases: readonly Database[]) => Promise.all(databases.map((db) => db.close()));

describe('starting many gateway processes at once on one fresh PostgreSQL database', () => {
  const PROCESSES = 6;

  it('applies every migration exactly once, with no process failing', async () => {
    // A few rounds: the race of unguarded CREATE TABLE IF NOT EXISTS does not lose every time.
    for (let round = 0; round < 3; round += 1) {
      const database = await createPostgresDatabase({ empty: true });
      const processes = await openProcesses(database.url, PROCESSES);
      try {
        const results = await Promise.allSettled(processes.map((db) => migrate(db)));
        const failures = results.flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        expect(failures).toEqual([]);
        const appliedByAll = results.flatMap((result) =>
          result.status === 'fulfilled' ? result.value : [],
        );
        const ids = migrations.map((migration) => migration.id);
        expect(appliedByAll.sort()).toEqual([...ids].sort());
        const [first] = processes;
        const rows = await first!.query<{ id: string }>(
          'SELECT id FROM schema_migrations ORDER BY id',
        );
        expect(rows.map((row) => row.id)).toEqual([...ids].sort());
        // Started again, nothing is left to apply.
        expect(await migrate(first!)).toEqual([]);
      } finally {
        await closeAll(processes);
        await database.drop();
      }
    }
  }, 120_000);

  it('seeds the demo account once, makes one challenge key and one current server key', async () => {
    const database = await createPostgresDatabase({ empty: true });
    const processes = await openProcesses(database.url, PROCESSES);
    try {
      for (const db of processes) await migrate(db);
      const seeded = await Promise.all(processes.map((db) => seedDemoData(db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const [first] = processes;
      const users = await first!.query('SELECT 1 FROM users WHERE login_name = $1', [
        DEMO_ACCOUNT.loginName,
      ]);
      expect(users).toHaveLength(1);
      const balances = await first!.query('SELECT 1 FROM balances WHERE user_id = $1', [
        DEMO_ACCOUNT.userId,
      ]);
      expect(balances).toHaveLength(DEMO_BALANCES.length);

      const hmacKeys = await Promise.all(
        processes.map((db) => new ChallengeHmacKey(db, undefined).get()),
      );
      expect(new Set(hmacKeys).size).toBe(1);

      const timing = { signKeyRotationMs: 60_000, signKeyGraceMs: 60_000, signKeyCacheMs: 0 };
      const current = await Promise.all(
        processes.map((db) => new ServerKeyStore(db, timing).current()),
      );
      expect(new Set(current.map((key) => key.publicKey)).size).toBe(1);
      const keys = await first!.query('SELECT 1 FROM sign_server_keys');
      expect(keys).toHaveLength(1);
    } finally {
      await closeAll(processes);
      await database.drop();
    }
  }, 60_000);
});

describe('state that several gateway processes share on one PostgreSQL database', () => {
  it('keeps a user within the cap of live sessions when its logins reach several processes at once', async () => {
    const database = await createPostgresDatabase();
    const processes = await openProcesses(database.url, 4);
    try {
      /** Four logins at once, one per process, against `cap`: the live sessions they leave. */
      const raceLogins = async (cap: number) => {
        await Promise.all(
          processes.map((db) =>
            new SessionStore(db, { ...DEFAULT_ACCOUNTS_CONFIG, maxSessionsPerUser: cap }).start(
              DEMO_ACCOUNT.userId,
              { ip: '127.0.0.1', userAgent: 'test' },
            ),
          ),
        );
        return processes[0]!.query(
          'SELECT 1 FROM sessions WHERE user_id = $1 AND ended_reason IS NULL',
          [DEMO_ACCOUNT.userId],
        );
      };
      // Against a cap of 1 and then of 2, each race ends the oldest past the cap.
      for (const cap of [1, 2]) expect(await raceLogins(cap)).toHaveLength(cap);
      for (let round = 0; round < 5; round += 1) expect(await raceLogins(1)).toHaveLength(1);
    } finally {
      await closeAll(processes);
      await database.drop();
    }
  });
});

// Expressions whose JS values the route code relies on: each engine must answer the same.
const TYPED_VALUES = `SELECT
  1::int2 AS int2, 2::int4 AS int4, 3::int8 AS int8, 9007199254740993::int8 AS int8_beyond_2_53,
  count(*) AS count_star, sum(x) AS sum_int4, sum(x::int8) AS sum_int8, avg(x) AS avg_int4,
  1.50::numeric(10, 2) AS numeric, 0.1::float8 AS float8, true AS bool, 'x'::text AS text,
  '2026-03-01 12:34:56.789+00'::timestamptz AS timestamptz, '2026-03-01'::date AS date,
  '1 day 02:00'::interval AS interval, '{"a": [1, "b"]}'::jsonb AS jsonb, '[1]'::json AS json,
  ARRAY['a', NULL, 'b,c'] AS text_array, ARRAY[1, 2]::int8[] AS int8_array,
  ARRAY[0.1, 2.50]::numeric[] AS numeric_array, ARRAY[true, false] AS bool_array,
  '\\x00ff'::bytea AS bytea, '272f1bf5-999f-4e74-9717-26189d645842'::uuid AS uuid,
  NULL::int8 AS null_int8, extract(epoch FROM '2026-03-01'::timestamptz) AS extract_epoch
FROM (VALUES (1), (2)) AS v (x)`;

describe('the PostgreSQL engine answers in the JS types of the embedded one', () => {
  let pglite: Database;
  let postgres: Database;

  beforeAll(async () => {
    [pglite, postgres] = await Promise.all([
      (async () => {
        const db = await openPglite();
        await migrate(db);
        return db;
      })(),
      openTestDatabase(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([pglite?.close(), postgres?.close()]);
  });

  it('reads the same values of every type the gateway uses', async () => {
    const [onPglite] = await pglite.query<Record<string, unknown>>(TYPED_VALUES);
    const [onPostgres] = await postgres.query<Record<string, unknown>>(TYPED_VALUES);
    expect(onPostgres).toEqual(onPglite);
    // toEqual treats a Buffer and a Uint8Array alike: the class must match too.
    expect(onPostgres?.bytea?.constructor).toBe(onPglite?.bytea?.constructor);
    expect(onPostgres).toMatchObject({
      int8: 3,
      count_star: 2,
      sum_int4: 3,
      numeric: '1.50',
      int8_beyond_2_53: 9_007_199_254_740_993n,
      numeric_array: ['0.1', '2.50'],
    });
  });

  it('reads the same rows of the migrated tables', async () => {
    const tables = [
      'SELECT * FROM fiat_currencies ORDER BY name',
      'SELECT * FROM coin_chains ORDER BY coin_name, chain_name',
      'SELECT * FROM coin_prices ORDER BY coin_name',
      'SELECT * FROM client_config ORDER BY key',
    ];
    for (const sql of tables) {
      // The rows were made at different times on the two databases.
      const withoutTimes = (rows: Record<string, unknown>[]) =>
        rows.map(({ updated_at: updatedAt, ...row }) => ({
          ...row,
          updatedAtIsDate: updatedAt === undefined || updatedAt instanceof Date,
        }));
      const onPglite = withoutTimes(await pglite.query<Record<string, unknown>>(sql));
      expect(onPglite.length).toBeGreaterThan(0);
      expect(withoutTimes(await postgres.query<Record<string, unknown>>(sql))).toEqual(onPglite);
    }
  });

  it('takes the same parameters: dates, bigints, arrays and JSON text', async () => {
    const sql = `SELECT $1::timestamptz AS at, $2::int8 AS big, $3::numeric AS amount,
      $4::text[] AS names, $5::jsonb AS doc, $6::boolean AS flag, $7::int4 AS nothing,
      $8::double precision * interval '1 millisecond' AS span`;
    const params = [
      new Date('2026-03-01T12:00:00.5Z'),
      9_007_199_254_740_993n,
      '0.000000000000000001',
      ['a', 'b"c'],
      JSON.stringify({ on: true }),
      false,
      null,
      1500,
    ];
    const [onPglite] = await pglite.query(sql, params);
    const [onPostgres] = await postgres.query(sql, params);
    expect(onPostgres).toEqual(onPglite);
  });

  it('works in UTC whatever the server zone, as PGlite does', async () => {
    const database = await createPostgresDatabase({ empty: true });
    const setup = await openPostgres({ connectionString: database.url });
    await setup.exec(
      `ALTER DATABASE "${new URL(database.url).pathname.slice(1)}" SET timezone = 'Asia/Tokyo'`,
    );
    await setup.close();
    const db = await openPostgres({ connectionString: database.url });
    try {
      const sql = `SELECT current_setting('TimeZone') AS zone,
        date_trunc('day', '2026-03-01 20:00:00+00'::timestamptz) AS day`;
      expect(await db.query(sql)).toEqual(await pglite.query(sql));
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

describe('openPostgres', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Database;
  beforeAll(async () => {
    database = await createPostgresDatabase({ empty: true });
    db = await openPostgres({ connectionString: database.url });
    await db.exec(`CREATE TABLE engine_probe (id int PRIMARY KEY, note text);
      INSERT INTO engine_probe VALUES (1, 'one'); INSERT INTO engine_probe VALUES (2, 'two')`);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('is the postgres engine, and exec runs several statements', async () => {
    expect(db.engine).toBe('postgres');
    expect(await db.query('SELECT id FROM engine_probe ORDER BY id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO engine_probe VALUES (3, 'three')`);
      return 'done';
    });
    expect(answer).toBe('done');
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO engine_probe VALUES (4, 'four')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A statement error aborts the transaction; the connection goes back to the pool usable.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO engine_probe VALUES (5, 'five')`);
        await tx.query(`INSERT INTO engine_probe VALUES (1, 'again')`);
      }),
    ).rejects.toThrow(/duplicate key/);
    const ids = await db.query<{ id: number }>('SELECT id FROM engine_probe ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('runs one transaction on one connection, apart from other queries', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE engine_probe SET note = 'changing' WHERE id = 1`);
      // Another connection of the pool does not see the change before the commit.
      const [outside] = await db.query<{ note: string }>(
        'SELECT note FROM engine_probe WHERE id = 1',
      );
      expect(outside?.note).toBe('one');
      await tx.query(`UPDATE engine_probe SET note = 'one' WHERE id = 1`);
    });
  });

  it('opens at most the configured number of connections', async () => {
    const small = await openPostgres({ connectionString: database.url, pool: { max: 2 } });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          small.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'),
        ),
      );
      expect(new Set(pids.map(([row]) => row?.pid)).size).toBeLessThanOrEqual(2);
    } finally {
      await small.close();
    }
  });

  it('cancels a statement past the configured statement timeout', async () => {
    const quick = await openPostgres({
      connectionString: database.url,
      pool: { statementTimeoutMs: 100 },
    });
    try {
      await expect(quick.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      expect(await quick.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await quick.close();
    }
  });

  it('refuses to open on a server that does not answer, leaving nothing open', async () => {
    await expect(
      openPostgres({
        connectionString: 'postgres://nobody@127.0.0.1:1/nothing',
        pool: { connectionTimeoutMs: 2000 },
      }),
    ).rejects.toThrow();
  });

  it('closes once, however often it is asked', async () => {
    const extra = await openPostgres({ connectionString: database.url });
    await Promise.all([extra.close(), extra.close()]);
    await extra.close();
  });
});
