// Sign-in from a new device (README "Account security"): a password sign-in no earlier sign-in's
// key vouches for is finished with a code sent over real SMTP (or a real SMS webhook) to the
// account's address, read here from the caught message.
import {
  AuthenticatorRule,
  authenticatorSetupReplySchema,
  secondFactorReplySchema,
} from '@exchange-web/protocol/authenticator';
import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { CookieName } from '@exchange-web/protocol/registry';
import { sessionReplySchema, signInHistoryReplySchema } from '@exchange-web/protocol/schemas';
import { VerifyCodeRule } from '@exchange-web/protocol/verification';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { MessageCatchers } from './message-catchers';
import {
  deviceCheckHeaders,
  encryptedBody,
  fetchSignConfig,
  newClientKey,
  SigningClient,
  type ClientKeyPair,
} from './signing-client';
import {
  registrationBody,
  startTestGateway,
  STRONG_PASSWORD,
  TestBrowser,
  uniqueEmail,
  type CallResult,
} from './support';

const catchers = new MessageCatchers();
let gateway: RunningGateway;
/** A gateway that sends no e-mail and no SMS. */
let mute: RunningGateway;
/** One with the step off (GATEWAY_NEW_DEVICE_VERIFY=0). */
let off: RunningGateway;
beforeAll(async () => {
  const [smtpPort, webhookPort] = await Promise.all([catchers.smtpPort(), catchers.webhookPort()]);
  [gateway, mute, off] = await Promise.all([
    startTestGateway({
      newDeviceVerify: true,
      mailUrl: `smtp://127.0.0.1:${smtpPort}`,
      smsWebhookUrl: `http://127.0.0.1:${webhookPort}/api/sms`,
      loginFailuresPerAccount: { limit: 50, windowMs: 60_000 },
      signInCodesPerAccount: { limit: 4, windowMs: 3_600_000 },
    }),
    startTestGateway({ newDeviceVerify: true }),
    startTestGateway({ newDeviceVerify: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), mute.stop(), off.stop()]);
  await catchers.stop();
});

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A registered account (its registration's key is a known device) and that browser. */
async function newAccount(on: RunningGateway = gateway) {
  const client = await SigningClient.create(on);
  const email = uniqueEmail('device');
  const registered = await client.postEncrypted(ApiPath.registerEmail, registrationBody(email));
  expect(registered.json?.code).toBe('00000');
  return { client, email };
}

/** A registered account with a number only (`+81 …`): its login name. */
async function mobileAccount(prefix: string): Promise<{ number: string; userId: string }> {
  const client = await SigningClient.create(gateway);
  const mobile = `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const registered = await client.postEncrypted(ApiPath.registerMobile, {
    areaCode: '+81',
    mobile,
    pwd: STRONG_PASSWORD,
    rePwd: STRONG_PASSWORD,
  });
  expect(registered.json?.code).toBe('00000');
  return {
    number: `+81 ${mobile}`,
    userId: sessionReplySchema.parse(registered.json?.data).userId,
  };
}

/**
 * The password step from a browser with its own key; `lastKey` signs the device check (a browser
 * that signed in before), none for a browser never seen.
 */
async function passwordStep(
  email: string,
  options: { on?: RunningGateway; lastKey?: ClientKeyPair; userAgent?: string } = {},
) {
  const on = options.on ?? gateway;
  const key = await newClientKey();
  const { serverPublicKey } = await fetchSignConfig(on);
  const body = JSON.stringify(
    encryptedBody(key, serverPublicKey, { loginName: email, pwd: STRONG_PASSWORD }),
  );
  const browser = new TestBrowser(on);
  const reply = await browser.send('POST', ApiPath.login, body, {
    ...(options.lastKey ? deviceCheckHeaders(options.lastKey, ApiPath.login, body) : {}),
    ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
  });
  return { client: new SigningClient(browser, key), reply };
}

/** The ticket of a password step that asks a second step. */
const ticketOf = (reply: CallResult) =>
  secondFactorReplySchema.parse(reply.json?.data).secondFactor;

/** The code of the newest message to `to`, and that message. */
function sentCode(to: string) {
  const message = catchers.caughtFor(to).at(-1);
  const code = /verification code is (\d{6})\./.exec(message?.text ?? '')?.[1];
  if (!message || code === undefined) throw new Error(`no code was sent to ${to}`);
  return { code, message };
}

/** Moves the account's last sent code past the resend pause, as if a minute had gone by. */
const endResendPause = (loginName: string) =>
  gateway.db.query(
    `UPDATE login_tickets SET code_sent_at = now() - interval '61 seconds'
     WHERE user_id = (SELECT user_id FROM users WHERE login_name = $1)`,
    [loginName],
  );

const refusal = (result: CallResult) => [result.status, result.json?.code];

describe('a sign-in from a new device', () => {
  it('asks for a code e-mailed to the account, naming the device, and signs in with it', async () => {
    const { email } = await newAccount();
    const { client, reply } = await passwordStep(email, { userAgent: CHROME_ON_WINDOWS });
    expect(reply.json?.code).toBe('00000');
    // No session yet: the step is not finished.
    expect(reply.cookies).toEqual([]);
    const step = ticketOf(reply);
    expect(step).toMatchObject({
      factors: ['email'],
      codeSentTo: `d***@${email.split('@')[1]}`,
      resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
      expiresInSeconds: AuthenticatorRule.loginTicketTtlSeconds,
    });
    const { code, message } = sentCode(email);
    expect(message.subject).toBe('Your exchange-web sign-in code');
    expect(message.text).toContain(
      'from a new device: Chrome 131 on Windows 10, address 127.0.0.1',
    );

    const signedIn = await client.postEncrypted(ApiPath.verifyLogin, {
      token: step.token,
      emailCode: code,
    });
    expect(signedIn.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(signedIn.json?.data).loginName).toBe(email);
    const history = signInHistoryReplySchema.parse(
      (await client.signedPost(ApiPath.signInHistory, '{}')).json?.data,
    );
    expect(history.items.slice(0, 2).map((item) => [item.result, item.factor])).toEqual([
      ['success', 'emailCode'],
      ['secondFactorAsked', 'password'],
    ]);

    // That browser's key is now a known device: its next sign-in needs no code.
    const again = await passwordStep(email, { lastKey: client.key });
    expect(sessionReplySchema.parse(again.reply.json?.data).deviceKnown).toBe(true);
  });

  it('signs a known device in at once, sending nothing', async () => {
    const { client, email } = await newAccount();
    const { reply } = await passwordStep(email, { lastKey: client.key });
    expect(sessionReplySchema.parse(reply.json?.data).deviceKnown).toBe(true);
    expect(catchers.caughtFor(email)).toEqual([]);
  });

  it('asks a device whose check fails (another key signed it) just as one that sent none', async () => {
    const { email } = await newAccount();
    const { reply } = await passwordStep(email, { lastKey: await newClientKey() });
    expect(ticketOf(reply).factors).toEqual(['email']);
  });

  it('shows the anti-phishing code in the sign-in e-mail, and escapes the agent in its HTML', async () => {
    const { client, email } = await newAccount();
    const set = await client.signedPost(ApiPath.antiPhishingSet, {
      antiPhishingCode: 'Blue-Heron',
    });
    expect(set.json?.code).toBe('00000');
    await passwordStep(email, { userAgent: '<img src=x onerror=alert(1)>/1234567 (x)' });
    const { message } = sentCode(email);
    expect(message.text.split('\n')[0]).toBe('Anti-phishing code: Blue-Heron');
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&lt;img');
    // A long number in the agent is cut, so only the code reads as one.
    expect(message.text.match(/\d{6}/g)).toHaveLength(1);
  });

  it('refuses a wrong code (21017), voids the ticket after five, and a code serves its sign-in only', async () => {
    const { email } = await newAccount();
    const first = await passwordStep(email);
    const { token } = ticketOf(first.reply);
    const { code } = sentCode(email);
    const wrongFor = (right: string) => (right === '000000' ? '000001' : '000000');
    const answer = (client: SigningClient, ticket: string, emailCode: string) =>
      client.postEncrypted(ApiPath.verifyLogin, { token: ticket, emailCode });

    expect(refusal(await answer(first.client, token, wrongFor(code)))).toEqual([
      400,
      AccountCode.verifyCodeInvalid,
    ]);
    // A mobile code for an account reached by e-mail is wrong too.
    expect(
      refusal(await first.client.postEncrypted(ApiPath.verifyLogin, { token, mobileCode: code })),
    ).toEqual([400, AccountCode.verifyCodeInvalid]);
    expect((await answer(first.client, token, code)).json?.code).toBe('00000');
    // The ticket is spent with its code.
    expect(refusal(await answer(first.client, token, code))).toEqual([
      401,
      AccountCode.loginTicketInvalid,
    ]);

    const second = await passwordStep(email);
    const secondToken = ticketOf(second.reply).token;
    const fresh = sentCode(email).code;
    for (let attempt = 0; attempt < AuthenticatorRule.loginTicketAttempts; attempt += 1)
      await answer(second.client, secondToken, wrongFor(fresh));
    expect(refusal(await answer(second.client, secondToken, fresh))).toEqual([
      401,
      AccountCode.loginTicketInvalid,
    ]);
  });

  it('gives two sign-ins at once a code each, and neither code serves the other', async () => {
    const { email } = await newAccount();
    const one = await passwordStep(email);
    const oneCode = sentCode(email).code;
    const two = await passwordStep(email);
    const twoCode = sentCode(email).code;
    expect(catchers.caughtFor(email)).toHaveLength(2);
    const answer = (step: typeof one, emailCode: string) =>
      step.client.postEncrypted(ApiPath.verifyLogin, {
        token: ticketOf(step.reply).token,
        emailCode,
      });
    if (oneCode !== twoCode) {
      expect((await answer(one, twoCode)).json?.code).toBe(AccountCode.verifyCodeInvalid);
      expect((await answer(two, oneCode)).json?.code).toBe(AccountCode.verifyCodeInvalid);
    }
    expect((await answer(two, twoCode)).json?.code).toBe('00000');
    expect((await answer(one, oneCode)).json?.code).toBe('00000');
  });

  it('sends an account at most its codes per window (42900), leaving no ticket', async () => {
    const { email } = await newAccount();
    for (let sign = 0; sign < 4; sign += 1)
      expect((await passwordStep(email)).reply.json?.code).toBe('00000');
    const tickets = async () =>
      (
        await gateway.db.query(
          `SELECT 1 FROM login_tickets
           WHERE user_id = (SELECT user_id FROM users WHERE login_name = $1)`,
          [email],
        )
      ).length;
    expect(await tickets()).toBe(4);
    const capped = await passwordStep(email);
    expect(refusal(capped.reply)).toEqual([429, GatewayCode.rateLimited]);
    expect(Number(capped.reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tickets()).toBe(4);
    expect(catchers.caughtFor(email)).toHaveLength(4);
  });
});

describe('another code', () => {
  it('is sent to the same address once the pause is over; sooner answers 21018', async () => {
    const { email } = await newAccount();
    const { client, reply } = await passwordStep(email);
    const { token } = ticketOf(reply);
    const first = sentCode(email).code;

    const tooSoon = await client.postEncrypted(ApiPath.resendLoginCode, { token });
    expect(refusal(tooSoon)).toEqual([429, AccountCode.verifyCodeTooSoon]);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(catchers.caughtFor(email)).toHaveLength(1);

    await endResendPause(email);
    const resent = await client.postEncrypted(ApiPath.resendLoginCode, { token });
    expect(resent.json).toMatchObject({
      code: '00000',
      data: { resendAfterSeconds: VerifyCodeRule.resendAfterSeconds },
    });
    // The ticket's time, not a new one: the code serves as long as its sign-in.
    const { expiresInSeconds } = resent.json?.data as { expiresInSeconds: number };
    expect(expiresInSeconds).toBeGreaterThan(AuthenticatorRule.loginTicketTtlSeconds - 30);
    expect(expiresInSeconds).toBeLessThanOrEqual(AuthenticatorRule.loginTicketTtlSeconds);
    const second = sentCode(email).code;
    expect(catchers.caughtFor(email)).toHaveLength(2);
    // The new code replaced the old one.
    if (first !== second) {
      const old = await client.postEncrypted(ApiPath.verifyLogin, { token, emailCode: first });
      expect(old.json?.code).toBe(AccountCode.verifyCodeInvalid);
    }
    const signedIn = await client.postEncrypted(ApiPath.verifyLogin, { token, emailCode: second });
    expect(signedIn.json?.code).toBe('00000');
  });

  it('is refused for an unknown ticket (401) and a malformed body (40001)', async () => {
    const client = await SigningClient.create(gateway);
    expect(
      refusal(await client.postEncrypted(ApiPath.resendLoginCode, { token: 'A'.repeat(43) })),
    ).toEqual([401, AccountCode.loginTicketInvalid]);
    expect(
      refusal(await client.postEncrypted(ApiPath.resendLoginCode, { token: 'short' })),
    ).toEqual([400, GatewayCode.validationFailed]);
    expect(
      refusal(await client.postEncrypted(ApiPath.resendLoginCode, { token: 'A'.repeat(43), x: 1 })),
    ).toEqual([400, GatewayCode.validationFailed]);
  });
});

describe('accounts with a stronger factor, a number only, or no transport', () => {
  it('asks the authenticator app instead, and takes no sent code for its ticket', async () => {
    const { client, email } = await newAccount();
    const setup = authenticatorSetupReplySchema.parse(
      (await client.signedPost(ApiPath.authenticatorSetup, {})).json?.data,
    );
    const googleCode = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    const bound = await client.signedPostEncrypted(ApiPath.authenticatorBind, { googleCode });
    expect(bound.json?.code).toBe('00000');
    const before = catchers.caughtFor(email).length;

    const step = await passwordStep(email);
    const { token, factors } = ticketOf(step.reply);
    expect(factors).toEqual(['google']);
    // Only the alert of the linking reached the address: no sign-in code.
    expect(catchers.caughtFor(email)).toHaveLength(before);
    expect(
      refusal(await step.client.postEncrypted(ApiPath.verifyLogin, { token, emailCode: '123456' })),
    ).toEqual([400, GatewayCode.validationFailed]);
    expect(refusal(await step.client.postEncrypted(ApiPath.resendLoginCode, { token }))).toEqual([
      400,
      GatewayCode.validationFailed,
    ]);
  });

  it('texts the code to an account with a number only', async () => {
    const { number } = await mobileAccount('70');
    const step = await passwordStep(number);
    const { token, factors, codeSentTo } = ticketOf(step.reply);
    expect([factors, codeSentTo]).toEqual([['mobile'], `+81 ******${number.slice(-4)}`]);
    const { code, message } = sentCode(number);
    expect(message.channel).toBe('sms');
    expect(message.text).toContain('It signs in a new device');
    expect(
      refusal(await step.client.postEncrypted(ApiPath.verifyLogin, { token, emailCode: code })),
    ).toEqual([400, AccountCode.verifyCodeInvalid]);
    const signedIn = await step.client.postEncrypted(ApiPath.verifyLogin, {
      token,
      mobileCode: code,
    });
    expect(signedIn.json?.code).toBe('00000');
  });

  it('answers 50201 when the message cannot be sent, leaving no ticket', async () => {
    const { number, userId } = await mobileAccount('71');
    catchers.webhookStatus = 500;
    try {
      const { reply } = await passwordStep(number);
      expect(refusal(reply)).toEqual([502, GatewayCode.deliveryFailed]);
      const tickets = await gateway.db.query('SELECT 1 FROM login_tickets WHERE user_id = $1', [
        userId,
      ]);
      expect(tickets).toHaveLength(0);
    } finally {
      catchers.webhookStatus = 200;
    }
  });

  it('answers 50300 on a gateway that cannot send the code, issuing no ticket', async () => {
    const { email } = await newAccount(mute);
    const { reply } = await passwordStep(email, { on: mute });
    expect(refusal(reply)).toEqual([503, GatewayCode.channelUnavailable]);
    expect(reply.cookies).toEqual([]);
    expect((await mute.db.query('SELECT 1 FROM login_tickets')).length).toBe(0);
  });

  it('signs a new device in at once with the step off (GATEWAY_NEW_DEVICE_VERIFY=0)', async () => {
    const { email } = await newAccount(off);
    const { reply } = await passwordStep(email, { on: off });
    expect(sessionReplySchema.parse(reply.json?.data).loginName).toBe(email);
    expect(reply.cookies.map((cookie) => cookie.name)).toContain(CookieName.token);
  });
});
