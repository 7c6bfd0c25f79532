import { cp, mkdtemp, rm } from 'node:fs/promises';
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
    /** The folder the header-footer server serves: a copy of its build that tests may replace. */
    headerFooterDist: string;
    headerFooterPid: number;
    /**
     * The mail catcher's HTTP base: the e-mails and SMS the gateway sent, at
     * `GET /api/messages?to=` (newest first); `DELETE /api/messages` clears them.
     */
    mailCatcherUrl: string;
    /** The stack's local image origins: a fast one, a slow one and a dead one. */
    imageOrigins: { fast: string; slow: string; dead: string };
  }
}

/**
 * One real stack (gateway on a fresh embedded database, header-footer, site, mail catcher) for all
 * e2e files.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-gateway-'));
  const headerFooterDist = await mkdtemp(path.join(tmpdir(), 'e2e-header-footer-'));
  await cp(path.resolve('apps/header-footer/dist'), headerFooterDist, { recursive: true });
  const stack = await startStack({
    port: await freePort(),
    gatewayPort: await freePort(),
    headerFooterPort: await freePort(),
    dataDir,
    quiet: true,
    // A short simulated-market cycle, so a paper limit order a little off the price fills within
    // seconds (README "Simulated market and trading"). Every test browses from 127.0.0.1: the
    // whole run is one client address doing the work of many visitors, so its public-call
    // budget and its market streams are theirs together (the limits themselves are tested in
    // hostile-input.test.ts and market.test.ts).
    env: {
      HEADER_FOOTER_DIST: headerFooterDist,
      GATEWAY_MARKET_CYCLE_MS: '20000',
      GATEWAY_PUBLIC_RATE_LIMIT: '100000',
      GATEWAY_MARKET_MAX_STREAMS_PER_CLIENT: '100',
      // A QR sign-in code lives 30 s here, so a test sees one expire; a confirmed sign-in takes
      // a few seconds (qr-login.test.ts).
      GATEWAY_QR_LOGIN_TTL_SECONDS: '30',
      // A test environment's routing headers (SPEC 7), seen on the page's calls (tracking.test.ts).
      SITE_PFB: 'e2e-route',
      SITE_BETA: 'e2e-beta',
    },
  });
  project.provide('siteUrl', stack.url.replace('localhost', '127.0.0.1'));
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('headerFooterUrl', stack.headerFooterUrl);
  project.provide('headerFooterDist', headerFooterDist);
  project.provide('headerFooterPid', stack.children.headerFooter.pid ?? 0);
  project.provide('mailCatcherUrl', stack.mailCatcherUrl);
  const { dead } = stack.imageOrigins;
  // The e2e stack always has its dead origin: the image tests show the probe passing over it.
  if (dead === null) throw new Error('the e2e stack starts with a dead image origin');
  project.provide('imageOrigins', { ...stack.imageOrigins, dead });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(headerFooterDist, { recursive: true, force: true });
  };
}
