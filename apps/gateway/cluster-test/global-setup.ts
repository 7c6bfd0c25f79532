import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { nginxAvailability, startCluster } from '../../../scripts/cluster.mjs';
import { root, runOrThrow } from '../../../scripts/lib.mjs';
import { postgresAvailability } from '../../../scripts/postgres.mjs';
import { clusterEnv, type ClusterContext } from './settings';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterContext;
  }
}

const SERVER_BUNDLE = path.join(root, 'apps/gateway/dist/server.js');
// What apps/gateway/build.mjs bundles: the gateway and the workspace packages it imports.
const GATEWAY_SOURCES = [
  'apps/gateway/src',
  'apps/gateway/build.mjs',
  'apps/gateway/package.json',
  'packages/protocol/src',
].map((entry) => path.join(root, entry));

/** The latest modification time of a file, or of any file under a folder. */
async function latestChange(entry: string): Promise<number> {
  const info = await stat(entry);
  if (info.isFile()) return info.mtimeMs;
  const names = await readdir(entry, { recursive: true });
  const times = await Promise.all(
    names.map(async (name) => {
      const file = await stat(path.join(entry, name));
      return file.isFile() ? file.mtimeMs : 0;
    }),
  );
  return Math.max(0, ...times);
}

/** Bundles the gateway unless dist/server.js is newer than everything it is built from. */
async function buildGatewayIfStale(): Promise<void> {
  if (existsSync(SERVER_BUNDLE)) {
    const built = (await stat(SERVER_BUNDLE)).mtimeMs;
    const sources = await Promise.all(GATEWAY_SOURCES.map(latestChange));
    if (Math.max(...sources) < built) return;
  }
  await runOrThrow('node', ['apps/gateway/build.mjs']);
}

/**
 * One cluster for every file: PostgreSQL, gateways A and B started at once on its fresh database
 * (their migrations race), and nginx in front. Files run one after another against it.
 */
export default async function setup(project: TestProject) {
  const missing = [await postgresAvailability(), await nginxAvailability()].flatMap((check) =>
    check.available ? [] : [check.reason],
  );
  if (missing.length > 0) {
    throw new Error(`The two-gateway tests need PostgreSQL and nginx. ${missing.join(' ')}`);
  }
  await buildGatewayIfStale();
  const operator = `operator-${randomBytes(4).toString('hex')}@cluster.test`;
  const cluster = await startCluster({ quiet: true, env: clusterEnv(operator) });
  const [gatewayA, gatewayB] = cluster.gatewayUrls;
  if (gatewayA === undefined || gatewayB === undefined) {
    await cluster.stop();
    throw new Error('the cluster started fewer than two gateways');
  }
  project.provide('cluster', {
    proxyUrl: cluster.proxyUrl,
    gatewayUrls: [gatewayA, gatewayB],
    databaseUrl: cluster.databaseUrl,
    operator,
  });
  return async () => {
    await cluster.stop();
  };
}
