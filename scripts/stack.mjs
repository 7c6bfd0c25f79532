// Starts the whole stack from a built tree: gateway, header-footer remote, site. Used by
// `npm start`, the end-to-end tests and the benchmarks alike.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs} ms`);
}

function launch(name, args, env, { quiet, cwd = root }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, target) =>
    stream.on('data', (chunk) => {
      if (quiet && target === process.stdout) return;
      for (const line of chunk.toString().split('\n'))
        if (line) target.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Stops a child with SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * @param {{ port?: number, gatewayPort?: number, headerFooterPort?: number, dataDir?: string,
 *           quiet?: boolean, env?: Record<string, string> }} options
 */
export async function startStack({
  port = 3000,
  gatewayPort = 4100,
  headerFooterPort = 4200,
  dataDir = path.join(root, '.data', 'gateway'),
  quiet = false,
  env = {},
} = {}) {
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const headerFooterUrl = `http://127.0.0.1:${headerFooterPort}`;
  const children = [];
  const stop = async () => {
    await Promise.all(children.reverse().map(stopChild));
  };
  try {
    const gateway = launch(
      'gateway',
      ['apps/gateway/dist/server.js'],
      { GATEWAY_PORT: String(gatewayPort), GATEWAY_DATA_DIR: dataDir, ...env },
      { quiet },
    );
    children.push(gateway);
    const headerFooter = launch(
      'header-footer',
      ['apps/header-footer/server.mjs'],
      { HEADER_FOOTER_PORT: String(headerFooterPort), ...env },
      { quiet },
    );
    children.push(headerFooter);
    const site = launch(
      'site',
      [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
      { GATEWAY_URL: gatewayUrl, HEADER_FOOTER_URL: headerFooterUrl, ...env },
      { quiet, cwd: path.join(root, 'apps/web') },
    );
    children.push(site);
    await Promise.all([
      waitFor(`${gatewayUrl}/healthz`, gateway, 'gateway'),
      waitFor(`${headerFooterUrl}/healthz`, headerFooter, 'header-footer'),
    ]);
    await waitFor(`http://127.0.0.1:${port}/`, site, 'site');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${port}`,
    gatewayUrl,
    headerFooterUrl,
    children: { gateway: children[0], headerFooter: children[1], site: children[2] },
    stop,
  };
}
