import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../scripts/postgres.mjs';
import { migrate } from '../src/db/migrations';
import { openPostgres } from '../src/db/postgres';
import { seedDemoData } from '../src/db/seed';

// NOTE: what this provides is declared in test-database.ts (ProvidedContext).
const TEMPLATE = 'gateway_template';

/**
 * One throwaway PostgreSQL server for the run, and one migrated, seeded template database on it:
 * each test gateway gets its own copy (CREATE DATABASE ... TEMPLATE), so files stay independent.
 */
export default async function setup(project: TestProject) {
  const server = await startPostgres({ quiet: true });
  try {
    const db = await openPostgres({ connectionString: await server.createDatabase(TEMPLATE) });
    try {
      await migrate(db);
      await seedDemoData(db);
    } finally {
      // WARNING: a template with a connection open cannot be copied.
      await db.close();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('gatewayEngine', 'postgres');
  project.provide('gatewayTemplateDump', '');
  project.provide('postgresServerUrl', server.url);
  project.provide('postgresTemplate', TEMPLATE);
  return () => server.stop();
}
