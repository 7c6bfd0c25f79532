import { configDefaults, defineConfig } from 'vitest/config';
import { nginxAvailability } from './scripts/cluster.mjs';
import { postgresAvailability } from './scripts/postgres.mjs';

const GATEWAY_TESTS = ['apps/gateway/test/**/*.test.ts'];
// Tests of the PostgreSQL engine itself (concurrent migration, types against PGlite's).
const POSTGRES_ONLY_TESTS = ['apps/gateway/test/postgres-*.test.ts'];

// Only a look for the binaries and for root with apt-get: the install itself, when needed,
// happens in the project's global setup (scripts/postgres.mjs).
const postgres = await postgresAvailability();
const nginx = await nginxAvailability();
// The two-gateway tests need both servers: the first missing one says why.
const cluster = !postgres.available ? postgres : nginx;

/** The project of a step that cannot run here: one skipped test that says why. */
const unavailable = (name: string, reason: string) => ({
  include: ['apps/gateway/test/step-unavailable.ts'],
  provide: { unavailableStep: { name, reason } },
});

// One runner, six projects: `npm test` runs them in this order (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/{components,lib,server}/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'apps/gateway/test/**'],
        },
      },
      {
        test: {
          name: 'gateway',
          include: GATEWAY_TESTS,
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY_TESTS],
          globalSetup: ['apps/gateway/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same gateway tests on a throwaway PostgreSQL server, each gateway on its own copy of
        // one template database. Where PostgreSQL can be neither found nor installed, one skipped
        // test says why.
        test: {
          name: 'gateway-postgres',
          ...(postgres.available
            ? {
                include: GATEWAY_TESTS,
                globalSetup: ['apps/gateway/test/global-setup-postgres.ts'],
              }
            : unavailable('gateway tests on PostgreSQL', postgres.reason)),
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files mostly wait (on timers, on the server): three at a time on two cores keep
          // the CPU busy without slowing one another.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'cluster',
          ...(cluster.available
            ? {
                include: ['apps/gateway/cluster-test/**/*.test.ts'],
                globalSetup: ['apps/gateway/cluster-test/global-setup.ts'],
              }
            : unavailable('two-gateway tests', cluster.reason)),
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Gateway processes and one PostgreSQL are shared; files run one after another.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one stack are shared; files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
