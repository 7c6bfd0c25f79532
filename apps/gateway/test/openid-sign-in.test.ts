import { createServer, type Server } from 'node:http';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { sessionReplySchema, signInHistoryReplySchema } from '@exchange-web/protocol/schemas';
import {
  openIdAuthorizeReplySchema,
  thirdPartyCheckReplySchema,
  thirdPartyListReplySchema,
  type OpenIdProof,
} from '@exchange-web/protocol/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The stand-in provider `npm start` and the e2e stack run: a real OpenID provider.
import { createOpenIdProvider } from '../../mail-catcher/openid-provider.mjs';
import { freePort } from '../../../scripts/lib.mjs';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

const GOOGLE = {
  client_id: 'exchange-web-google',
  client_secret: 'google-secret-'.padEnd(40, 'g'),
};
const APPLE = { client_id: 'exchange-web-apple', client_secret: 'apple-secret-'.padEnd(40, 'a') };

let gateway: RunningGateway;
/** Human verification of registrations on, as by default. */
let challenged: RunningGateway;
/** Registered with the provider under a secret the provider does not know. */
let wrongSecret: RunningGateway;
/** No Google or Apple client set. */
let unconfigured: RunningGateway;
let provider: Server;
let issuer = '';

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const clients = (secret = GOOGLE.client_secret) => ({
    google: { issuer, clientId: GOOGLE.client_id, clientSecret: secret },
    apple: { issuer, clientId: APPLE.client_id, clientSecret: APPLE.client_secret },
  });
  [gateway, challenged, wrongSecret, unconfigured] = await Promise.all([
    startTestGateway(clients()),
    startTestGateway({ ...clients(), challengeRegister: true }),
    startTestGateway(clients('not-the-secret-'.padEnd(40, 'x'))),
    startTestGateway(),
  ]);
  // Each gateway's own address is the site it sends people back to.
  const redirectUris = [gateway, challenged, wrongSecret].map(
    (running) => `${new URL(running.url).origin}/oauth-return`,
  );
  const oidc = createOpenIdProvider({
    issuer,
    clients: [GOOGLE, APPLE].map((client) => ({ ...client, redirect_uris: redirectUris })),
  });
  provider = createServer(oidc.callback());
  await new Promise<void>((resolve) => provider.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await Promise.all([gateway.stop(), challenged.stop(), wrongSecret.stop(), unconfigured.stop()]);
  await new Promise((resolve) => provider.close(resolve));
});

/**
 * A person at the provider: follows its redirects with its cookies, signs in as `login` and
 * consents, as a browser would; answers the redirect back to the site (code, state, iss).
 */
async function personAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: string, body?: URLSearchParams): Promise<Response> => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let next = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await send(next, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next);
      if (target.pathname === '/oauth-return') return target;
      next = target.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider showed no form: ${html.slice(0, 300)}`);
    next = new URL(action, next).href;
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider never sent the person back');
}

type Provider = 'google' | 'apple';
const paths = {
  google: {
    authorize: ApiPath.googleAuthorize,
    register: ApiPath.googleRegister,
    sign: ApiPath.googleSign,
    check: ApiPath.googleCheck,
    bind: ApiPath.googleBind,
    unbind: ApiPath.googleUnbind,
  },
  apple: {
    authorize: ApiPath.appleAuthorize,
    register: ApiPath.appleRegister,
    sign: ApiPath.appleSign,
    check: ApiPath.appleCheck,
    bind: ApiPath.appleBind,
    unbind: ApiPath.appleUnbind,
  },
} as const;

let nextPerson = 0;
const newLogin = () => `person-${Date.now()}-${(nextPerson += 1)}`;

/** Starts a sign-in on `client`'s gateway and has `login` answer it at the provider. */
async function answerFor(client: SigningClient, login: string, on: Provider = 'google') {
  const reply = await client.browser.post(paths[on].authorize, {});
  expect(reply.json?.code).toBe('00000');
  const { authorizationUrl, state } = openIdAuthorizeReplySchema.parse(reply.json?.data);
  const back = await personAtProvider(authorizationUrl, login);
  expect(back.searchParams.get('state')).toBe(state);
  const proof: OpenIdProof = {
    code: back.searchParams.get('code') ?? '',
    state,
    ...(back.searchParams.has('iss') ? { iss: back.searchParams.get('iss') ?? '' } : {}),
  };
  return { proof, authorizationUrl: new URL(authorizationUrl) };
}

async function register(login: string, on: Provider = 'google') {
  const client = await SigningClient.create(gateway);
  const { proof } = await answerFor(client, login, on);
  const reply = await client.postEncrypted(paths[on].register, proof);
  expect(reply.json?.code).toBe('00000');
  return { client, session: sessionReplySchema.parse(reply.json?.data) };
}

const list = async (client: SigningClient) =>
  thirdPartyListReplySchema.parse((await client.signedPost(ApiPath.thirdPartyList, {})).json?.data);

describe('starting a sign-in', () => {
  it('sends the person to the provider with PKCE, a state, a nonce and the site’s way back', async () => {
    const client = await SigningClient.create(gateway);
    const reply = await client.browser.post(ApiPath.googleAuthorize, {});
    const { authorizationUrl, state } = openIdAuthorizeReplySchema.parse(reply.json?.data);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GOOGLE.client_id,
      response_type: 'code',
      scope: 'openid',
      code_challenge_method: 'S256',
      state,
      redirect_uri: `${new URL(gateway.url).origin}/oauth-return`,
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('answers 503 with 21035 when the provider is not set up', async () => {
    const client = await SigningClient.create(unconfigured);
    for (const path of [ApiPath.googleAuthorize, ApiPath.appleAuthorize]) {
      const reply = await client.browser.post(path, {});
      expect(reply.status).toBe(503);
      expect(reply.json?.code).toBe(AccountCode.thirdPartyUnavailable);
    }
  });
});

describe('registering and signing in with Google and Apple', () => {
  it('registers with Google, checks and signs in on another device, factor google', async () => {
    const login = newLogin();
    const { client, session } = await register(login);
    expect(await list(client)).toEqual({
      items: [{ provider: 'google', subject: login, boundAt: expect.any(Number) }],
      hasPassword: false,
    });
    const device = await SigningClient.create(gateway);
    const { proof } = await answerFor(device, login);
    const check = await device.postEncrypted(ApiPath.googleCheck, proof);
    expect(thirdPartyCheckReplySchema.parse(check.json?.data).bound).toBe(true);
    // The answer the check proved signs in without the code being traded again.
    const signedIn = await device.postEncrypted(ApiPath.googleSign, proof);
    expect(signedIn.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(signedIn.json?.data).userId).toBe(session.userId);
    const history = signInHistoryReplySchema.parse(
      (await device.signedPost(ApiPath.signInHistory, {})).json?.data,
    );
    expect(history.items[0]).toMatchObject({ result: 'success', factor: 'google' });
    // Used once: the same answer again signs nobody in.
    const again = await SigningClient.create(gateway);
    const replayed = await again.postEncrypted(ApiPath.googleSign, proof);
    expect(replayed.status).toBe(400);
    expect(replayed.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('keeps Apple apart from Google: the same account at the provider is another identity', async () => {
    const login = newLogin();
    await register(login, 'google');
    const device = await SigningClient.create(gateway);
    const { proof } = await answerFor(device, login, 'apple');
    const unknown = await device.postEncrypted(ApiPath.appleSign, proof);
    expect(unknown.status).toBe(404);
    expect(unknown.json?.code).toBe(AccountCode.thirdPartyNotBound);
    // The refused sign-in left the answer for a registration.
    expect((await device.postEncrypted(ApiPath.appleRegister, proof)).json?.code).toBe('00000');
    expect((await list(device)).items).toMatchObject([{ provider: 'apple', subject: login }]);
  });

  it('asks for human verification before registering, keeping the answer for the retry', async () => {
    const client = await SigningClient.create(challenged);
    const { proof } = await answerFor(client, newLogin());
    expect((await client.postEncrypted(ApiPath.googleRegister, proof)).json?.code).toBe('10021');
    const [row] = await challenged.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM openid_requests WHERE state = $1',
      [proof.state],
    );
    expect(row?.n).toBe(1);
  });
});

describe('answers that do not hold', () => {
  it('refuses a state never started, a code of another sign-in, and a forged code', async () => {
    const client = await SigningClient.create(gateway);
    const first = await answerFor(client, newLogin());
    const second = await answerFor(client, newLogin());
    for (const proof of [
      { ...first.proof, state: 'a'.repeat(43) },
      // Another sign-in's code under this state: PKCE and the code do not match.
      { ...first.proof, code: second.proof.code },
      { ...second.proof, code: 'forged-code' },
    ]) {
      const reply = await client.postEncrypted(ApiPath.googleSign, proof);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
    }
  });

  it('refuses an answer started for Apple sent to Google, and a gateway the provider does not know', async () => {
    const client = await SigningClient.create(gateway);
    const { proof } = await answerFor(client, newLogin(), 'apple');
    const crossed = await client.postEncrypted(ApiPath.googleSign, proof);
    expect(crossed.json?.code).toBe(AccountCode.thirdPartyProofInvalid);

    const stranger = await SigningClient.create(wrongSecret);
    const started = await answerFor(stranger, newLogin());
    const refused = await stranger.postEncrypted(ApiPath.googleSign, started.proof);
    expect(refused.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('refuses malformed answers with 400 before anything is checked', async () => {
    const client = await SigningClient.create(gateway);
    for (const body of [
      { code: 'x' },
      { code: '', state: 'a'.repeat(43) },
      { code: 'x', state: 'short' },
      { code: 'x', state: 'a'.repeat(43), extra: 1 },
    ]) {
      const reply = await client.postEncrypted(ApiPath.googleSign, body);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(GatewayCode.validationFailed);
    }
  });
});

describe('binding and unbinding Google', () => {
  it('binds to a password account given the password, and unbinds it', async () => {
    const client = await SigningClient.create(gateway);
    expect(
      (await client.postEncrypted(ApiPath.registerEmail, registrationBody(uniqueEmail('oidc'))))
        .json?.code,
    ).toBe('00000');
    const login = newLogin();
    const { proof } = await answerFor(client, login);
    const noPassword = await client.signedPostEncrypted(ApiPath.googleBind, proof);
    expect(noPassword.json?.code).toBe(AccountCode.wrongCredentials);
    const fresh = await answerFor(client, login);
    const bound = await client.signedPostEncrypted(ApiPath.googleBind, {
      ...fresh.proof,
      pwd: STRONG_PASSWORD,
    });
    expect(bound.json?.code).toBe('00000');
    expect((await list(client)).items).toMatchObject([{ provider: 'google', subject: login }]);
    const unbound = await client.signedPostEncrypted(ApiPath.googleUnbind, {
      id: login,
      pwd: STRONG_PASSWORD,
    });
    expect(unbound.json?.code).toBe('00000');
    expect((await list(client)).items).toEqual([]);
  });

  it('keeps the last way in of an account registered with Google', async () => {
    const login = newLogin();
    const { client } = await register(login);
    const last = await client.signedPostEncrypted(ApiPath.googleUnbind, { id: login });
    expect(last.status).toBe(409);
    expect(last.json?.code).toBe(AccountCode.lastWayIn);
  });
});
