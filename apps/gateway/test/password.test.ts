import {
  authenticatorBindReplySchema,
  authenticatorSetupReplySchema,
} from '@exchange-web/protocol/authenticator';
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { securityChangeReplySchema } from '@exchange-web/protocol/schemas';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

const NEW_PASSWORD = 'N3w-Passw0rd-2026';
const HOUR_MS = 3_600_000;

let gateway: RunningGateway;
/** Creating API keys never waits here. */
let unlocked: RunningGateway;
beforeAll(async () => {
  [gateway, unlocked] = await Promise.all([
    startTestGateway({ securityLockMs: 24 * HOUR_MS }),
    startTestGateway({ securityLockMs: 0 }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), unlocked.stop()]);
});

async function signedIn(on: RunningGateway, email = uniqueEmail('password')) {
  const client = await SigningClient.create(on);
  expect(
    (await client.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  return { client, email };
}

const logIn = async (on: RunningGateway, email: string, pwd: string) =>
  (await (await SigningClient.create(on)).postEncrypted(ApiPath.login, { loginName: email, pwd }))
    .json?.code;

const change = (client: SigningClient, fields: Record<string, unknown>) =>
  client.signedPostEncrypted(ApiPath.changePassword, fields);

describe('POST /v1/user/security/changePassword', () => {
  it('changes the password, signs the other devices out and makes API keys wait', async () => {
    const { client, email } = await signedIn(gateway);
    const other = await SigningClient.create(gateway);
    await other.postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });

    const before = Date.now();
    const changed = await change(client, { pwd: STRONG_PASSWORD, newPwd: NEW_PASSWORD });
    expect(changed.json?.code).toBe('00000');
    const { lockedUntil } = securityChangeReplySchema.parse(changed.json?.data);
    expect(lockedUntil).toBeGreaterThan(before + 23 * HOUR_MS);

    expect(await logIn(gateway, email, STRONG_PASSWORD)).toBe(AccountCode.wrongCredentials);
    expect(await logIn(gateway, email, NEW_PASSWORD)).toBe('00000');
    const signedOut = await other.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(signedOut.json?.code).toBe(ErrorCode.sessionExpired);
    expect((await client.browser.post(ApiPath.userInfo, { locale: 'en' })).status).toBe(200);

    const key = await client.signedPost(ApiPath.apiKeyCreate, {
      label: 'bot',
      permissions: ['read'],
      ipWhitelist: [],
    });
    expect([key.status, key.json?.code]).toEqual([403, AccountCode.securityLocked]);
    expect(Number(key.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it('lets API keys be made at once when the wait is off', async () => {
    const { client } = await signedIn(unlocked);
    await change(client, { pwd: STRONG_PASSWORD, newPwd: NEW_PASSWORD });
    const key = await client.signedPost(ApiPath.apiKeyCreate, {
      label: 'bot',
      permissions: ['read'],
      ipWhitelist: [],
    });
    expect(key.json?.code).toBe('00000');
  });

  it('refuses a wrong current password (21003) and a weak new one (21002), changing nothing', async () => {
    const { client, email } = await signedIn(gateway);
    const wrong = await change(client, { pwd: 'Wr0ng-Passw0rd', newPwd: NEW_PASSWORD });
    expect([wrong.status, wrong.json?.code]).toEqual([401, AccountCode.wrongCredentials]);
    const weak = await change(client, { pwd: STRONG_PASSWORD, newPwd: 'short' });
    expect([weak.status, weak.json?.code]).toEqual([400, AccountCode.weakPassword]);
    expect(await logIn(gateway, email, STRONG_PASSWORD)).toBe('00000');
  });

  it('needs the authenticator code when an app is linked', async () => {
    const { client, email } = await signedIn(unlocked);
    const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
    const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const bound = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: totp.generate(),
    });
    const { recoveryCodes } = authenticatorBindReplySchema.parse(bound.json?.data);

    const without = await change(client, { pwd: STRONG_PASSWORD, newPwd: NEW_PASSWORD });
    expect([without.status, without.json?.code]).toEqual([
      400,
      AccountCode.authenticatorCodeInvalid,
    ]);
    const withCode = await change(client, {
      pwd: STRONG_PASSWORD,
      newPwd: NEW_PASSWORD,
      googleCode: recoveryCodes[0],
    });
    expect(withCode.json?.code).toBe('00000');
    const step = await (
      await SigningClient.create(unlocked)
    ).postEncrypted(ApiPath.login, {
      loginName: email,
      pwd: NEW_PASSWORD,
    });
    expect(step.json?.data).toHaveProperty('secondFactor');
  });

  it('throttles wrong current passwords like codes, and takes signed calls only', async () => {
    const { client } = await signedIn(gateway);
    const unsigned = await client.browser.post(ApiPath.changePassword, {
      pwd: STRONG_PASSWORD,
      newPwd: NEW_PASSWORD,
    });
    expect([unsigned.status, unsigned.json?.code]).toEqual([401, ErrorCode.signMissing]);
    const malformed = await change(client, { pwd: STRONG_PASSWORD });
    expect([malformed.status, malformed.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    const codes: unknown[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      codes.push(
        (await change(client, { pwd: 'Wr0ng-Passw0rd', newPwd: NEW_PASSWORD })).json?.code,
      );
    // The login limit per account (5 by default) is reached on the sixth.
    expect(codes).toEqual([
      ...Array<string>(5).fill(AccountCode.wrongCredentials),
      AccountCode.tooManyAttempts,
    ]);
  });
});
