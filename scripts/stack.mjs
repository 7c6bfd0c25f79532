// Starts the whole stack from a built tree: gateway, header-footer remote, site, and the local
// mail and SMS catcher the gateway sends its codes to. Used by `npm start`, the end-to-end tests
// and the benchmarks alike.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, root } from './lib.mjs';
import { supervise } from './supervise.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 2xx; throws when `child` exits first or the time runs out. */
export async function waitFor(url, child, name, timeoutMs = 60_000) {
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

// How to start each launched child again, the same way (for supervision).
const relaunchers = new WeakMap();

/** Runs a Node script with its output prefixed by `[name]` (stdout hidden when quiet). */
export function launch(name, args, env, { quiet, cwd = root }) {
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
  relaunchers.set(child, () => launch(name, args, env, { quiet, cwd }));
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

/** How long the slow image origin waits before each answer (README "Image domains"). */
export const SLOW_IMAGE_DELAY_MS = 1500;

const splitList = (value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

// Image settings a caller gives (the environment, then the `env` option) win over the defaults.
const IMAGE_VARIABLES = [
  'GATEWAY_IMAGE_SERVERS',
  'GATEWAY_IMAGE_FOREIGN_DOMAINS',
  'GATEWAY_IMAGE_INTERNAL_DOMAINS',
  'IMAGE_DOMAINS',
];

/**
 * The local image origins and the settings that make them: the gateway serves the images on a
 * fast and a slow (delayed) extra listener, and nothing listens on the dead one. Both domain
 * lists name them all, the dead first and the fast last, so the fastest is not simply the first.
 * `imagePorts.dead: null` leaves the dead origin out (`npm start`: a visitor's console stays free
 * of refused connections; the tests keep it to show the probe passes over it).
 * `IMAGE_DOMAINS` (for the site's Content-Security-Policy) is every origin of the two lists as
 * finally set, unless it is set itself.
 */
export async function imageSettings(imagePorts, env) {
  const ports = {
    fast: imagePorts.fast ?? (await freePort()),
    slow: imagePorts.slow ?? (await freePort()),
    dead: imagePorts.dead === null ? null : (imagePorts.dead ?? (await freePort())),
  };
  const origin = (port) => `http://127.0.0.1:${port}`;
  const imageOrigins = {
    fast: origin(ports.fast),
    slow: origin(ports.slow),
    dead: ports.dead === null ? null : origin(ports.dead),
  };
  const domains = [imageOrigins.dead, imageOrigins.slow, imageOrigins.fast]
    .filter((domain) => domain !== null)
    .join(',');
  const given = Object.fromEntries(
    IMAGE_VARIABLES.map((name) => [name, env[name] ?? process.env[name]]).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const settings = {
    GATEWAY_IMAGE_SERVERS: `127.0.0.1:${ports.fast},127.0.0.1:${ports.slow}:${SLOW_IMAGE_DELAY_MS}`,
    GATEWAY_IMAGE_FOREIGN_DOMAINS: domains,
    GATEWAY_IMAGE_INTERNAL_DOMAINS: domains,
    ...given,
  };
  const imageDomains =
    settings.IMAGE_DOMAINS ??
    [
      ...new Set([
        ...splitList(settings.GATEWAY_IMAGE_FOREIGN_DOMAINS),
        ...splitList(settings.GATEWAY_IMAGE_INTERNAL_DOMAINS),
      ]),
    ].join(',');
  const { IMAGE_DOMAINS: _site, ...gatewayEnv } = settings;
  return { imageOrigins, gatewayEnv, siteEnv: { IMAGE_DOMAINS: imageDomains } };
}

// The gateway's transports for e-mail and SMS (README "Configuration").
const MAIL_TRANSPORT_VARIABLES = ['MAIL_URL', 'SMS_WEBHOOK_URL'];

/**
 * The bot of the local stack's Telegram sign-in: the catcher's stand-in for Telegram's login page
 * signs under it and the gateway checks with it. A made-up token of no real bot.
 */
export const LOCAL_TELEGRAM_BOT_TOKEN = '7000000001:local-stand-in-bot-of-exchange-web';

/**
 * The gateway as a client of the catcher's stand-in OpenID provider, once as Google and once as
 * Apple (made-up secrets of no real provider).
 */
export const LOCAL_OPENID_CLIENTS = {
  GOOGLE: { id: 'exchange-web-google', secret: 'local-stand-in-secret-of-google-client' },
  APPLE: { id: 'exchange-web-apple', secret: 'local-stand-in-secret-of-apple-client' },
};

/**
 * Starts the local mail and SMS catcher (apps/mail-catcher) on 127.0.0.1: its inbox and SMS
 * webhook on `httpPort`, SMTP on `smtpPort`. `gatewayEnv` sends the gateway's mail and SMS there:
 * `MAIL_URL` and `SMS_WEBHOOK_URL`, each unless the caller (`env`, then the environment) names a
 * transport of its own; Telegram sign-in to the catcher's stand-in for Telegram's login page,
 * unless the caller names a bot token of its own; and, for `siteOrigins`, Google and Apple
 * sign-in to its stand-in OpenID provider, each unless the caller names a client of its own. The caller waits for `${url}/healthz`.
 */
export function launchMailCatcher({
  httpPort,
  smtpPort,
  env = {},
  quiet = false,
  siteOrigins = [],
}) {
  const url = `http://127.0.0.1:${httpPort}`;
  // The ports last: the stack's own, whatever `env` says, or `url` would name the wrong one.
  const given = (name) => env[name] ?? process.env[name];
  // Telegram: the stand-in, unless the caller names a bot of its own (then the real Telegram).
  const telegram =
    given('GATEWAY_TELEGRAM_BOT_TOKEN') === undefined
      ? {
          GATEWAY_TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM_BOT_TOKEN,
          GATEWAY_TELEGRAM_LOGIN_URL: `${url}/telegram/auth`,
        }
      : {};
  // Google and Apple: the stand-in provider, each unless the caller names a client of its own,
  // sending people back to the sites' return page.
  const openIdProviders = Object.entries(LOCAL_OPENID_CLIENTS).filter(
    ([name]) => siteOrigins.length > 0 && given(`GATEWAY_${name}_CLIENT_ID`) === undefined,
  );
  const openIdClients = openIdProviders.map(([, client]) => ({
    client_id: client.id,
    client_secret: client.secret,
    redirect_uris: siteOrigins.map((origin) => `${origin}/oauth-return`),
  }));
  const openId = Object.fromEntries(
    openIdProviders.flatMap(([name, client]) => [
      [`GATEWAY_${name}_ISSUER`, `${url}/oidc`],
      [`GATEWAY_${name}_CLIENT_ID`, client.id],
      [`GATEWAY_${name}_CLIENT_SECRET`, client.secret],
    ]),
  );
  const child = launch(
    'mail-catcher',
    ['apps/mail-catcher/server.mjs'],
    {
      ...env,
      MAIL_CATCHER_PORT: String(httpPort),
      MAIL_CATCHER_SMTP_PORT: String(smtpPort),
      TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM_BOT_TOKEN,
      ...(openIdClients.length > 0 ? { OPENID_CLIENTS: JSON.stringify(openIdClients) } : {}),
    },
    { quiet },
  );
  const transports = {
    MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_WEBHOOK_URL: `${url}/api/sms`,
  };
  const gatewayEnv = {
    ...Object.fromEntries(
      MAIL_TRANSPORT_VARIABLES.filter((name) => given(name) === undefined).map((name) => [
        name,
        transports[name],
      ]),
    ),
    ...telegram,
    ...openId,
  };
  return { child, url, gatewayEnv };
}

/**
 * @param {{ port?: number, gatewayPort?: number, headerFooterPort?: number,
 *           mailCatcherPort?: number, mailCatcherSmtpPort?: number, dataDir?: string,
 *           quiet?: boolean, env?: Record<string, string>,
 *           imagePorts?: { fast?: number, slow?: number, dead?: number | null },
 *           supervise?: boolean | import('./supervise.mjs').SuperviseTiming
 *             & { log?: (line: string) => void } }} options
 */
export async function startStack({
  port = 3000,
  gatewayPort = 4100,
  headerFooterPort = 4200,
  mailCatcherPort,
  mailCatcherSmtpPort,
  dataDir = path.join(root, '.data', 'gateway'),
  quiet = false,
  env = {},
  imagePorts = {},
  supervise: supervision = false,
} = {}) {
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const headerFooterUrl = `http://127.0.0.1:${headerFooterPort}`;
  const images = await imageSettings(imagePorts, env);
  const mailPorts = {
    httpPort: mailCatcherPort ?? (await freePort()),
    smtpPort: mailCatcherSmtpPort ?? (await freePort()),
  };
  const children = [];
  // The first child of each kind, by name.
  const launched = {};
  // With supervision, once the stack is ready: each child started again when it dies.
  const supervisors = {};
  const stop = async () => {
    await Promise.all(Object.values(supervisors).map((supervisor) => supervisor.stop()));
    await Promise.all(children.reverse().map(stopChild));
  };
  // First: the gateway's settings (`gatewayEnv`) come with it.
  const mailCatcher = launchMailCatcher({
    ...mailPorts,
    env,
    quiet,
    // The site as a visitor's browser names it, either way.
    siteOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  });
  children.push(mailCatcher.child);
  launched.mailCatcher = mailCatcher.child;
  try {
    const gateway = launch(
      'gateway',
      ['apps/gateway/dist/server.js'],
      {
        GATEWAY_PORT: String(gatewayPort),
        GATEWAY_DATA_DIR: dataDir,
        ...mailCatcher.gatewayEnv,
        ...env,
        ...images.gatewayEnv,
      },
      { quiet },
    );
    children.push(gateway);
    launched.gateway = gateway;
    const headerFooter = launch(
      'header-footer',
      ['apps/header-footer/server.mjs'],
      { HEADER_FOOTER_PORT: String(headerFooterPort), ...env },
      { quiet },
    );
    children.push(headerFooter);
    launched.headerFooter = headerFooter;
    const site = launch(
      'site',
      // The site's server: Next behind its front door (apps/web/server/front-door.ts).
      ['dist/server.js'],
      {
        PORT: String(port),
        GATEWAY_URL: gatewayUrl,
        HEADER_FOOTER_URL: headerFooterUrl,
        ...images.siteEnv,
        ...env,
      },
      // Next reads its configuration (next.config.ts) relative to the working directory.
      { quiet, cwd: path.join(root, 'apps/web') },
    );
    children.push(site);
    launched.site = site;
    await Promise.all([
      waitFor(`${gatewayUrl}/healthz`, gateway, 'gateway'),
      waitFor(`${headerFooterUrl}/healthz`, headerFooter, 'header-footer'),
      waitFor(`${mailCatcher.url}/healthz`, mailCatcher.child, 'mail-catcher'),
    ]);
    await waitFor(`http://127.0.0.1:${port}/`, site, 'site');
  } catch (error) {
    await stop();
    throw error;
  }
  if (supervision) {
    const { log = (line) => console.error(`[supervisor] ${line}`), ...timing } =
      supervision === true ? {} : supervision;
    const names = {
      gateway: 'gateway',
      headerFooter: 'header-footer',
      site: 'site',
      mailCatcher: 'mail-catcher',
    };
    for (const [key, child] of Object.entries(launched)) {
      supervisors[key] = supervise({
        name: names[key],
        child,
        start: relaunchers.get(child),
        stopChild,
        log,
        ...timing,
      });
    }
  }
  return {
    url: `http://localhost:${port}`,
    gatewayUrl,
    headerFooterUrl,
    mailCatcherUrl: mailCatcher.url,
    imageOrigins: images.imageOrigins,
    // The child running now: with supervision, the latest one started.
    children: {
      get gateway() {
        return supervisors.gateway?.child ?? launched.gateway;
      },
      get headerFooter() {
        return supervisors.headerFooter?.child ?? launched.headerFooter;
      },
      get site() {
        return supervisors.site?.child ?? launched.site;
      },
      get mailCatcher() {
        return supervisors.mailCatcher?.child ?? launched.mailCatcher;
      },
    },
    stop,
  };
}
