// Throwaway PostgreSQL servers for tests and local clusters: finds (or installs) Debian's
// PostgreSQL, then runs a private server in a temporary folder that stop() removes again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  canInstallDebianPackages,
  installDebianPackage,
  whyNotInstallable,
} from './debian-packages.mjs';
import { freePort } from './lib.mjs';

/** The superuser of every throwaway server; trust auth, so it has no password. */
const SUPERUSER = 'exchange';
/** The unprivileged account that runs initdb and postgres when this process is root. */
const SERVICE_USER = 'postgres';
const INSTALL_ADVICE =
  "The PostgreSQL tests need PostgreSQL's server binaries (initdb, postgres). Install Debian's " +
  'package (sudo apt-get install postgresql) or put a directory holding them in POSTGRES_BIN_DIR.';

const hasServerBinaries = (dir) =>
  existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'));

/** The bin directory holding initdb and postgres, or undefined. Newest Debian version first. */
function findBinDir() {
  const candidates = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  // Other distributions put the server binaries on PATH.
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim())
    candidates.push(path.dirname(onPath.stdout.trim()));
  return candidates.find(hasServerBinaries);
}

/**
 * Finds PostgreSQL's server binaries; installs Debian's `postgresql` with apt-get when they are
 * missing and this process can (root and apt-get); else throws an Error saying what to install.
 * Returns the bin directory.
 * @returns {Promise<string>}
 */
export async function ensurePostgres() {
  const found = findBinDir();
  if (found) return found;
  if (!canInstallDebianPackages()) throw new Error(INSTALL_ADVICE);
  console.log(
    "PostgreSQL is missing: installing Debian's postgresql package (apt-get install --no-install-recommends postgresql)...",
  );
  const installed = installDebianPackage(['postgresql']);
  const binDir = installed ? findBinDir() : undefined;
  if (!binDir) throw new Error(`Installing postgresql with apt-get failed. ${INSTALL_ADVICE}`);
  return binDir;
}

/**
 * Whether PostgreSQL can be used here (binaries present or installable), with the reason when not.
 * @returns {Promise<{ available: true } | { available: false; reason: string }>}
 */
export async function postgresAvailability() {
  if (findBinDir()) return { available: true };
  const reason = whyNotInstallable('PostgreSQL');
  return reason ? { available: false, reason: `${reason} ${INSTALL_ADVICE}` } : { available: true };
}

/** uid and gid of the service account, created when missing (initdb and postgres refuse root). */
function serviceAccount() {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', SERVICE_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SERVICE_USER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const existing = lookup();
  if (existing) return existing;
  const created = spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER],
    { stdio: 'inherit' },
  );
  const account = created.status === 0 ? lookup() : undefined;
  if (!account)
    throw new Error(`Could not create the unprivileged user ${SERVICE_USER} to run PostgreSQL`);
  return account;
}

/** Runs a command to its end; resolves its exit code and everything it printed. */
function capture(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const quoteIdentifier = (name) => {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain database name: ${JSON.stringify(name)}`);
  return `"${name}"`;
};

/**
 * Starts the postmaster and resolves once it accepts connections; rejects with its log when it
 * exits first (e.g. the port was taken meanwhile).
 */
function launchServer({ binDir, dataDir, socketDir, port, quiet, account, timeoutMs = 30_000 }) {
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    // Test data: durability buys nothing and costs seconds.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    // Several gateways and test files, each with a pool, share one server.
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=64MB',
    '-c',
    'lc_messages=C',
  ];
  const child = spawn(path.join(binDir, 'postgres'), args, {
    cwd: socketDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
    ...account,
  });
  let log = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`PostgreSQL did not start within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    // Read on after ready too: a full pipe would block the server.
    const onOutput = (chunk) => {
      const text = chunk.toString();
      if (!quiet)
        for (const line of text.split('\n')) if (line) process.stderr.write(`[postgres] ${line}\n`);
      if (ready) return;
      log += text;
      if (log.includes('ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with ${code ?? signal} before it was ready:\n${log}`));
    });
  });
}

/** Stops the postmaster with a fast shutdown, then an immediate one after 10 s. */
function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const immediate = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    child.once('exit', () => {
      clearTimeout(immediate);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/**
 * Starts a throwaway PostgreSQL server: a new data directory in a temporary folder, listening on
 * 127.0.0.1 on a free port (or `port`), unix socket in that folder, trust auth for local
 * connections only, fsync off (tests); stops and removes everything on stop().
 * @param {import('./postgres.d.mts').StartPostgresOptions} [options]
 * @returns {Promise<import('./postgres.d.mts').PostgresServer>}
 * @example
 *   const server = await startPostgres({ quiet: true });
 *   const url = await server.createDatabase('gateway');
 *   // ... DATABASE_URL=url ...
 *   await server.stop();
 */
export async function startPostgres(options = {}) {
  const { quiet = false } = options;
  const binDir = await ensurePostgres();
  const account = process.getuid?.() === 0 ? serviceAccount() : {};
  const folder = await mkdtemp(path.join(tmpdir(), 'exchange-postgres-'));
  const dataDir = path.join(folder, 'data');
  let child;
  let port = 0;
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  // If this process dies without stop(), take the server down with it.
  const onExit = () => {
    child?.kill('SIGQUIT');
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  try {
    if ('uid' in account) await chown(folder, account.uid, account.gid);
    const init = await capture(
      path.join(binDir, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        SUPERUSER,
        // initdb's trust lines cover the unix socket and loopback only; the server listens on
        // nothing else.
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      { cwd: folder, env: { ...process.env, LC_ALL: 'C' }, ...account },
    );
    if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);

    // A free port can be taken between finding it and binding it: try a few.
    for (let attempt = 1; ; attempt += 1) {
      port = options.port ?? (await freePort());
      try {
        child = await launchServer({ binDir, dataDir, socketDir: folder, port, quiet, account });
        break;
      } catch (error) {
        if (options.port !== undefined || attempt >= 3) throw error;
      }
    }
  } catch (error) {
    process.removeListener('exit', onExit);
    await removeFolder();
    throw error;
  }

  const server = child;
  const databaseUrl = (name) =>
    `postgres://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
  const psql = async (sql) => {
    const result = await capture(
      path.join(binDir, 'psql'),
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl('postgres'), '-c', sql],
      { env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.code !== 0) throw new Error(`${sql} failed:\n${result.output}`);
  };
  let stopped;
  return {
    url: databaseUrl('postgres'),
    port,
    databaseUrl,
    async createDatabase(name, createOptions = {}) {
      const template =
        createOptions.template === undefined
          ? ''
          : ` TEMPLATE ${quoteIdentifier(createOptions.template)}`;
      await psql(`CREATE DATABASE ${quoteIdentifier(name)}${template}`);
      return databaseUrl(name);
    },
    stop() {
      stopped ??= (async () => {
        await stopServer(server);
        process.removeListener('exit', onExit);
        await removeFolder();
      })();
      return stopped;
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ensurePostgres());
