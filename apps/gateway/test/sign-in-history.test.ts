import { secondFactorReplySchema } from '@exchange-web/protocol/authenticator';
import { ErrorCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  authenticatorBindReplySchema,
  authenticatorSetupReplySchema,
} from '@exchange-web/protocol/authenticator';
import { signInHistoryReplySchema } from '@exchange-web/protocol/schemas';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

async function client(ip = '203.0.113.9') {
  const created = await SigningClient.create(gateway);
  Object.assign(created.browser.headers, { 'user-agent': FIREFOX_ON_LINUX, 'x-forwarded-for': ip });
  return created;
}

const history = async (reader: SigningClient) =>
  signInHistoryReplySchema
    .parse((await reader.signedPost(ApiPath.signInHistory, {})).json?.data)
    .items.map(({ result, factor, ip }) => [result, factor, ip]);

describe('POST /v1/user/security/signInHistory', () => {
  it('lists each attempt on the account, newest first: result, factor, address and browser', async () => {
    const email = uniqueEmail('history');
    const owner = await client();
    await owner.postEncrypted(ApiPath.registerEmail, registrationBody(email));
    const stranger = await client('198.51.100.66');
    const wrong = await stranger.postEncrypted(ApiPath.login, {
      loginName: email,
      pwd: 'Wr0ng-Password',
    });
    expect(wrong.json?.code).toBe('21003');
    const again = await client('198.51.100.7');
    await again.postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });

    expect(await history(again)).toEqual([
      ['success', 'password', '198.51.100.7'],
      ['wrongPassword', 'password', '198.51.100.66'],
      ['success', 'registration', '203.0.113.9'],
    ]);
    const reply = signInHistoryReplySchema.parse(
      (await again.signedPost(ApiPath.signInHistory, {})).json?.data,
    );
    expect(reply.items[0]).toMatchObject({ browser: 'Firefox 133', os: 'Linux' });
    expect(reply.items[0]!.at).toBeGreaterThanOrEqual(reply.items[1]!.at);
  });

  it('records the second step by the factor that decided it', async () => {
    const email = uniqueEmail('history-2fa');
    const owner = await client();
    await owner.postEncrypted(ApiPath.registerEmail, registrationBody(email));
    const setup = await owner.signedPost(ApiPath.authenticatorSetup, {});
    const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const bound = await owner.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: totp.generate(),
    });
    const { recoveryCodes } = authenticatorBindReplySchema.parse(bound.json?.data);

    const phone = await client('198.51.100.8');
    const step = await phone.postEncrypted(ApiPath.login, {
      loginName: email,
      pwd: STRONG_PASSWORD,
    });
    const { token } = secondFactorReplySchema.parse(step.json?.data).secondFactor;
    await phone.postEncrypted(ApiPath.verifyLogin, { token, googleCode: '000000' });
    await phone.postEncrypted(ApiPath.verifyLogin, { token, googleCode: recoveryCodes[0] });

    expect((await history(phone)).slice(0, 3)).toEqual([
      ['success', 'recoveryCode', '198.51.100.8'],
      ['wrongCode', 'authenticator', '198.51.100.8'],
      ['secondFactorAsked', 'password', '198.51.100.8'],
    ]);
  });

  it('is a signed core call of a session', async () => {
    const owner = await client();
    await owner.postEncrypted(ApiPath.registerEmail, registrationBody(uniqueEmail('history')));
    const unsigned = await owner.browser.post(ApiPath.signInHistory, {});
    expect([unsigned.status, unsigned.json?.code]).toEqual([401, ErrorCode.signMissing]);
  });
});
