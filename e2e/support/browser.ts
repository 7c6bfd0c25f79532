import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/ensure-chromium.mjs';

/** A fresh Chromium with its own empty profile; `close()` removes the profile. */
export async function launchBrowser(): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium flag giving every tab its own renderer process: by default same-site tabs share one, so
 * crashing one tab's renderer takes the others with it.
 */
export const PROCESS_PER_TAB_ARGS = ['--disable-features=ProcessPerSiteUpToMainFrameThreshold'];

/**
 * A fresh Chromium for tests that need several visitors at once: each `newContext()` has its own
 * cookies and storage (Playwright gives the browser a new temporary profile).
 */
export function launchIsolatedBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
