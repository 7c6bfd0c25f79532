import path from 'node:path';

/** Everything an operator can set, read once at start from the environment. */
export interface GatewayConfig {
  host: string;
  port: number;
  /** Folder of the embedded database. */
  dataDir: string;
  /** A PostgreSQL URL; when set, it replaces the embedded database. */
  databaseUrl: string | undefined;
  /** Seed the demo account on first run. */
  seedDemo: boolean;
}

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`GATEWAY_PORT must be a port number, got "${value}"`);
  }
  return port;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    host: env.GATEWAY_HOST || '127.0.0.1',
    port: portFrom(env.GATEWAY_PORT, 4100),
    dataDir: path.resolve(env.GATEWAY_DATA_DIR || '.data/gateway'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.GATEWAY_SEED_DEMO !== '0',
  };
}
