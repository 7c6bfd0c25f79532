import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/** The engine the gateway tests run on: the `gateway` project PGlite, `gateway-postgres` PostgreSQL. */
export type TestEngine = Database['engine'];

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayEngine: TestEngine;
    /** PGlite: a dump of the migrated, seeded template database ('' on PostgreSQL). */
    gatewayTemplateDump: string;
    /** PostgreSQL: the URL of the test server's `postgres` database ('' on PGlite). */
    postgresServerUrl: string;
    /** PostgreSQL: the migrated, seeded database each test database is copied from. */
    postgresTemplate: string;
  }
}

export const testEngine = (): TestEngine => inject('gatewayEngine');

let counter = 0;
/** A database name no other test file or worker uses. */
const uniqueName = (prefix: string) =>
  `${prefix}_${process.pid}_${(counter += 1)}_${randomBytes(3).toString('hex')}`;

/** Runs one statement on the test server's `postgres` database (CREATE / DROP DATABASE). */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresServerUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database on the test server: a copy of the migrated, seeded template, or empty.
 * Answers its URL and a function that drops it.
 */
export async function createPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName(options.empty ? 'empty' : 'test');
  // Names come from uniqueName (letters, digits, underscores) and the global setup only.
  const template = options.empty ? 'template0' : inject('postgresTemplate');
  await onServer(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(inject('postgresServerUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE: a stopped gateway's last connections may still be closing on the server side.
    drop: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Opens this test's own copy of the migrated, seeded template on the engine under test. */
export async function openTestDatabase(): Promise<Database> {
  if (testEngine() === 'pglite') {
    const dump = new Blob([await readFile(inject('gatewayTemplateDump'))]);
    return openPglite({ loadDataDir: dump });
  }
  const database = await createPostgresDatabase();
  const db = await openPostgres({ connectionString: database.url });
  return {
    ...db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Where a gateway started with {@link import('../src/server').startGateway}'s own database opener
 * keeps its data: a new empty folder (PGlite) or a new empty database (PostgreSQL), unmigrated, to
 * outlive a restart. `remove()` deletes it.
 */
export async function newEmptyStore(): Promise<{
  dataDir: string;
  databaseUrl: string | undefined;
  remove(): Promise<void>;
}> {
  if (testEngine() === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-store-'));
    return {
      dataDir,
      databaseUrl: undefined,
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase({ empty: true });
  return { dataDir: '', databaseUrl: database.url, remove: database.drop };
}
