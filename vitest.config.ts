import { defineConfig } from 'vitest/config';

// One runner, three projects: `npm test` runs them in this order (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/{components,lib}/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', 'apps/gateway/test/**'],
        },
      },
      {
        test: {
          name: 'gateway',
          include: ['apps/gateway/test/**/*.test.ts'],
          globalSetup: ['apps/gateway/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
