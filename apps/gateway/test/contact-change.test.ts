// Changing the account's e-mail or mobile number (README "Account security"): codes to the current
// and the new address over real SMTP and a real SMS webhook, read from the caught messages.
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { securityChangeReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { MessageCatchers } from './message-catchers';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, STRONG_PASSWORD, uniqueEmail } from './support';

const catchers = new MessageCatchers();
let gateway: RunningGateway;
beforeAll(async () => {
  const [smtpPort, webhookPort] = await Promise.all([catchers.smtpPort(), catchers.webhookPort()]);
  gateway = await startTestGateway({
    mailUrl: `smtp://127.0.0.1:${smtpPort}`,
    smsWebhookUrl: `http://127.0.0.1:${webhookPort}/api/sms`,
    securityLockMs: 3_600_000,
  });
});
afterAll(async () => {
  await gateway.stop();
  await catchers.stop();
});

let mobileCounter = 0;
const uniqueMobile = () => {
  mobileCounter += 1;
  return `80${String(Date.now() % 1_000_000).padStart(6, '0')}${String(mobileCounter).padStart(2, '0')}`;
};

/** The code of the last message to `to` (an address, or `+81 9012345678`). */
function codeFor(to: string): string {
  const code = /verification code is (\d{6})\./.exec(
    catchers.caughtFor(to).at(-1)?.text ?? '',
  )?.[1];
  if (code === undefined) throw new Error(`no code was sent to ${to}`);
  return code;
}

async function emailAccount() {
  const client = await SigningClient.create(gateway);
  const email = uniqueEmail('contact');
  expect(
    (await client.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  return { client, email };
}

const send = (client: SigningClient, fields: Record<string, unknown>) =>
  client.signedPostEncrypted(ApiPath.sendChangeCode, fields);

const userInfo = async (client: SigningClient) =>
  userInfoReplySchema.parse(
    (await client.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.data,
  ).userInfo;

const logIn = async (loginName: string) =>
  (
    await (
      await SigningClient.create(gateway)
    ).postEncrypted(ApiPath.login, { loginName, pwd: STRONG_PASSWORD })
  ).json?.code;

describe('changing the e-mail address', () => {
  it('takes a code from the current address, one from the new, and the password', async () => {
    const { client, email } = await emailAccount();
    const other = await SigningClient.create(gateway);
    await other.postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    const next = uniqueEmail('contact-new');

    expect((await send(client, { to: 'current' })).json?.code).toBe('00000');
    expect((await send(client, { to: 'email', email: next.toUpperCase() })).json?.code).toBe(
      '00000',
    );
    const current = catchers.caughtFor(email).at(-1);
    expect(current?.subject).toBe('Your exchange-web security code');
    expect(current?.text).toContain('confirm a change of your account');

    const changed = await client.signedPostEncrypted(ApiPath.changeEmail, {
      email: next,
      emailCode: codeFor(next),
      verifyCode: codeFor(email),
      pwd: STRONG_PASSWORD,
    });
    expect(changed.json?.code).toBe('00000');
    expect(securityChangeReplySchema.parse(changed.json?.data).lockedUntil).toBeGreaterThan(
      Date.now(),
    );
    expect(await userInfo(client)).toMatchObject({ email: next, loginName: next });
    // The old address no longer signs in; the new one does; the other device is signed out.
    expect(await logIn(email)).toBe(AccountCode.wrongCredentials);
    expect(await logIn(next)).toBe('00000');
    expect((await other.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.code).toBe(
      ErrorCode.sessionExpired,
    );
    // Both addresses are told.
    for (const to of [email, next])
      expect(catchers.caughtFor(to).at(-1)?.subject, to).toBe(
        'The e-mail address of your exchange-web account was changed',
      );
  });

  it('refuses swapped, missing or reused codes, and a wrong password spends none', async () => {
    const { client, email } = await emailAccount();
    const next = uniqueEmail('contact-new');
    await send(client, { to: 'current' });
    await send(client, { to: 'email', email: next });
    const change = (fields: Record<string, unknown>) =>
      client.signedPostEncrypted(ApiPath.changeEmail, {
        email: next,
        pwd: STRONG_PASSWORD,
        ...fields,
      });
    const swapped = await change({ emailCode: codeFor(email), verifyCode: codeFor(next) });
    expect([swapped.status, swapped.json?.code]).toEqual([400, AccountCode.verifyCodeInvalid]);
    const wrongPassword = await change({
      emailCode: codeFor(next),
      verifyCode: codeFor(email),
      pwd: 'Not-The-Passw0rd',
    });
    expect(wrongPassword.json?.code).toBe(AccountCode.wrongCredentials);
    const missing = await change({ emailCode: codeFor(next) });
    expect(missing.json?.code).toBe(GatewayCode.validationFailed);

    const right = { emailCode: codeFor(next), verifyCode: codeFor(email) };
    expect((await change(right)).json?.code).toBe('00000');
    const again = await client.signedPostEncrypted(ApiPath.changeEmail, {
      email: uniqueEmail('contact-third'),
      pwd: STRONG_PASSWORD,
      ...right,
    });
    expect(again.json?.code).toBe(AccountCode.verifyCodeInvalid);
  });

  it('tells nothing of an address that is another account’s: a notice goes there, no code', async () => {
    const { client } = await emailAccount();
    const { email: taken } = await emailAccount();
    const sent = await send(client, { to: 'email', email: taken });
    expect(sent.json?.code).toBe('00000');
    const notice = catchers.caughtFor(taken).at(-1);
    expect(notice?.text).toContain('This address already belongs to an account');
    expect(notice?.text).not.toMatch(/\d{6}/);
    await send(client, { to: 'current' });
  });

  it('refuses the account’s own address, bad input, an early resend and an unsigned call', async () => {
    const { client, email } = await emailAccount();
    const same = await send(client, { to: 'email', email });
    expect([same.status, same.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    for (const fields of [{ to: 'email', email: 'not-an-address' }, { to: 'fax' }, {}]) {
      const bad = await send(client, fields);
      expect(bad.json?.code, JSON.stringify(fields)).toBe(GatewayCode.validationFailed);
    }
    expect((await send(client, { to: 'current' })).json?.code).toBe('00000');
    const early = await send(client, { to: 'current' });
    expect([early.status, early.json?.code]).toEqual([429, AccountCode.verifyCodeTooSoon]);
    const unsigned = await client.postEncrypted(ApiPath.sendChangeCode, { to: 'current' });
    expect(unsigned.status).toBe(401);
  });
});

describe('changing the mobile number', () => {
  it('moves a mobile account to a new number, its login name with it', async () => {
    const client = await SigningClient.create(gateway);
    const old = uniqueMobile();
    expect(
      (
        await client.postEncrypted(ApiPath.registerMobile, {
          areaCode: '+81',
          mobile: old,
          pwd: STRONG_PASSWORD,
          rePwd: STRONG_PASSWORD,
        })
      ).json?.code,
    ).toBe('00000');
    const fresh = uniqueMobile();
    await send(client, { to: 'current' });
    await send(client, { to: 'mobile', areaCode: '+44', mobile: fresh });
    const changed = await client.signedPostEncrypted(ApiPath.changeMobile, {
      areaCode: '+44',
      mobile: fresh,
      mobileCode: codeFor(`+44 ${fresh}`),
      verifyCode: codeFor(`+81 ${old}`),
      pwd: STRONG_PASSWORD,
    });
    expect(changed.json?.code).toBe('00000');
    expect(await userInfo(client)).toMatchObject({ loginName: `+44 ${fresh}` });
    expect(await logIn(`+44 ${fresh}`)).toBe('00000');
    expect(await logIn(`+81 ${old}`)).toBe(AccountCode.wrongCredentials);
    expect(catchers.caughtFor(`+81 ${old}`).at(-1)?.text).toContain('mobile number');
  });

  it('adds a number to an e-mail account, the current code going by e-mail', async () => {
    const { client, email } = await emailAccount();
    const fresh = uniqueMobile();
    await send(client, { to: 'current' });
    await send(client, { to: 'mobile', areaCode: '81', mobile: fresh });
    const changed = await client.signedPostEncrypted(ApiPath.changeMobile, {
      areaCode: '81',
      mobile: fresh,
      mobileCode: codeFor(`+81 ${fresh}`),
      verifyCode: codeFor(email),
      pwd: STRONG_PASSWORD,
    });
    expect(changed.json?.code).toBe('00000');
    expect(await userInfo(client)).toMatchObject({ loginName: email });
    expect(await logIn(`+81 ${fresh}`)).toBe('00000');
  });
});
