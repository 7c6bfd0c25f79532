import { createHash, createHmac } from 'node:crypto';
import {
  authenticatorSetupReplySchema,
  secondFactorReplySchema,
} from '@exchange-web/protocol/authenticator';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { sessionReplySchema, signInHistoryReplySchema } from '@exchange-web/protocol/schemas';
import {
  telegramConfigReplySchema,
  thirdPartyCheckReplySchema,
  thirdPartyListReplySchema,
  type TelegramProof,
} from '@exchange-web/protocol/third-party';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

/** The site's bot, as BotFather would issue it; another bot's token signs nothing here. */
const BOT_TOKEN = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';
const OTHER_BOT_TOKEN = '7000000002:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw_';

let gateway: RunningGateway;
/** Human verification of registrations on, as by default. */
let challenged: RunningGateway;
/** No bot token: Telegram is not set up. */
let unconfigured: RunningGateway;
/** Two checks per address. */
let tight: RunningGateway;
beforeAll(async () => {
  const telegram = {
    telegramBotToken: BOT_TOKEN,
    telegramLoginUrl: 'http://127.0.0.1:1/telegram/auth',
  };
  [gateway, challenged, unconfigured, tight] = await Promise.all([
    startTestGateway(telegram),
    startTestGateway({ ...telegram, challengeRegister: true }),
    startTestGateway(),
    startTestGateway({ ...telegram, thirdPartyChecksPerIp: { limit: 2, windowMs: 60_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), challenged.stop(), unconfigured.stop(), tight.stop()]);
});

let nextId = 100_000 + Math.floor(Math.random() * 1_000_000);

/** Signs fields as Telegram's Login Widget does (core.telegram.org/widgets/login). */
function widgetProof(fields: Record<string, string>, { token = BOT_TOKEN } = {}): TelegramProof {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest())
    .update(checkString)
    .digest('hex');
  return { initData: new URLSearchParams({ ...fields, hash }).toString(), source: 'widget' };
}

/**
 * A Telegram account, and new widget data of it on each call: each a second older than the last,
 * as data Telegram signed at another moment (the same fields at the same second are the same data,
 * which is used once).
 */
function telegramPerson() {
  const id = String(nextId++);
  const createdAt = Math.floor(Date.now() / 1000);
  let age = 0;
  return {
    id,
    proof: (authDate = createdAt - age++) =>
      widgetProof({ id, first_name: 'Ada', username: `ada${id}`, auth_date: String(authDate) }),
  };
}

async function registerTelegram() {
  const client = await SigningClient.create(gateway);
  const person = telegramPerson();
  const reply = await client.postEncrypted(ApiPath.telegramRegister, person.proof());
  expect(reply.json?.code).toBe('00000');
  return { client, person, session: sessionReplySchema.parse(reply.json?.data) };
}

const check = async (client: SigningClient, id: string) =>
  thirdPartyCheckReplySchema.parse(
    (await client.postEncrypted(ApiPath.telegramCheck, { id })).json?.data,
  ).bound;

const list = async (client: SigningClient) =>
  thirdPartyListReplySchema.parse((await client.signedPost(ApiPath.thirdPartyList, {})).json?.data);

describe('Telegram configuration', () => {
  it('tells the page the login page and the bot id, never the token', async () => {
    const client = await SigningClient.create(gateway);
    const reply = await client.browser.post(ApiPath.telegramConfig, {});
    expect(telegramConfigReplySchema.parse(reply.json?.data)).toEqual({
      loginUrl: 'http://127.0.0.1:1/telegram/auth',
      botId: '7000000001',
    });
    expect(reply.text).not.toContain(BOT_TOKEN.split(':')[1]);
  });

  it('answers 503 with 21035 for every Telegram call when no bot token is set', async () => {
    const client = await SigningClient.create(unconfigured);
    const config = await client.browser.post(ApiPath.telegramConfig, {});
    expect(config.status).toBe(503);
    expect(config.json?.code).toBe(AccountCode.thirdPartyUnavailable);
    const sign = await client.postEncrypted(ApiPath.telegramSign, telegramPerson().proof());
    expect(sign.status).toBe(503);
    expect(sign.json?.code).toBe(AccountCode.thirdPartyUnavailable);
  });
});

describe('registering and signing in with Telegram', () => {
  it('makes an account with no password that Telegram signs into, and check tells it', async () => {
    const { client, person, session } = await registerTelegram();
    expect(session.userName).toBe(`telegram ${person.id.slice(0, 8)}`);
    expect(await list(client)).toEqual({
      items: [{ provider: 'telegram', subject: person.id, boundAt: expect.any(Number) }],
      hasPassword: false,
    });
    const visitor = await SigningClient.create(gateway);
    expect(await check(visitor, person.id)).toBe(true);
    expect(await check(visitor, telegramPerson().id)).toBe(false);

    const device = await SigningClient.create(gateway);
    const signedIn = await device.postEncrypted(ApiPath.telegramSign, person.proof());
    expect(signedIn.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(signedIn.json?.data).userId).toBe(session.userId);
    const history = signInHistoryReplySchema.parse(
      (await device.signedPost(ApiPath.signInHistory, {})).json?.data,
    );
    expect(history.items[0]).toMatchObject({ result: 'success', factor: 'telegram' });
  });

  it('limits checks per address, so Telegram ids cannot be tried in turn', async () => {
    const visitor = await SigningClient.create(tight);
    expect(await check(visitor, telegramPerson().id)).toBe(false);
    expect(await check(visitor, telegramPerson().id)).toBe(false);
    const third = await visitor.postEncrypted(ApiPath.telegramCheck, { id: telegramPerson().id });
    expect(third.status).toBe(429);
    expect(third.json?.code).toBe(GatewayCode.rateLimited);
  });

  it('lets an unknown account’s data register after sign-in refused it, and only once', async () => {
    const client = await SigningClient.create(gateway);
    const proof = telegramPerson().proof();
    const unknown = await client.postEncrypted(ApiPath.telegramSign, proof);
    expect(unknown.status).toBe(404);
    expect(unknown.json?.code).toBe(AccountCode.thirdPartyNotBound);
    // The refused sign-in did not use the data up: the page offers an account with it.
    expect((await client.postEncrypted(ApiPath.telegramRegister, proof)).json?.code).toBe('00000');
    // A copy of the same data (a shared link, a browser's history) signs nobody in.
    const copy = await SigningClient.create(gateway);
    const replayed = await copy.postEncrypted(ApiPath.telegramSign, proof);
    expect(replayed.status).toBe(400);
    expect(replayed.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
  });

  it('refuses a second registration of the same Telegram account', async () => {
    const { person } = await registerTelegram();
    const again = await SigningClient.create(gateway);
    const twice = await again.postEncrypted(ApiPath.telegramRegister, person.proof());
    expect(twice.status).toBe(409);
    expect(twice.json?.code).toBe(AccountCode.thirdPartyBound);
  });

  it('asks for human verification before registering, and keeps the data for the retry', async () => {
    const client = await SigningClient.create(challenged);
    const proof = telegramPerson().proof();
    expect((await client.postEncrypted(ApiPath.telegramRegister, proof)).json?.code).toBe('10021');
    const [row] = await challenged.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM third_party_nonces WHERE provider = 'telegram'`,
    );
    expect(row?.n).toBe(0);
  });

  it('asks an account with an authenticator app for its code after Telegram', async () => {
    const { client, person } = await registerTelegram();
    const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
    const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect(
      (await client.signedPostEncrypted(ApiPath.authenticatorBind, { googleCode: code })).json
        ?.code,
    ).toBe('00000');
    const device = await SigningClient.create(gateway);
    const first = await device.postEncrypted(ApiPath.telegramSign, person.proof());
    expect(first.json?.code).toBe('00000');
    expect(secondFactorReplySchema.parse(first.json?.data).secondFactor.factors).toEqual([
      'google',
    ]);
    expect((await device.signedPost(ApiPath.thirdPartyList, {})).status).toBe(401);
  });
});

describe('Telegram data that does not hold', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => TelegramProof][] = [
    [
      'signed for another bot',
      () => widgetProof({ id: '5', auth_date: String(now()) }, { token: OTHER_BOT_TOKEN }),
    ],
    ['older than 10 minutes', () => telegramPerson().proof(now() - 601)],
    ['dated ahead', () => telegramPerson().proof(now() + 300)],
    [
      'with a field changed after signing',
      () => {
        const proof = telegramPerson().proof();
        return { ...proof, initData: proof.initData.replace(/^id=\d+/, 'id=1') };
      },
    ],
    ['sent as a Mini App’s', () => ({ ...telegramPerson().proof(), source: 'miniApp' })],
    ['without its hash', () => ({ initData: `id=5&auth_date=${now()}`, source: 'widget' })],
  ];
  for (const [name, forge] of cases) {
    it(`refuses data ${name} with 21031, signing nobody in`, async () => {
      const client = await SigningClient.create(gateway);
      for (const path of [ApiPath.telegramSign, ApiPath.telegramRegister]) {
        const reply = await client.postEncrypted(path, forge());
        expect(reply.status).toBe(400);
        expect(reply.json?.code).toBe(AccountCode.thirdPartyProofInvalid);
      }
      expect((await client.signedPost(ApiPath.thirdPartyList, {})).status).toBe(401);
    });
  }

  it('refuses malformed bodies with 400 before anything is checked', async () => {
    const client = await SigningClient.create(gateway);
    const proof = telegramPerson().proof();
    for (const body of [
      { initData: proof.initData },
      { ...proof, source: 'bot' },
      { ...proof, initData: '' },
      { ...proof, initData: 'x'.repeat(4097) },
      { ...proof, extra: 1 },
    ]) {
      const reply = await client.postEncrypted(ApiPath.telegramSign, body);
      expect(reply.status).toBe(400);
      expect(reply.json?.code).toBe(GatewayCode.validationFailed);
    }
    for (const id of ['0', '-1', 'abc', '1'.repeat(21)]) {
      const reply = await client.postEncrypted(ApiPath.telegramCheck, { id });
      expect(reply.status).toBe(400);
    }
  });
});

describe('binding and unbinding Telegram', () => {
  it('binds Telegram to a password account given the password, signs in with it, unbinds it', async () => {
    const client = await SigningClient.create(gateway);
    const email = uniqueEmail('telegram');
    expect(
      (await client.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
    ).toBe('00000');
    const person = telegramPerson();
    const noPassword = await client.signedPostEncrypted(ApiPath.telegramBind, person.proof());
    expect(noPassword.json?.code).toBe(AccountCode.wrongCredentials);
    const bound = await client.signedPostEncrypted(ApiPath.telegramBind, {
      ...person.proof(),
      pwd: STRONG_PASSWORD,
    });
    expect(bound.json?.code).toBe('00000');
    expect(await list(client)).toMatchObject({
      items: [{ provider: 'telegram', subject: person.id }],
      hasPassword: true,
    });
    const device = await SigningClient.create(gateway);
    expect((await device.postEncrypted(ApiPath.telegramSign, person.proof())).json?.code).toBe(
      '00000',
    );

    // Another account cannot take it.
    const other = await SigningClient.create(gateway);
    await other.postEncrypted(ApiPath.registerEmail, registrationBody(uniqueEmail('telegram')));
    const taken = await other.signedPostEncrypted(ApiPath.telegramBind, {
      ...person.proof(),
      pwd: STRONG_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.json?.code).toBe(AccountCode.thirdPartyBound);

    const unbound = await client.signedPostEncrypted(ApiPath.telegramUnbind, {
      id: person.id,
      pwd: STRONG_PASSWORD,
    });
    expect(unbound.json?.code).toBe('00000');
    expect((await list(client)).items).toEqual([]);
    const after = await SigningClient.create(gateway);
    expect((await after.postEncrypted(ApiPath.telegramSign, person.proof())).json?.code).toBe(
      AccountCode.thirdPartyNotBound,
    );
  });

  it('keeps the last way in of an account registered with Telegram', async () => {
    const { client, person } = await registerTelegram();
    const last = await client.signedPostEncrypted(ApiPath.telegramUnbind, { id: person.id });
    expect(last.status).toBe(409);
    expect(last.json?.code).toBe(AccountCode.lastWayIn);
    const missing = await client.signedPostEncrypted(ApiPath.telegramUnbind, {
      id: telegramPerson().id,
    });
    expect(missing.status).toBe(404);
    expect(missing.json?.code).toBe(AccountCode.thirdPartyNotBound);
  });

  it('refuses binding without a signed session', async () => {
    const client = await SigningClient.create(gateway);
    const reply = await client.signedPostEncrypted(ApiPath.telegramBind, telegramPerson().proof());
    expect(reply.status).toBe(401);
  });
});
