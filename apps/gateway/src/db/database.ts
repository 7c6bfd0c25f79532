/** What the gateway needs of a SQL database: the embedded PGlite and PostgreSQL both provide it. */
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs several statements separated by semicolons, with no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Which engine serves the queries, for health and logs. */
  readonly engine: 'pglite' | 'postgres';
}
