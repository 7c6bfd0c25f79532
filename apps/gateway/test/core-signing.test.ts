import { ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { assetOverviewReplySchema } from '@exchange-web/protocol/schemas';
import { signData } from '@exchange-web/protocol/signing';
import { TradingPath } from '@exchange-web/protocol/trading';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/accounts/sweep';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG } from '../src/config';
import type { RunningGateway } from '../src/server';
import {
  newClientKey,
  newUhti,
  signatureHeaders,
  SigningClient,
  type ClientKeyPair,
} from './signing-client';
import {
  STRONG_PASSWORD,
  TestBrowser,
  sleep,
  startTestGateway,
  uniqueEmail,
  type CallResult,
} from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const OVERVIEW = ApiPath.assetOverview;

/** A browser signed in from an encrypted registration: its key is bound to its session. */
async function signedIn(algorithm: 'rsa1024' | 'rsa2048' = 'rsa1024'): Promise<SigningClient> {
  const client = await SigningClient.create(gateway, algorithm);
  const response = await client.postEncrypted(ApiPath.registerEmail, {
    email: uniqueEmail('signing'),
    pwd: STRONG_PASSWORD,
  });
  expect(response.json?.code).toBe('00000');
  return client;
}

function expectRefused(response: CallResult, code: string, reason: string) {
  expect(response.status).toBe(401);
  expect(response.json?.code).toBe(code);
  expect(response.headers.get(HeaderName.gwSignError)).toBe(reason);
}

function expectServed(response: CallResult) {
  expect(response.json?.code).toBe('00000');
  expect(response.status).toBe(200);
  expect(response.headers.get(HeaderName.gwSignError)).toBeNull();
}

let client: SigningClient;
beforeAll(async () => {
  client = await signedIn();
});

describe('a signed core call', () => {
  it('is served with a valid mode-2 signature by the session’s key', async () => {
    const response = await client.signedPost(OVERVIEW, {});
    expectServed(response);
    expect(assetOverviewReplySchema.parse(response.json?.data)).toEqual({
      totalUsdt: '0',
      balances: [],
    });
  });

  it('is served with an rsa2048 key too', async () => {
    expectServed(await (await signedIn('rsa2048')).signedPost(ApiPath.apiKeyList, {}));
  });

  it('signs the path with its query exactly as sent', async () => {
    expectServed(await client.signedPost(`${OVERVIEW}?coin=BTC&x=%20`, {}));
  });

  it('needs a session first: 40100 without one, 00004 once logged out', async () => {
    const stranger = new SigningClient(new TestBrowser(gateway), client.key);
    const anonymous = await stranger.signedPost(OVERVIEW, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
    expect(anonymous.headers.get(HeaderName.gwSignError)).toBeNull();

    const ended = await signedIn();
    const copy = ended.browser.clone();
    await ended.browser.post(ApiPath.logout, {});
    const afterLogout = await new SigningClient(copy, ended.key).signedPost(OVERVIEW, {});
    expect(afterLogout.json?.code).toBe(ErrorCode.sessionExpired);
  });
});

describe('00020: a sign header missing', () => {
  it.each([
    HeaderName.deviceSign,
    HeaderName.deviceSignMode,
    HeaderName.deviceSignDataMd5,
    HeaderName.deviceSignKey,
    HeaderName.tm,
    HeaderName.uhti,
  ])('refuses a request without %s, and with it empty', async (name) => {
    const body = '{}';
    const headers = signatureHeaders(client.key, OVERVIEW, body);
    const { [name]: _dropped, ...without } = headers;
    const missing = await client.browser.send('POST', OVERVIEW, body, without);
    expectRefused(missing, ErrorCode.signMissing, 'missing');
    expect(missing.json?.msg).toContain(name);
    const empty = await client.browser.send('POST', OVERVIEW, body, { ...headers, [name]: '' });
    expectRefused(empty, ErrorCode.signMissing, 'missing');
  });

  it('refuses a signed-in request with no signature at all', async () => {
    expectRefused(await client.browser.post(OVERVIEW, {}), ErrorCode.signMissing, 'missing');
  });
});

describe('00021: a sign mode that does not match', () => {
  it.each(['3', 'x', '-1', '2.0'])('refuses mode %j', async (mode) => {
    const response = await client.signedPost(
      OVERVIEW,
      {},
      {},
      {
        [HeaderName.deviceSignMode]: mode,
      },
    );
    expectRefused(response, ErrorCode.signModeNotMatched, 'mode');
  });

  it.each([0, 1] as const)('refuses mode %i on a request with a body', async (mode) => {
    const response = await client.signedPost(OVERVIEW, {}, { mode });
    expectRefused(response, ErrorCode.signModeNotMatched, 'mode');
    expect(response.json?.msg).toContain('body');
  });

  it('refuses mode 1 without a body too: the path asks mode 2', async () => {
    const response = await client.signedPost(OVERVIEW, '', { mode: 1 });
    expectRefused(response, ErrorCode.signModeNotMatched, 'mode');
    expectServed(await client.signedPost(OVERVIEW, '', { mode: 2 }));
  });
});

const BUCKET_MS = 100_000;

/** The current tm bucket, once far enough from its end that no request crosses into the next. */
async function settledBucket(): Promise<number> {
  const intoBucket = Date.now() % BUCKET_MS;
  if (intoBucket > BUCKET_MS - 3000) await sleep(BUCKET_MS - intoBucket + 50);
  return Math.floor(Date.now() / BUCKET_MS);
}

describe('00022: a signature time out of window', () => {
  it('accepts the first moment of the previous bucket and the last of the next', async () => {
    const bucket = await settledBucket();
    expectServed(await client.signedPost(OVERVIEW, {}, { tm: String((bucket - 1) * BUCKET_MS) }));
    expectServed(
      await client.signedPost(OVERVIEW, {}, { tm: String((bucket + 2) * BUCKET_MS - 1) }),
    );
  });

  it('refuses the last moment two buckets back and the first two buckets ahead', async () => {
    const bucket = await settledBucket();
    const late = await client.signedPost(
      OVERVIEW,
      {},
      { tm: String((bucket - 1) * BUCKET_MS - 1) },
    );
    expectRefused(late, ErrorCode.signExpired, 'expired');
    const early = await client.signedPost(OVERVIEW, {}, { tm: String((bucket + 2) * BUCKET_MS) });
    expectRefused(early, ErrorCode.signExpired, 'expired');
  });

  it('refuses a tm that is not a 13-digit time', async () => {
    const response = await client.signedPost(OVERVIEW, {}, { tm: 'soon' });
    expectRefused(response, ErrorCode.signExpired, 'expired');
  });
});

describe('00023: a signature that does not hold', () => {
  /** Headers for `sent` whose sign data (and MD5) were made for other parts. */
  const send = (path: string, body: string, headers: Record<string, string>) =>
    client.browser.send('POST', path, body, headers);

  it('refuses a changed path, and a changed query', async () => {
    const path = await send(OVERVIEW, '{}', signatureHeaders(client.key, `${OVERVIEW}x`, '{}'));
    expectRefused(path, ErrorCode.signInvalid, 'md5');
    const query = await send(
      `${OVERVIEW}?coin=ETH`,
      '{}',
      signatureHeaders(client.key, `${OVERVIEW}?coin=BTC`, '{}'),
    );
    expectRefused(query, ErrorCode.signInvalid, 'md5');
    const dropped = await send(
      OVERVIEW,
      '{}',
      signatureHeaders(client.key, `${OVERVIEW}?a=1`, '{}'),
    );
    expectRefused(dropped, ErrorCode.signInvalid, 'md5');
  });

  it('refuses a changed body, uhti or tm', async () => {
    const body = await send(OVERVIEW, '{ }', signatureHeaders(client.key, OVERVIEW, '{}'));
    expectRefused(body, ErrorCode.signInvalid, 'md5');
    const uhti = await send(OVERVIEW, '{}', {
      ...signatureHeaders(client.key, OVERVIEW, '{}'),
      [HeaderName.uhti]: newUhti(),
    });
    expectRefused(uhti, ErrorCode.signInvalid, 'md5');
    // Signed in the previous bucket, sent with the current one: both fresh, but not what was signed.
    const bucket = await settledBucket();
    const signed = signatureHeaders(client.key, OVERVIEW, '{}', {
      tm: String((bucket - 1) * BUCKET_MS),
    });
    const tm = await send(OVERVIEW, '{}', { ...signed, [HeaderName.tm]: String(Date.now()) });
    expectRefused(tm, ErrorCode.signInvalid, 'md5');
  });

  it('refuses a paptrading header flipped after signing, either way (SPEC 4)', async () => {
    const paper = { [HeaderName.paptrading]: HeaderValue.paptrading };
    // Signed for the paper account, relayed as a real-account call: the header dropped or emptied.
    const signedPaper = signatureHeaders(client.key, TradingPath.balances, '{}', {
      paptrading: HeaderValue.paptrading,
    });
    expectRefused(
      await send(TradingPath.balances, '{}', signedPaper),
      ErrorCode.signInvalid,
      'md5',
    );
    const emptied = signatureHeaders(client.key, TradingPath.balances, '{}', {
      paptrading: HeaderValue.paptrading,
    });
    expectRefused(
      await send(TradingPath.balances, '{}', { ...emptied, [HeaderName.paptrading]: '' }),
      ErrorCode.signInvalid,
      'md5',
    );
    // Signed for the real account, relayed with the header added.
    const signedReal = signatureHeaders(client.key, TradingPath.balances, '{}');
    expectRefused(
      await send(TradingPath.balances, '{}', { ...signedReal, ...paper }),
      ErrorCode.signInvalid,
      'md5',
    );
    // Even with the MD5 recomputed for the flipped header, the signature does not hold.
    const flipped = signatureHeaders(client.key, TradingPath.balances, '{}');
    const data = signData(2, {
      path: TradingPath.balances,
      tm: flipped[HeaderName.tm] ?? '',
      uhti: flipped[HeaderName.uhti] ?? '',
      body: '{}',
      paptrading: HeaderValue.paptrading,
    });
    const forged = await send(TradingPath.balances, '{}', {
      ...flipped,
      ...paper,
      [HeaderName.deviceSignDataMd5]: createHash('md5').update(data).digest('hex'),
    });
    expectRefused(forged, ErrorCode.signInvalid, 'signature');
    // As signed, each is served, on its own account.
    expectServed(await client.signedPost(TradingPath.balances, {}, {}, paper));
    expectServed(await client.signedPost(TradingPath.balances, {}));
    expectServed(await client.signedPost(OVERVIEW, {}, {}, paper));
  });

  it('refuses a wrong MD5, and a right MD5 whose signature covers other data', async () => {
    const md5 = await client.signedPost(
      OVERVIEW,
      {},
      {},
      {
        [HeaderName.deviceSignDataMd5]: '0'.repeat(32),
      },
    );
    expectRefused(md5, ErrorCode.signInvalid, 'md5');

    // An attacker who changes the body and recomputes the MD5 still lacks the signature.
    const headers = signatureHeaders(client.key, OVERVIEW, '{}');
    const tampered = '{ }';
    const data = signData(2, {
      path: OVERVIEW,
      tm: headers[HeaderName.tm] ?? '',
      uhti: headers[HeaderName.uhti] ?? '',
      body: tampered,
    });
    const forged = await send(OVERVIEW, tampered, {
      ...headers,
      [HeaderName.deviceSignDataMd5]: createHash('md5').update(data).digest('hex'),
    });
    expectRefused(forged, ErrorCode.signInvalid, 'signature');
    const garbage = await client.signedPost(OVERVIEW, {}, {}, { [HeaderName.deviceSign]: 'AAAA' });
    expectRefused(garbage, ErrorCode.signInvalid, 'signature');
  });

  it('refuses a key not bound to this session, even one bound to another', async () => {
    const unbound: ClientKeyPair = await newClientKey();
    const own = await new SigningClient(client.browser, unbound).signedPost(OVERVIEW, {});
    expectRefused(own, ErrorCode.signInvalid, 'key');
    const other = await signedIn();
    const borrowed = await new SigningClient(client.browser, other.key).signedPost(OVERVIEW, {});
    expectRefused(borrowed, ErrorCode.signInvalid, 'key');
    // The key header must name the signing key: another bound key's name does not do.
    const renamed = await client.signedPost(
      OVERVIEW,
      {},
      {},
      {
        [HeaderName.deviceSignKey]: other.key.publicKey,
      },
    );
    expectRefused(renamed, ErrorCode.signInvalid, 'key');
  });

  it('refuses every call of a plaintext login’s session: it has no bound key', async () => {
    const email = uniqueEmail('plain');
    const plain = new TestBrowser(gateway);
    await plain.post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
    const response = await new SigningClient(plain, client.key).signedPost(OVERVIEW, {});
    expectRefused(response, ErrorCode.signInvalid, 'key');
  });

  it('refuses a replay: the same request, or the same uhti signed anew', async () => {
    const headers = signatureHeaders(client.key, OVERVIEW, '{}');
    expectServed(await send(OVERVIEW, '{}', headers));
    expectRefused(await send(OVERVIEW, '{}', headers), ErrorCode.signInvalid, 'replay');
    const uhti = headers[HeaderName.uhti] ?? '';
    const resigned = await client.signedPost(OVERVIEW, {}, { uhti });
    expectRefused(resigned, ErrorCode.signInvalid, 'replay');
    // Used ids are kept per user: another user's request may carry the same one.
    expectServed(await (await signedIn()).signedPost(OVERVIEW, {}, { uhti }));
  });

  it('refuses an over-long uhti', async () => {
    const response = await client.signedPost(OVERVIEW, {}, { uhti: `w${'1'.repeat(200)}` });
    expectRefused(response, ErrorCode.signInvalid, 'uhti');
  });

  it('sweeps used ids once their window has passed', async () => {
    await gateway.db.query(
      `INSERT INTO used_trace_ids (user_id, uhti, expires_at) VALUES ('x', 'old', now() - interval '1 second')`,
    );
    await sweepExpired(gateway.db);
    const rows = await gateway.db.query(`SELECT 1 FROM used_trace_ids WHERE uhti = 'old'`);
    expect(rows).toEqual([]);
  });
});

describe('signing closed (clientOpen false)', () => {
  it('serves a signed-in call without signature, and still needs the session', async () => {
    const open = createApp({
      db: gateway.db,
      config: { ...DEFAULT_APP_CONFIG, signClientOpen: false },
    });
    const cookie = [...client.browser.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const post = (headers: Record<string, string>) =>
      open.request(OVERVIEW, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    expect(await (await post({ cookie })).json()).toMatchObject({ code: '00000' });
    expect(await (await post({})).json()).toMatchObject({ code: GatewayCode.unauthorized });
  });
});
