/** A throwaway PostgreSQL server started by {@link startPostgres}. */
export interface PostgresServer {
  /** The URL of the server's `postgres` database, e.g. `postgres://exchange@127.0.0.1:PORT/postgres`. */
  url: string;
  port: number;
  /** The URL of another database on the same server. */
  databaseUrl(name: string): string;
  /** CREATE DATABASE (optionally from a template database); answers its URL. */
  createDatabase(name: string, options?: { template?: string }): Promise<string>;
  /** Stops the server and removes its folder; calling it again waits for the same stop. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** @default a free port on 127.0.0.1 */
  port?: number;
  /** Hide the server's log (it is still part of the error when the server fails to start). @default false */
  quiet?: boolean;
}

/**
 * Finds PostgreSQL's server binaries; installs Debian's `postgresql` with apt-get when they are
 * missing and this process can (root and apt-get); else throws an Error saying what to install.
 * Returns the bin directory.
 */
export declare function ensurePostgres(): Promise<string>;

/**
 * Starts a throwaway PostgreSQL server: a new data directory in a temporary folder, listening on
 * 127.0.0.1 on a free port (or `port`), unix socket in that folder, trust auth for local
 * connections only, fsync off (tests); stops and removes everything on stop().
 */
export declare function startPostgres(options?: StartPostgresOptions): Promise<PostgresServer>;

/** Whether PostgreSQL can be used here (binaries present or installable), with the reason when not. */
export declare function postgresAvailability(): Promise<
  { available: true } | { available: false; reason: string }
>;
