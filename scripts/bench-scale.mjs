// Scale-out figures (issue 11), side by side in one run: tracking ingestion (events per second)
// and signed core calls of signed-in users (requests per second) against one gateway on the
// embedded database, one gateway on PostgreSQL, and two gateways behind nginx on PostgreSQL.
// `node scripts/bench-scale.mjs` prints the table; `npm run bench` prints it with the budgets.
// Benchmarks print figures; nothing here fails on timing.
import {
  constants,
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
  sign,
} from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_GATEWAY_ENV, postEvents } from './bench-ingestion.mjs';
import { loadProtocol, textTable } from './bench-lib.mjs';
import { startCluster, startGateways } from './cluster.mjs';
import { freePort, runOrThrow } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { launch, stopChild, waitFor } from './stack.mjs';

/** Every gateway of the run: the ingestion settings, and no limit or challenge in the way. */
const GATEWAY_ENV = {
  ...BENCH_GATEWAY_ENV,
  GATEWAY_RATE_LIMIT: '100000000',
  // Throughput is measured from a few addresses and sessions driving many calls each.
  GATEWAY_PUBLIC_RATE_LIMIT: '100000000',
  GATEWAY_SESSION_RATE_LIMIT: '100000000',
  GATEWAY_CHALLENGE_REGISTER: '0',
  GATEWAY_CHALLENGE_BURST: '0',
  // Its users register with bodies built by hand, without a code sent by e-mail.
  GATEWAY_REGISTER_VERIFY: '0',
};

/**
 * What the benchmark needs of the protocol (scripts/bench-lib.mjs): its registry and wire format,
 * so the benchmark signs exactly as the client and the tests do.
 */
const PROTOCOL_EXPORTS = [
  "export { ApiPath } from '@exchange-web/protocol/paths';",
  "export { HeaderName, KeyAlgorithm } from '@exchange-web/protocol/registry';",
  "export { joinBodyCiphertext, loginPlaintext, signData } from '@exchange-web/protocol/signing';",
];

/**
 * A signed-in user as the browser client makes one (README "Request signing"): an rsa1024 key,
 * an encrypted registration that binds it to the session, then mode-2 signed core calls.
 */
async function signedInUser(protocol, url) {
  const { ApiPath, HeaderName, KeyAlgorithm, joinBodyCiphertext, loginPlaintext, signData } =
    protocol;
  const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const signText = (text) =>
    sign('sha256', Buffer.from(text, 'utf8'), pair.privateKey).toString('base64');

  const config = await (await fetch(`${url}${ApiPath.gatewaySignConfig}`)).json();
  const serverKey = createPublicKey({
    key: Buffer.from(config.data.gatewaySignConfig.serverPublicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const aesKey = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', aesKey, iv);
  const fields = {
    email: `bench-${randomBytes(6).toString('hex')}@bench.test`,
    pwd: 'Bench-Passw0rd',
  };
  // The freshness fields the gateway needs inside (README "Request signing and login encryption").
  const plaintext = loginPlaintext(fields, {
    time: Date.now(),
    nonce: randomBytes(16).toString('hex'),
  });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const wrapped = publicEncrypt(
    {
      key: serverKey,
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.concat([aesKey, iv]),
  );
  const bodyCiphertext = joinBodyCiphertext(
    wrapped.toString('base64'),
    ciphertext.toString('base64'),
  );
  const registered = await fetch(`${url}${ApiPath.registerEmail}`, {
    method: 'POST',
    headers: { [HeaderName.contentType]: 'application/json' },
    body: JSON.stringify({
      bodyCiphertext,
      algorithm: KeyAlgorithm.rsa1024,
      publicKey,
      initSign: signText(bodyCiphertext),
    }),
  });
  const reply = await registered.json();
  if (reply.code !== '00000') throw new Error(`registration refused: ${JSON.stringify(reply)}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  let sequence = 0;
  /** One signed asset overview (a read, and a used-id write); throws unless it is served. */
  return async function signedCall() {
    const path = ApiPath.assetOverview;
    const body = '{}';
    const tm = String(Date.now());
    sequence += 1;
    const uhti = `w${randomBytes(5).toString('hex')}${sequence}${tm}`;
    const data = signData(2, { path, tm, uhti, body });
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        [HeaderName.contentType]: 'application/json',
        cookie,
        [HeaderName.deviceSign]: signText(data),
        [HeaderName.deviceSignMode]: '2',
        [HeaderName.deviceSignDataMd5]: createHash('md5').update(data, 'utf8').digest('hex'),
        [HeaderName.deviceSignKey]: publicKey,
        [HeaderName.tm]: tm,
        [HeaderName.uhti]: uhti,
      },
      body,
    });
    const served = await response.json();
    if (served.code !== '00000') throw new Error(`signed call refused: ${JSON.stringify(served)}`);
  };
}

/** Signed calls per second: `clients` signed-in users calling one after another, `requests` in all. */
async function signedThroughput(protocol, url, { requests, clients }) {
  const users = [];
  for (let index = 0; index < clients; index += 1) users.push(await signedInUser(protocol, url));
  // A few calls each first: connections open, keys and sessions cached, code warm.
  await Promise.all(users.map(async (call) => Promise.all([call(), call()])));
  let left = requests;
  const started = performance.now();
  await Promise.all(
    users.map(async (call) => {
      while (left > 0) {
        left -= 1;
        await call();
      }
    }),
  );
  return Math.round(requests / ((performance.now() - started) / 1000));
}

/** One gateway on a temporary embedded database (as `npm start` runs it). */
async function startEmbeddedGateway(quiet) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  const port = await freePort();
  const child = launch(
    'gateway',
    ['apps/gateway/dist/server.js'],
    { GATEWAY_PORT: String(port), GATEWAY_DATA_DIR: dataDir, ...GATEWAY_ENV },
    { quiet },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/healthz`, child, 'gateway');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * Measures the three set-ups one after another on this machine (the clients share its cores with
 * the servers) and answers one row each.
 * @param {{ build?: boolean, quiet?: boolean, batches?: number, ingestClients?: number,
 *           requests?: number, signClients?: number }} [options]
 * @returns {Promise<Array<{ setup: string, eventsPerSecond: number, signedPerSecond: number }>>}
 */
export async function benchScale({
  build = true,
  quiet = true,
  batches = 200,
  ingestClients = 8,
  requests = 3000,
  signClients = 8,
} = {}) {
  if (build) await runOrThrow('node', ['apps/gateway/build.mjs']);
  const protocol = await loadProtocol(PROTOCOL_EXPORTS);
  const measure = async (setup, url) => ({
    setup,
    eventsPerSecond: (await postEvents(url, { batches, clients: ingestClients })).eventsPerSecond,
    signedPerSecond: await signedThroughput(protocol, url, { requests, clients: signClients }),
  });
  const rows = [];

  const embedded = await startEmbeddedGateway(quiet);
  try {
    rows.push(await measure('1 gateway, embedded PGlite', embedded.url));
  } finally {
    await embedded.stop();
  }

  const postgres = await startPostgres({ quiet: true });
  try {
    const single = await startGateways({
      databaseUrl: await postgres.createDatabase('bench_single'),
      count: 1,
      quiet,
      env: GATEWAY_ENV,
    });
    try {
      rows.push(await measure('1 gateway, PostgreSQL', single.urls[0]));
    } finally {
      await single.stop();
    }
    const cluster = await startCluster({
      databaseUrl: await postgres.createDatabase('bench_pair'),
      gateways: 2,
      quiet,
      env: GATEWAY_ENV,
    });
    try {
      rows.push(await measure('2 gateways behind nginx, PostgreSQL', cluster.proxyUrl));
    } finally {
      await cluster.stop();
    }
  } finally {
    await postgres.stop();
  }
  return rows;
}

/** The rows as a small text table. */
export function formatScaleTable(rows) {
  const header = ['set-up', 'ingestion (events/s)', 'signed calls (requests/s)'];
  const lines = rows.map((row) => [
    row.setup,
    String(row.eventsPerSecond),
    String(row.signedPerSecond),
  ]);
  return textTable(header, lines).join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchScale();
  console.log(formatScaleTable(rows));
}
