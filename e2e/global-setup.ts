import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../scripts/lib.mjs';
import { startStack } from '../scripts/stack.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    gatewayUrl: string;
    headerFooterUrl: string;
  }
}

/** One real stack (gateway on a fresh embedded database, header-footer, site) for all e2e files. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-gateway-'));
  const stack = await startStack({
    port: await freePort(),
    gatewayPort: await freePort(),
    headerFooterPort: await freePort(),
    dataDir,
    quiet: true,
  });
  project.provide('siteUrl', stack.url.replace('localhost', '127.0.0.1'));
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('headerFooterUrl', stack.headerFooterUrl);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
