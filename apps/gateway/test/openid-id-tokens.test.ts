import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { AccountCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { openIdAuthorizeReplySchema } from '@exchange-web/protocol/third-party';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib.mjs';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { startTestGateway } from './support';

/**
 * ID tokens that must not sign anybody in. A real provider only issues good ones, so this test
 * runs an issuer of its own: a discovery document, published keys, and a token endpoint that
 * answers each code with the ID token the test set for it (signed with jose).
 */

const CLIENT = { id: 'exchange-web-google', secret: 'google-secret-'.padEnd(40, 'g') };

let gateway: RunningGateway;
let issuerServer: Server;
let issuer = '';
let publishedKey: CryptoKey;
/** A key of the right kind that the issuer does not publish. */
let strangerKey: CryptoKey;

/** What the token endpoint answers for a code: an ID token, or nothing usable. */
const idTokenForCode = new Map<string, string>();
/** The forms the token endpoint received, to check how the gateway traded each code. */
const tokenRequests: URLSearchParams[] = [];

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const pair = await generateKeyPair('RS256');
  publishedKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'published', alg: 'RS256' }] };
  issuerServer = createServer((request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    } else if (path === '/jwks') {
      json(200, jwks);
    } else if (path === '/token' && request.method === 'POST') {
      void readForm(request).then((form) => {
        tokenRequests.push(form);
        const idToken = idTokenForCode.get(form.get('code') ?? '');
        if (
          form.get('client_id') !== CLIENT.id ||
          form.get('client_secret') !== CLIENT.secret ||
          idToken === undefined
        ) {
          json(400, { error: 'invalid_grant' });
          return;
        }
        json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      });
    } else {
      json(404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => issuerServer.listen(port, '127.0.0.1', resolve));
  gateway = await startTestGateway({
    google: { issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret },
  });
});
afterAll(async () => {
  await gateway.stop();
  await new Promise((resolve) => issuerServer.close(resolve));
});

const now = () => Math.floor(Date.now() / 1000);

/** What a good ID token for this sign-in says. */
const goodClaims = (nonce: string, subject: string): JWTPayload => ({
  iss: issuer,
  sub: subject,
  aud: CLIENT.id,
  iat: now(),
  exp: now() + 300,
  nonce,
});

/** `claims` without the one named: a token that leaves it out. */
const without = (claims: JWTPayload, name: string): JWTPayload =>
  Object.fromEntries(Object.entries(claims).filter(([key]) => key !== name));

const signed = (claims: JWTPayload, key = publishedKey, kid = 'published') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);

/**
 * Starts a sign-in at the gateway, and has the issuer answer its code with the ID token
 * `idToken(nonce)` builds: the proof the site would send back.
 */
async function proofWith(client: SigningClient, idToken: (nonce: string) => Promise<string>) {
  const reply = await client.browser.post(ApiPath.googleAuthorize, {});
  const { authorizationUrl, state } = openIdAuthorizeReplySchema.parse(reply.json?.data);
  const nonce = new URL(authorizationUrl).searchParams.get('nonce') ?? '';
  const code = randomBytes(16).toString('hex');
  idTokenForCode.set(code, await idToken(nonce));
  return { code, state };
}

describe('the ID token of a Google answer', () => {
  it('signs in with a good one, traded with the PKCE verifier', async () => {
    const client = await SigningClient.create(gateway);
    const subject = `good-${randomBytes(4).toString('hex')}`;
    const proof = await proofWith(client, (nonce) => signed(goodClaims(nonce, subject)));
    const reply = await client.postEncrypted(ApiPath.googleRegister, proof);
    expect(reply.json?.code).toBe('00000');
    const traded = tokenRequests.find((form) => form.get('code') === proof.code);
    expect(traded?.get('grant_type')).toBe('authorization_code');
    expect(traded?.get('code_verifier')).toMatch(/^[\w-]{43,128}$/);
    expect(traded?.get('redirect_uri')).toBe(`${new URL(gateway.url).origin}/oauth-return`);
  });

  const forged: [string, (nonce: string) => Promise<string>][] = [
    [
      'issued for another client (a foreign audience)',
      (nonce) => signed({ ...goodClaims(nonce, 'foreign'), aud: 'another-site' }),
    ],
    [
      'for this client among others, with another as the authorized party',
      (nonce) =>
        signed({ ...goodClaims(nonce, 'shared'), aud: [CLIENT.id, 'another-site'], azp: 'x' }),
    ],
    [
      'signed with a key the provider does not publish',
      (nonce) => signed(goodClaims(nonce, 'stranger'), strangerKey),
    ],
    [
      'signed with a key not published, named as the published one',
      (nonce) => signed(goodClaims(nonce, 'stranger'), strangerKey, 'published'),
    ],
    [
      'not signed at all',
      async (nonce) => new UnsecuredJWT(goodClaims(nonce, 'unsigned')).encode(),
    ],
    [
      'expired',
      (nonce) => signed({ ...goodClaims(nonce, 'expired'), iat: now() - 3600, exp: now() - 600 }),
    ],
    [
      'made for another sign-in (another nonce)',
      () => signed(goodClaims(randomBytes(16).toString('hex'), 'replayed')),
    ],
    ['without the nonce', (nonce) => signed(without(goodClaims(nonce, 'no-nonce'), 'nonce'))],
    [
      'from another issuer',
      (nonce) => signed({ ...goodClaims(nonce, 'elsewhere'), iss: 'https://issuer.example' }),
    ],
    ['naming nobody', (nonce) => signed(without(goodClaims(nonce, 'x'), 'sub'))],
  ];

  it.each(forged)('refuses one %s with 21031, and spends the sign-in', async (_, idToken) => {
    const client = await SigningClient.create(gateway);
    const proof = await proofWith(client, idToken);
    for (const path of [ApiPath.googleCheck, ApiPath.googleSign, ApiPath.googleRegister]) {
      const reply = await client.postEncrypted(path, proof);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
    }
    // Traded once: a refused token is not fetched again for the next call.
    expect(tokenRequests.filter((form) => form.get('code') === proof.code)).toHaveLength(1);
  });
});
