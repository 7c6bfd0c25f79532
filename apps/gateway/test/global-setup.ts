import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrations';
import { openPglite } from '../src/db/pglite';
import { seedDemoData } from '../src/db/seed';

// NOTE: what this provides is declared in test-database.ts (ProvidedContext).
// A fresh embedded database takes seconds to initialise: migrate one once, and let each test file clone it.
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'gateway-template-'));
  const db = await openPglite();
  await migrate(db);
  await seedDemoData(db);
  const dumpPath = path.join(folder, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('gatewayEngine', 'pglite');
  project.provide('gatewayTemplateDump', dumpPath);
  project.provide('postgresServerUrl', '');
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
