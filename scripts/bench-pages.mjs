// Lighthouse mobile on every page family, in English and Arabic, beside a bare Next.js page built
// and measured in the same run (issue 18): the bare page is what this machine can score at best,
// so the gap to it is the site's own cost. Figures only: a benchmark never fails on timing.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './ensure-chromium.mjs';
import { freePort, root, runOrThrow } from './lib.mjs';
import { FAMILY_PAGES } from './page-weights.mjs';

/** The demo operator `npm start` seeds (README "Behaviour tracking"): signs in for the bench. */
const DEMO_OPERATOR = { loginName: 'demo@exchange-web.test', password: 'Demo-Trader-2026' };

const BARE_PAGE = `export default function Home() {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <p>The smallest pages-router page, measured beside the site in the same run.</p>
    </main>
  );
}
`;

/**
 * Builds and serves the bare page: one pages-router page with the site's own Next and React,
 * in `.bench/bare-next` (ignored by git) so it resolves them from the root node_modules.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function serveBareNextPage() {
  const dir = path.join(root, '.bench/bare-next');
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'pages'), { recursive: true });
  await writeFile(path.join(dir, 'pages/index.jsx'), BARE_PAGE);
  await writeFile(
    path.join(dir, 'next.config.mjs'),
    'export default { poweredByHeader: false };\n',
  );
  const next = path.join(root, 'node_modules/next/dist/bin/next');
  // The site's own bundler (scripts/build.mjs), so the gap is the site's, not the bundlers'.
  await runOrThrow('node', [next, 'build', '--webpack'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const port = await freePort();
  const server = spawn(process.execPath, [next, 'start', '-p', String(port)], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      if (/ready|started/i.test(chunk.toString())) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the bare Next page exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      server.kill('SIGINT');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}

/** The newest code the mail catcher holds for `to` that is not among `seen` (message ids). */
async function caughtCode(mailCatcherUrl, to, seen) {
  const url = new URL('/api/messages', mailCatcherUrl);
  url.searchParams.set('to', to);
  for (let tries = 0; tries < 150; tries += 1) {
    const [newest] = await (await fetch(url)).json();
    const code = newest && !seen.includes(newest.id) && /\b(\d{6})\b/.exec(newest.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in code for ${to} reached the mail catcher at ${mailCatcherUrl}`);
}

/** The ids of the messages the mail catcher holds for `to`. */
async function caughtIds(mailCatcherUrl, to) {
  const url = new URL('/api/messages', mailCatcherUrl);
  url.searchParams.set('to', to);
  return (await (await fetch(url)).json()).map((message) => message.id);
}

/**
 * Signs the demo operator in on `page` through the login page, as a person does: passing a
 * challenge when the gateway asks one, and typing the code it e-mails for a new device (read from
 * the stack's mail catcher).
 */
async function signInAsDemo(page, siteUrl, mailCatcherUrl) {
  await page.goto(`${siteUrl}/login`);
  // A first visit meets the legal notice (SPEC 1), which keeps the page inert until accepted.
  await page.getByTestId('legal-dialog').getByRole('button').click();
  const seen = await caughtIds(mailCatcherUrl, DEMO_OPERATOR.loginName);
  await page.getByLabel('Email or mobile number').fill(DEMO_OPERATOR.loginName);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_OPERATOR.password);
  await page.getByTestId('login-form').locator('button[type=submit]').click();
  const signedIn = page.waitForURL((url) => url.pathname === '/account');
  // The widget draws an icon over its checkbox: a person clicks the label (e2e/support/challenge).
  const challenge = page.getByTestId('challenge-dialog');
  void challenge
    .waitFor()
    .then(() => challenge.locator('altcha-widget label').first().click())
    .catch(() => undefined);
  const codeStep = page.getByTestId('sent-code-form');
  void codeStep
    .waitFor()
    .then(async () => {
      const code = await caughtCode(mailCatcherUrl, DEMO_OPERATOR.loginName, seen);
      await codeStep.getByRole('textbox').fill(code);
      await codeStep.locator('button[type=submit]').click();
    })
    .catch(() => undefined);
  await signedIn;
}

/**
 * A browser profile the demo operator signed in with: its cookies, and the device's signing keys
 * in its storage, so a page's signed calls answer as they do for the trader (a cookie alone
 * renders the page signed in on the server, but its client cannot sign a call). Answers the
 * profile's folder and its cookies as a Cookie header, for the bench's own fetches.
 */
export async function demoProfile(executablePath, args, siteUrl, mailCatcherUrl) {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'bench-signed-in-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args,
    headless: true,
  });
  try {
    await signInAsDemo(context.pages()[0] ?? (await context.newPage()), siteUrl, mailCatcherUrl);
    const cookies = await context.cookies(siteUrl);
    return {
      userDataDir,
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    };
  } finally {
    await context.close();
  }
}

/** The caches in a Chrome profile: emptied before each run, so each run is a first load. */
const PROFILE_CACHES = ['Default/Cache', 'Default/Code Cache', 'Default/GPUCache'];

/** The JavaScript files a page's server HTML references: what its first load must fetch. */
async function firstLoadScripts(url, headers) {
  const html = await (await fetch(url, { headers })).text();
  return new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*\ssrc|link[^>]*rel="(?:preload|modulepreload)"[^>]*href)="([^"]+\.js)"/g,
      ),
    ].map((match) => new URL(match[1], url).pathname),
  );
}

/**
 * One Lighthouse mobile run (its defaults: emulated phone, simulated slow 4G, 4x CPU): in a new
 * profile, or in the signed-in `profile` (its storage kept, its caches emptied).
 */
async function lighthouseRun(executablePath, args, url, profile) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const userDataDir =
    profile?.userDataDir ?? (await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-')));
  for (const cache of PROFILE_CACHES)
    await rm(path.join(userDataDir, cache), { recursive: true, force: true });
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: [...args, `--user-data-dir=${userDataDir}`],
    userDataDir: false,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      // Lighthouse empties the site's storage before it loads a page; the trader's must stay.
      disableStorageReset: profile !== undefined,
    });
    const { audits, categories } = result.lhr;
    if (result.lhr.finalDisplayedUrl !== url)
      throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl}: is the session right?`);
    const requests = audits['network-requests'].details.items;
    // A signed-in page whose calls were refused measured a visitor's page, not the trader's.
    const refused = requests.filter((item) => item.statusCode === 401 || item.statusCode === 403);
    if (profile && refused.length > 0)
      throw new Error(`${url}: ${refused.map((item) => item.url).join(', ')} refused the session`);
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcp: Math.round(audits['largest-contentful-paint'].numericValue),
      tbt: Math.round(audits['total-blocking-time'].numericValue),
      cls: audits['cumulative-layout-shift'].numericValue,
      scripts: scripts.map((item) => ({
        path: new URL(item.url).pathname,
        bytes: item.transferSize,
      })),
    };
  } finally {
    chrome.kill();
    if (!profile) await rm(userDataDir, { recursive: true, force: true });
  }
}

/**
 * The median of `runs` Lighthouse runs of a page (by score; its run's figures), with the page's
 * first-load and network-idle JavaScript in transferred (gzip) bytes.
 */
export async function measurePage(executablePath, args, url, { profile, runs = 3 } = {}) {
  const headers = profile ? { cookie: profile.cookie } : {};
  // A page's first request after a server starts is compiled and cached as it goes: served once
  // first, every run meets the server as a visitor does on a running site.
  await (await fetch(url, { headers })).arrayBuffer();
  const results = [];
  for (let run = 0; run < runs; run += 1)
    results.push(await lighthouseRun(executablePath, args, url, profile));
  results.sort((a, b) => a.score - b.score);
  const median = results[Math.floor(results.length / 2)];
  const firstLoad = await firstLoadScripts(url, headers);
  const sum = (items) => items.reduce((total, item) => total + item.bytes, 0);
  return {
    url,
    score: median.score,
    scores: results.map((result) => result.score),
    lcp: median.lcp,
    tbt: median.tbt,
    cls: median.cls,
    firstLoadBytes: sum(median.scripts.filter((item) => firstLoad.has(item.path))),
    idleBytes: sum(median.scripts),
  };
}

/**
 * Every family in English and Arabic against a running site, and the bare page.
 * @returns {Promise<{ bare: object, rows: object[] }>}
 */
export async function benchPages({ executablePath, args, siteUrl, mailCatcherUrl, runs = 3 }) {
  const bareServer = await serveBareNextPage();
  let bare;
  try {
    bare = {
      family: 'bare Next page',
      language: '',
      ...(await measurePage(executablePath, args, bareServer.url, { runs })),
    };
  } finally {
    await bareServer.stop();
  }
  const profile = await demoProfile(executablePath, args, siteUrl, mailCatcherUrl);
  const rows = [];
  try {
    for (const page of FAMILY_PAGES)
      for (const language of ['en', 'ar']) {
        const prefix = language === 'en' ? '' : `/${language}`;
        const pagePath = page.path === '/' && prefix ? prefix : `${prefix}${page.path}`;
        const measured = await measurePage(executablePath, args, `${siteUrl}${pagePath}`, {
          profile: page.signedIn ? profile : undefined,
          runs,
        });
        rows.push({ family: page.family, language, ...measured });
        console.log(`bench pages: ${pagePath} ${measured.score} (${measured.scores.join(', ')})`);
      }
  } finally {
    await rm(profile.userDataDir, { recursive: true, force: true });
  }
  return { bare, rows };
}

/** The measurements as a Markdown table, each score beside its gap to the bare page's. */
export function formatPagesTable({ bare, rows }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const line = (row) =>
    `| ${row.family}${row.language ? ` (${row.language})` : ''} | ${row.score} | ${
      row === bare ? '-' : `${row.score - bare.score} (${(row.score / bare.score).toFixed(2)})`
    } | ${(row.lcp / 1000).toFixed(2)} s | ${row.tbt} ms | ${row.cls.toFixed(3)} | ${kb(
      row.firstLoadBytes,
    )} | ${kb(row.idleBytes)} |`;
  return [
    '| page | score | vs bare (ratio) | LCP | TBT | CLS | first-load JS sent | JS by network idle sent |',
    '|---|---|---|---|---|---|---|---|',
    line(bare),
    ...rows.map(line),
  ].join('\n');
}

// `node scripts/bench-pages.mjs --site URL [--mail URL] [--runs N] [PATH...]`: measures the given paths (or
// every family and the bare page) against a site already running, for one change at a time.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: {
      site: { type: 'string' },
      // The inbox of the stack the site runs on (`npm start` prints it): the demo's sign-in code.
      mail: {
        type: 'string',
        default: `http://127.0.0.1:${process.env.MAIL_CATCHER_PORT || 1080}`,
      },
      runs: { type: 'string', default: '3' },
    },
    allowPositionals: true,
  });
  if (!values.site)
    throw new Error(
      'usage: bench-pages.mjs --site http://127.0.0.1:3000 [--mail http://127.0.0.1:1080] [--runs 3] [/path ...]',
    );
  const executablePath = ensureChromium();
  const runs = Number(values.runs);
  if (positionals.length === 0) {
    const measured = await benchPages({
      executablePath,
      args: CHROMIUM_ARGS,
      siteUrl: values.site,
      mailCatcherUrl: values.mail,
      runs,
    });
    console.log(formatPagesTable(measured));
  } else {
    const signedIn = new Set(FAMILY_PAGES.filter((page) => page.signedIn).map((page) => page.path));
    // Only the signed-in families get the session: a signed-in visitor is sent away from login.
    const needsSession = (pagePath) => signedIn.has(pagePath.replace(/^\/ar(?=\/|$)/, '') || '/');
    const profile = positionals.some(needsSession)
      ? await demoProfile(executablePath, CHROMIUM_ARGS, values.site, values.mail)
      : undefined;
    try {
      for (const pagePath of positionals) {
        const measured = await measurePage(
          executablePath,
          CHROMIUM_ARGS,
          `${values.site}${pagePath}`,
          { profile: needsSession(pagePath) ? profile : undefined, runs },
        );
        console.log(JSON.stringify({ path: pagePath, ...measured }));
      }
    } finally {
      if (profile) await rm(profile.userDataDir, { recursive: true, force: true });
    }
  }
}
