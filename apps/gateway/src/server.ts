import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { sweepExpired, SWEEP_INTERVAL_MS } from './accounts/sweep';
import { startRatesFeed } from './rates/rates-feed';
import { createApp } from './app';
import { ChallengeHmacKey } from './challenge/hmac-key';
import type { GatewayConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrations';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { seedDemoData } from './db/seed';
import { startImageServers, type RunningImageServers } from './images/servers';
import { SimulatedMarket } from './market/price-model';
import { loadSecretsKey, SecretBox } from './accounts/secret-box';
import { loadTrustRoot, type TrustRoot } from './signing/trust-root';
import { FeeLevels } from './fees/levels';
import { ReservesEngine } from './reserves/engine';
import { ProtectionFund } from './reserves/fund';
import { CopyEngine } from './trading/copy';
import { runDemoLeads, seedDemoLeads } from './trading/copy-demo';
import { startSettleTimer, TradingEngine } from './trading/engine';
import { MarginEngine } from './trading/margin';

/** Idle keep-alive of the gateway's connections: longer than any proxy in front keeps one idle. */
const GATEWAY_KEEP_ALIVE_MS = 65_000;

export interface RunningGateway {
  url: string;
  /** The origins of the extra image listeners (config.imageServers), in order, with their ports. */
  imageUrls: string[];
  db: Database;
  stop(): Promise<void>;
}

/** The database the configuration names: PostgreSQL at `databaseUrl`, else PGlite in `dataDir`. */
export function openConfiguredDatabase(config: GatewayConfig): Promise<Database> {
  return config.databaseUrl
    ? openPostgres({
        connectionString: config.databaseUrl,
        ...(config.databasePool === undefined ? {} : { pool: config.databasePool }),
      })
    : openPglite({ dataDir: config.dataDir });
}

/**
 * One settle pass over every account: resting orders and positions, then margin interest and
 * liquidations. The market is a pure function of time, so these engines agree with those serving
 * requests.
 */
function settleEverything(db: Database, config: GatewayConfig) {
  const market = new SimulatedMarket(config.marketCycleMs);
  const trading = new TradingEngine(db, market);
  const margin = new MarginEngine(db, market, config.margin);
  const copy = new CopyEngine(db, trading, config.copy);
  const reserves = new ReservesEngine(db, config.reserves);
  const feeLevels = new FeeLevels(db, market);
  return {
    async settle() {
      // Each UTC day's VIP levels, computed once (cheap once the day's pass is done).
      await feeLevels.recomputeDue();
      // Each interval's proof-of-reserves snapshot, taken by whichever gateway comes first.
      await reserves.tick();
      await trading.settle();
      await margin.settle();
      // Demo leads take their steps, then every lead trade not yet mirrored is copied.
      await runDemoLeads(db, trading);
      await copy.processSignals();
    },
  };
}

/** Starts the extra image listeners, opens the database, applies migrations, seeds, and listens. */
export async function startGateway(
  config: GatewayConfig,
  openDatabase: () => Promise<Database> = () => openConfiguredDatabase(config),
): Promise<RunningGateway> {
  // Read before the database opens, so a missing key file stops the start with nothing to close.
  const trustRoot = loadTrustRoot(config.signTrustKeyFile);
  const secretBox = new SecretBox(loadSecretsKey(config.secretsKey, config.dataDir));
  // Before the database too: a port already taken stops the start with nothing else to close.
  const images = await startImageServers(config.imageDir, config.imageServers ?? []);
  try {
    return await startWithImages(config, openDatabase, { trustRoot, secretBox }, images);
  } catch (error) {
    await images.close();
    throw error;
  }
}

async function startWithImages(
  config: GatewayConfig,
  openDatabase: () => Promise<Database>,
  { trustRoot, secretBox }: { trustRoot: TrustRoot; secretBox: SecretBox },
  images: RunningImageServers,
): Promise<RunningGateway> {
  const db = await openDatabase();
  try {
    await migrate(db);
    // The protection fund opens with the exchange's contribution (README "Protection fund").
    await new ProtectionFund(db, config.reserves).open();
    if (config.seedDemo) {
      await seedDemoData(db);
      await seedDemoLeads(db, new SimulatedMarket(config.marketCycleMs), Date.now());
    }
    // The first start makes the shared challenge key, so it exists before any challenge is asked.
    await new ChallengeHmacKey(db, config.challengeHmacKey).get();
  } catch (error) {
    // An open pool would keep the process alive after the failed start.
    await db.close();
    throw error;
  }
  const app = createApp({ db, config, trustRoot, secretBox });
  const sweep = setInterval(() => {
    sweepExpired(db, config).catch((error: unknown) => console.error('sweep failed', error));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  // The fiat table's rates follow the configured source (README "Rates"), when there is one.
  const stopRates = startRatesFeed(db, config.rates);
  // Resting orders fill and positions liquidate as the simulated price moves, with or without
  // requests (README "Simulated market and trading"); the market is a pure function of time, so
  // this engine agrees with the one serving requests.
  const stopSettle =
    config.tradingSettleIntervalMs > 0
      ? startSettleTimer(settleEverything(db, config), config.tradingSettleIntervalMs, (error) =>
          console.error('settle failed', error),
        )
      : () => undefined;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve(
      {
        fetch: app.fetch,
        hostname: config.host,
        port: config.port,
        // The site's proxy reuses idle connections to the gateway for 5 s, Node's default server
        // keep-alive too: the gateway could close one just as a request went out on it.
        serverOptions: {
          keepAliveTimeout: GATEWAY_KEEP_ALIVE_MS,
          headersTimeout: GATEWAY_KEEP_ALIVE_MS + 1000,
        },
      },
      () => resolve(listening),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    imageUrls: images.urls,
    db,
    async stop() {
      clearInterval(sweep);
      stopSettle();
      stopRates();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        images.close(),
      ]);
      await db.close();
    },
  };
}
