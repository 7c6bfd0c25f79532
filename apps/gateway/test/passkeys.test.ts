import { secondFactorReplySchema } from '@exchange-web/protocol/authenticator';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import {
  passkeyListReplySchema,
  passkeyOptionsReplySchema,
  passkeySchema,
  passkeySignInOptionsReplySchema,
  PasskeyRule,
} from '@exchange-web/protocol/passkeys';
import { ApiPath } from '@exchange-web/protocol/paths';
import { signInHistoryReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { SoftAuthenticator } from './soft-authenticator';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

let gateway: RunningGateway;
/** Two passkey sign-ins per address at most. */
let tight: RunningGateway;
beforeAll(async () => {
  [gateway, tight] = await Promise.all([
    startTestGateway({ securityLockMs: 24 * 3_600_000 }),
    startTestGateway({ passkeyChallengesPerIp: { limit: 2, windowMs: 60_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), tight.stop()]);
});

/** What the page's origin is to the gateway here: the address the tests reach it at. */
const site = () => ({ origin: gateway.url });

async function signedIn(on: RunningGateway = gateway) {
  const client = await SigningClient.create(on);
  const email = uniqueEmail('passkey');
  expect(
    (await client.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  return { client, email };
}

async function registerOptions(client: SigningClient, pwd = STRONG_PASSWORD) {
  return client.signedPostEncrypted(ApiPath.passkeyRegisterOptions, { pwd });
}

/** Adds a new software passkey to the account: asks, answers, and checks the reply. */
async function addPasskey(client: SigningClient, name = 'Laptop') {
  const asked = await registerOptions(client);
  expect(asked.json?.code).toBe('00000');
  const { options } = passkeyOptionsReplySchema.parse(asked.json?.data);
  const authenticator = new SoftAuthenticator();
  const added = await client.signedPostEncrypted(ApiPath.passkeyRegister, {
    name,
    fidoVerifyCode: JSON.stringify(authenticator.register(options.challenge, site())),
  });
  expect(added.json?.code).toBe('00000');
  return { authenticator, passkey: passkeySchema.parse(added.json?.data), options };
}

const list = async (client: SigningClient) =>
  passkeyListReplySchema.parse((await client.signedPost(ApiPath.passkeyList, '{}')).json?.data)
    .items;

async function passwordStep(email: string) {
  const device = await SigningClient.create(gateway);
  const login = await device.postEncrypted(ApiPath.login, {
    loginName: email,
    pwd: STRONG_PASSWORD,
  });
  expect(login.json?.code).toBe('00000');
  return { device, step: secondFactorReplySchema.parse(login.json?.data).secondFactor };
}

describe('adding a passkey', () => {
  it('asks for the password, then stores the new credential, and API keys wait', async () => {
    const { client } = await signedIn();
    const wrong = await registerOptions(client, 'Not-The-Passw0rd');
    expect(wrong.json?.code).toBe(AccountCode.wrongCredentials);

    const { passkey, options } = await addPasskey(client, '  Work laptop ');
    expect(passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null, synced: false });
    expect(options).toMatchObject({
      rp: { id: '127.0.0.1', name: 'exchange-web' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(await list(client)).toEqual([passkey]);

    const key = await client.signedPost(ApiPath.apiKeyCreate, {
      label: 'bot',
      permissions: ['read'],
      ipWhitelist: [],
    });
    expect(key.json?.code).toBe(AccountCode.securityLocked);
    // The public key alone is stored.
    const [row] = await gateway.db.query<{ public_key: string }>(
      'SELECT public_key FROM passkeys WHERE credential_id = $1',
      [passkey.id],
    );
    expect(row?.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('excludes the passkeys the account has when asking for another', async () => {
    const { client } = await signedIn();
    const { passkey } = await addPasskey(client);
    const { options } = passkeyOptionsReplySchema.parse((await registerOptions(client)).json?.data);
    expect(options.excludeCredentials).toEqual([
      expect.objectContaining({ id: passkey.id, type: 'public-key' }),
    ]);
  });

  it('refuses an answer with no challenge, for another site, or given twice', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const register = (fidoVerifyCode: unknown) =>
      client.signedPostEncrypted(ApiPath.passkeyRegister, {
        name: 'Phone',
        fidoVerifyCode: JSON.stringify(fidoVerifyCode),
      });
    expect((await register(authenticator.register('A'.repeat(43), site()))).json?.code).toBe(
      AccountCode.passkeyInvalid,
    );

    const asked = passkeyOptionsReplySchema.parse((await registerOptions(client)).json?.data);
    const phishing = authenticator.register(asked.options.challenge, {
      origin: 'https://exchange-web.example.net',
    });
    expect((await register(phishing)).json?.code).toBe(AccountCode.passkeyInvalid);
    // That try used the challenge up: the right answer to it is refused now too.
    const late = authenticator.register(asked.options.challenge, site());
    expect((await register(late)).json?.code).toBe(AccountCode.passkeyInvalid);
    expect(await list(client)).toEqual([]);
  });

  it('refuses malformed answers with a clear code', async () => {
    const { client } = await signedIn();
    await registerOptions(client);
    for (const fidoVerifyCode of ['not json', '[]', '{"id":1}', '']) {
      const bad = await client.signedPostEncrypted(ApiPath.passkeyRegister, {
        name: 'Phone',
        fidoVerifyCode,
      });
      expect(bad.status, fidoVerifyCode).toBe(400);
      expect(bad.json?.code, fidoVerifyCode).toBe(GatewayCode.validationFailed);
    }
    const noName = await client.signedPostEncrypted(ApiPath.passkeyRegister, {
      name: ' ',
      fidoVerifyCode: '{}',
    });
    expect(noName.json?.code).toBe(GatewayCode.validationFailed);
  });

  it(`holds at most ${PasskeyRule.maxPerAccount} passkeys`, async () => {
    const { client } = await signedIn();
    for (let index = 0; index < PasskeyRule.maxPerAccount; index += 1)
      await addPasskey(client, `Key ${index}`);
    const full = await registerOptions(client);
    expect([full.status, full.json?.code]).toEqual([409, AccountCode.passkeyLimitReached]);
  });
});

describe('signing in with a passkey', () => {
  it('makes it the second step after the password, checked against the ticket’s challenge', async () => {
    const { client, email } = await signedIn();
    const { authenticator } = await addPasskey(client);
    const { device, step } = await passwordStep(email);
    expect(step.factors).toEqual(['fido']);
    const challenge = String(step.passkeyOptions?.challenge);
    expect(step.passkeyOptions?.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);

    // Another authenticator's answer (not a passkey of the account) is refused.
    const stranger = new SoftAuthenticator();
    const refused = await device.postEncrypted(ApiPath.verifyLogin, {
      token: step.token,
      fidoVerifyCode: JSON.stringify(stranger.assert(challenge, site())),
    });
    expect(refused.json?.code).toBe(AccountCode.passkeyInvalid);

    const answer = JSON.stringify(authenticator.assert(challenge, site()));
    const done = await device.postEncrypted(ApiPath.verifyLogin, {
      token: step.token,
      fidoVerifyCode: answer,
    });
    expect(done.json?.code).toBe('00000');
    expect(
      userInfoReplySchema.parse(
        (await device.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.data,
      ).userInfo.loginName,
    ).toBe(email);
    // The ticket is spent: the same answer again signs nobody in.
    const replay = await device.postEncrypted(ApiPath.verifyLogin, {
      token: step.token,
      fidoVerifyCode: answer,
    });
    expect(replay.json?.code).toBe(AccountCode.loginTicketInvalid);
    const history = signInHistoryReplySchema.parse(
      (await client.signedPost(ApiPath.signInHistory, '{}')).json?.data,
    );
    expect(history.items[0]).toMatchObject({ result: 'success', factor: 'passkey' });
    expect(history.items[1]).toMatchObject({ result: 'wrongCode', factor: 'passkey' });
    expect((await list(client))[0]?.lastUsedAt).toEqual(expect.any(Number));
  });

  it('signs in with the passkey alone through verifySystemLogin, once per challenge', async () => {
    const { client, email } = await signedIn();
    const { authenticator } = await addPasskey(client);
    const browser = await SigningClient.create(gateway);
    const asked = await browser.browser.post(ApiPath.passkeyOptions, {});
    expect(asked.json?.code).toBe('00000');
    const { token, options } = passkeySignInOptionsReplySchema.parse(asked.json?.data);
    expect(options).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const answer = JSON.stringify(authenticator.assert(options.challenge, site()));
    const signedInReply = await browser.postEncrypted(ApiPath.verifySystemLogin, {
      token,
      fidoVerifyCode: answer,
    });
    expect(signedInReply.json?.code).toBe('00000');
    expect(signedInReply.json?.data).toMatchObject({ loginName: email });
    // Its core calls are signed with the key of that encrypted body.
    expect((await browser.signedPost(ApiPath.passkeyList, '{}')).json?.code).toBe('00000');

    const replay = await (
      await SigningClient.create(gateway)
    ).postEncrypted(ApiPath.verifySystemLogin, { token, fidoVerifyCode: answer });
    expect(replay.json?.code).toBe(AccountCode.passkeyInvalid);
  });

  it('refuses a passwordless answer without user verification, or from a copied authenticator', async () => {
    const { client } = await signedIn();
    const { authenticator } = await addPasskey(client);
    const ask = async () =>
      passkeySignInOptionsReplySchema.parse(
        (await (await SigningClient.create(gateway)).browser.post(ApiPath.passkeyOptions, {})).json
          ?.data,
      );
    const send = async (token: string, fidoVerifyCode: unknown) =>
      (
        await (
          await SigningClient.create(gateway)
        ).postEncrypted(ApiPath.verifySystemLogin, {
          token,
          fidoVerifyCode: JSON.stringify(fidoVerifyCode),
        })
      ).json?.code;

    const presenceOnly = await ask();
    expect(
      await send(
        presenceOnly.token,
        authenticator.assert(presenceOnly.options.challenge, { ...site(), userVerified: false }),
      ),
    ).toBe(AccountCode.passkeyInvalid);

    const first = await ask();
    expect(await send(first.token, authenticator.assert(first.options.challenge, site()))).toBe(
      '00000',
    );
    // A clone whose counter is behind the one the gateway saw last.
    const cloned = await ask();
    authenticator.counter -= 2;
    expect(await send(cloned.token, authenticator.assert(cloned.options.challenge, site()))).toBe(
      AccountCode.passkeyInvalid,
    );
  });

  it('limits the passkey sign-ins one address asks for', async () => {
    const browser = await SigningClient.create(tight);
    Object.assign(browser.browser.headers, { 'x-forwarded-for': '192.0.2.90' });
    for (let index = 0; index < 2; index += 1)
      expect((await browser.browser.post(ApiPath.passkeyOptions, {})).json?.code).toBe('00000');
    const refused = await browser.browser.post(ApiPath.passkeyOptions, {});
    expect([refused.status, refused.json?.code]).toEqual([429, GatewayCode.rateLimited]);
  });
});

describe('removing a passkey', () => {
  it('takes the password, and the sign-in is one step again', async () => {
    const { client, email } = await signedIn();
    const { passkey } = await addPasskey(client);
    const remove = (pwd: string, id = passkey.id) =>
      client.signedPostEncrypted(ApiPath.passkeyRemove, { id, pwd });
    expect((await remove('Not-The-Passw0rd')).json?.code).toBe(AccountCode.wrongCredentials);
    expect((await remove(STRONG_PASSWORD)).json?.code).toBe('00000');
    expect(await list(client)).toEqual([]);
    const again = await remove(STRONG_PASSWORD);
    expect([again.status, again.json?.code]).toEqual([404, AccountCode.passkeyNotFound]);

    const login = await (
      await SigningClient.create(gateway)
    ).postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(login.json?.data).toMatchObject({ loginName: email });
  });

  it('belongs to the signed-in, signing account only', async () => {
    const owner = await signedIn();
    const { passkey } = await addPasskey(owner.client);
    const other = await signedIn();
    const foreign = await other.client.signedPostEncrypted(ApiPath.passkeyRemove, {
      id: passkey.id,
      pwd: STRONG_PASSWORD,
    });
    expect(foreign.json?.code).toBe(AccountCode.passkeyNotFound);
    const unsigned = await owner.client.browser.post(ApiPath.passkeyList, {});
    expect(unsigned.status).toBe(401);
    expect(await list(owner.client)).toHaveLength(1);
  });
});
