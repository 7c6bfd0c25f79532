import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

export interface PgliteOptions {
  /** A folder for a persistent database; omitted for one in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir()`: tests clone a migrated template instead of initialising anew. */
  loadDataDir?: Blob;
}

interface PgliteQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

const wrap = (target: PgliteQueryable): Queryable => ({
  async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
    const result = await target.query<Row>(sql, [...params]);
    return result.rows;
  },
});

/** Opens the embedded PostgreSQL (PGlite) that the gateway uses by default. */
export async function openPglite(
  options: PgliteOptions = {},
): Promise<Database & { dump(): Promise<Blob> }> {
  const db = await PGlite.create({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const queryable = wrap(db);
  return {
    engine: 'pglite',
    query: queryable.query,
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    async close() {
      if (!db.closed) await db.close();
    },
    async dump() {
      return db.dumpDataDir('none');
    },
  };
}
