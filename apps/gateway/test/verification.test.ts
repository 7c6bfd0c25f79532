// Registration by a verification code (README "Accounts and sessions"): sendVerifyCode over real
// SMTP (an smtp-server catcher in this file) and a real SMS webhook, then the registration calls.
// Each test fails on a gateway without its behaviour.
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { ChallengeScene, CookieName, HeaderName } from '@exchange-web/protocol/registry';
import { sessionReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { VerifyCodeRule } from '@exchange-web/protocol/verification';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords';
import { sweepExpired } from '../src/accounts/sweep';
import { insertUser, setAntiPhishingCode } from '../src/accounts/users';
import type { RunningGateway } from '../src/server';
import { codeHash, useCodes } from '../src/verification/codes';
import { passChallenge } from './challenge-client';
import { deadPort, MessageCatchers } from './message-catchers';
import { newClientKey, SigningClient } from './signing-client';
import {
  registrationBody,
  STRONG_PASSWORD,
  TestBrowser,
  startTestGateway,
  uniqueEmail,
  type CallResult,
} from './support';

const catchers = new MessageCatchers();

/** Codes on, with both transports; challenges off (startTestGateway's default). */
let gateway: RunningGateway;
/** The same, with the register rule on. */
let challenged: RunningGateway;
/** Codes on, an SMTP server that is down and no SMS transport. */
let crippled: RunningGateway;
/** Codes off (the test support's default). */
let unverified: RunningGateway;

beforeAll(async () => {
  const [smtpPort, webhookPort, downPort] = await Promise.all([
    catchers.smtpPort(),
    catchers.webhookPort(),
    deadPort(),
  ]);
  const transports = {
    registerVerify: true,
    mailUrl: `smtp://127.0.0.1:${smtpPort}`,
    smsWebhookUrl: `http://127.0.0.1:${webhookPort}/api/sms`,
  };
  [gateway, challenged, crippled, unverified] = await Promise.all([
    startTestGateway(transports),
    startTestGateway({ ...transports, challengeRegister: true, challengeMaxNumber: 1000 }),
    startTestGateway({
      registerVerify: true,
      mailUrl: `smtp://127.0.0.1:${downPort}`,
      smsWebhookUrl: undefined,
    }),
    startTestGateway({ mailUrl: `smtp://127.0.0.1:${smtpPort}` }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway, challenged, crippled, unverified].map((running) => running?.stop()));
  await catchers.stop();
});
beforeEach(() => {
  catchers.webhookStatus = 200;
});

let ipCounter = 0;
/** A browser with a visitor address of its own. */
const browser = (on: RunningGateway = gateway) => {
  ipCounter += 1;
  return new TestBrowser(on, { 'x-forwarded-for': `198.51.100.${ipCounter}` });
};

const sendEmailCode = (email: string, on: RunningGateway = gateway, visitor = browser(on)) =>
  visitor.post(ApiPath.sendVerifyCode, { scene: 'register', channel: 'email', email });
const sendMobileCode = (mobile: string, on: RunningGateway = gateway) =>
  browser(on).post(ApiPath.sendVerifyCode, {
    scene: 'register',
    channel: 'mobile',
    areaCode: '+81',
    mobile,
  });

const registerEmail = (email: string, emailCode?: string, visitor = browser()) =>
  visitor.post(ApiPath.registerEmail, {
    email,
    pwd: STRONG_PASSWORD,
    rePwd: STRONG_PASSWORD,
    ...(emailCode === undefined ? {} : { emailCode }),
  });

let mobileCounter = 0;
/** A national number no other test uses. */
const uniqueMobile = () => {
  mobileCounter += 1;
  return `90${String(Date.now() % 1_000_000).padStart(6, '0')}${String(mobileCounter).padStart(2, '0')}`;
};

/** The messages caught for a recipient, oldest first. */
const caughtFor = (to: string) => catchers.caughtFor(to);

const CODE_LINE = /^Your exchange-web verification code is (\d{6})\./;

/** The code of the last message to `to`, read from its fixed place (the text's first line). */
function codeFor(to: string): string {
  const message = caughtFor(to).at(-1);
  const code = CODE_LINE.exec(message?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** A 6-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const codeRow = async (on: RunningGateway, recipient: string) => {
  const rows = await on.db.query<{
    code_hash: string;
    attempts: number;
    used: boolean;
  }>('SELECT code_hash, attempts, used FROM verification_codes WHERE recipient = $1', [recipient]);
  return rows[0];
};

/** Moves a recipient's code past its expiry, as if its minutes had gone by. */
const expireCode = (recipient: string) =>
  gateway.db.query(
    `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE recipient = $1`,
    [recipient],
  );

/** Moves a recipient's last send past the resend pause (60 s). */
const endResendPause = (recipient: string) =>
  gateway.db.query(
    `UPDATE verification_codes SET sent_at = now() - interval '61 seconds' WHERE recipient = $1`,
    [recipient],
  );

const userCount = async (on: RunningGateway, loginName: string) =>
  (await on.db.query('SELECT 1 FROM users WHERE login_name = $1', [loginName])).length;

function expectSent(response: CallResult) {
  expect([response.status, response.json]).toEqual([
    200,
    {
      code: '00000',
      data: {
        expiresInSeconds: VerifyCodeRule.ttlSeconds,
        resendAfterSeconds: VerifyCodeRule.resendAfterSeconds,
      },
      msg: 'success',
    },
  ]);
}

function expectInvalidCode(response: CallResult) {
  expect([response.status, response.json?.code]).toEqual([400, AccountCode.verifyCodeInvalid]);
  expect(response.cookies).toEqual([]);
}

describe('a new address', () => {
  it('is sent a code by e-mail, and registers with it: the session starts', async () => {
    const email = uniqueEmail('Verify.New');
    const canonical = email.toLowerCase();
    expectSent(await sendEmailCode(email));

    const [mail, ...more] = caughtFor(canonical);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      channel: 'email',
      from: 'no-reply@exchange-web.test',
      subject: 'Your exchange-web verification code',
    });
    const code = codeFor(canonical);
    expect(mail?.html).toContain(`<strong>${code}</strong>`);
    // The table keeps a hash of the code, never the code.
    const row = await codeRow(gateway, canonical);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const visitor = browser();
    const response = await registerEmail(email, code, visitor);
    expect(response.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(response.json?.data).loginName).toBe(canonical);
    expect([...visitor.cookies.keys()]).toContain(CookieName.token);
    expect(await userCount(gateway, canonical)).toBe(1);
  });

  it('takes a code once: the same code again answers 21017, not 21001', async () => {
    const email = uniqueEmail('once');
    expectSent(await sendEmailCode(email));
    const code = codeFor(email);
    expect((await registerEmail(email, code)).json?.code).toBe('00000');
    expectInvalidCode(await registerEmail(email, code));
    expect((await codeRow(gateway, email))?.used).toBe(true);
  });

  it('refuses a wrong or missing code with 21017 and makes nothing; the right one still serves', async () => {
    const email = uniqueEmail('wrong');
    expectSent(await sendEmailCode(email));
    const code = codeFor(email);
    expectInvalidCode(await registerEmail(email, otherCode(code)));
    expectInvalidCode(await registerEmail(email));
    expect(await userCount(gateway, email)).toBe(0);
    expect((await codeRow(gateway, email))?.attempts).toBe(1);
    expect((await registerEmail(email, code)).json?.code).toBe('00000');
  });

  it('uses a code up after 5 wrong tries: the right one then answers 21017', async () => {
    const email = uniqueEmail('tries');
    expectSent(await sendEmailCode(email));
    const code = codeFor(email);
    for (let attempt = 0; attempt < VerifyCodeRule.maxAttempts; attempt += 1) {
      expectInvalidCode(await registerEmail(email, otherCode(code)));
    }
    expectInvalidCode(await registerEmail(email, code));
    expect(await codeRow(gateway, email)).toMatchObject({
      attempts: VerifyCodeRule.maxAttempts,
      used: false,
    });
    expect(await userCount(gateway, email)).toBe(0);
  });

  it('refuses an expired code with 21017, and the sweep deletes it once its pause is over', async () => {
    const email = uniqueEmail('expired');
    expectSent(await sendEmailCode(email));
    const code = codeFor(email);
    await expireCode(email);
    expectInvalidCode(await registerEmail(email, code));
    // Still within its resend pause: kept, so a sweep never lifts a pause early.
    await sweepExpired(gateway.db);
    expect(await codeRow(gateway, email)).toBeDefined();
    await endResendPause(email);
    await sweepExpired(gateway.db);
    expect(await codeRow(gateway, email)).toBeUndefined();
  });

  it('lets exactly one of several concurrent registrations with one code through', async () => {
    const email = uniqueEmail('race');
    expectSent(await sendEmailCode(email));
    const code = codeFor(email);
    const replies = await Promise.all([1, 2, 3, 4].map(() => registerEmail(email, code)));
    expect(replies.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      AccountCode.verifyCodeInvalid,
      AccountCode.verifyCodeInvalid,
      AccountCode.verifyCodeInvalid,
    ]);
    expect(await userCount(gateway, email)).toBe(1);
  });

  it('lets one of many uses of one code racing on the database win (every connection at once)', async () => {
    const email = uniqueEmail('db-race');
    expectSent(await sendEmailCode(email));
    const claim = {
      target: { scene: 'register', channel: 'email', recipient: email },
      code: codeFor(email),
    } as const;
    // Straight on the database, so on PostgreSQL the checks overlap on the pool's connections.
    const uses = await Promise.all(Array.from({ length: 12 }, () => useCodes(gateway.db, [claim])));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });
});

describe('the resend pause', () => {
  it('answers a second send within 60 s with 21018 and Retry-After, registered or new alike', async () => {
    const registered = uniqueEmail('pause-registered');
    await insertUser(gateway.db, {
      loginName: registered,
      email: registered,
      areaCode: null,
      mobile: null,
      passwordHash: 'unused',
    });
    for (const email of [uniqueEmail('pause-new'), registered]) {
      expectSent(await sendEmailCode(email));
      const again = await sendEmailCode(email);
      expect([again.status, again.json?.code, again.json?.data]).toEqual([
        429,
        AccountCode.verifyCodeTooSoon,
        null,
      ]);
      const retryAfter = Number(again.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(VerifyCodeRule.resendAfterSeconds);
      expect(caughtFor(email)).toHaveLength(1);
    }
  });

  it('sends a new code after the pause, which replaces the old one', async () => {
    const email = uniqueEmail('resend');
    expectSent(await sendEmailCode(email));
    const first = codeFor(email);
    await endResendPause(email);
    expectSent(await sendEmailCode(email));
    expect(caughtFor(email)).toHaveLength(2);
    const second = codeFor(email);
    if (second !== first) expectInvalidCode(await registerEmail(email, first));
    expect((await registerEmail(email, second)).json?.code).toBe('00000');
  });

  it('lets one of two concurrent sends to one address through', async () => {
    const email = uniqueEmail('send-race');
    const replies = await Promise.all([1, 2, 3].map(() => sendEmailCode(email)));
    expect(replies.map((reply) => reply.json?.code).sort()).toEqual([
      '00000',
      AccountCode.verifyCodeTooSoon,
      AccountCode.verifyCodeTooSoon,
    ]);
    expect(caughtFor(email)).toHaveLength(1);
  });
});

describe('the anti-phishing code', () => {
  it('stands on the first line of an e-mail to the account, and nowhere when none is set', async () => {
    const registered = uniqueEmail('phishing');
    const visitor = browser();
    expectSent(await sendEmailCode(registered, gateway, visitor));
    const signedUp = await registerEmail(registered, codeFor(registered), visitor);
    const { userId } = sessionReplySchema.parse(signedUp.json?.data);
    await endResendPause(registered);
    expectSent(await sendEmailCode(registered));
    const without = caughtFor(registered).at(-1);
    expect(without?.text).not.toContain('Anti-phishing code');

    // Set as the security page sets it (anti-phishing.test.ts calls the route).
    await setAntiPhishingCode(gateway.db, userId, 'Blue-Heron_7');
    await endResendPause(registered);
    expectSent(await sendEmailCode(registered));
    const notice = caughtFor(registered).at(-1);
    expect(notice?.text.split('\n')[0]).toBe('Anti-phishing code: Blue-Heron_7');
    expect(notice?.html).toContain('<p><strong>Anti-phishing code: Blue-Heron_7</strong></p>');
    expect(notice?.text).toContain('already has an account');
  });
});

describe('security alerts', () => {
  it('tell the owner by e-mail of a new anti-phishing code, showing it on the first line', async () => {
    const email = uniqueEmail('alerted');
    expectSent(await sendEmailCode(email));
    const client = new SigningClient(browser(), await newClientKey());
    const signedUp = await client.postEncrypted(ApiPath.registerEmail, {
      ...registrationBody(email),
      emailCode: codeFor(email),
    });
    expect(signedUp.json?.code).toBe('00000');

    const set = await client.signedPost(ApiPath.antiPhishingSet, { antiPhishingCode: 'Kestrel-9' });
    expect(set.json?.code).toBe('00000');
    const alert = caughtFor(email).at(-1);
    expect(alert?.subject).toBe('Your exchange-web anti-phishing code was changed');
    expect(alert?.text.split('\n')[0]).toBe('Anti-phishing code: Kestrel-9');
    expect(alert?.text).not.toMatch(/\d{6}/);

    // Cleared: the alert says so, and shows no code.
    await client.signedPost(ApiPath.antiPhishingSet, { antiPhishingCode: '' });
    const cleared = caughtFor(email).at(-1);
    expect(cleared?.subject).toBe('Your exchange-web anti-phishing code was changed');
    expect(cleared?.text).not.toContain('Anti-phishing code:');
  });

  it('keep the change when the mail cannot go out', async () => {
    const client = await SigningClient.create(crippled);
    const email = uniqueEmail('unalerted');
    await insertUser(crippled.db, {
      loginName: email,
      email,
      areaCode: null,
      mobile: null,
      passwordHash: await hashPassword(STRONG_PASSWORD),
    });
    const login = await client.postEncrypted(ApiPath.login, {
      loginName: email,
      pwd: STRONG_PASSWORD,
    });
    expect(login.json?.code).toBe('00000');
    const set = await client.signedPost(ApiPath.antiPhishingSet, {
      antiPhishingCode: 'Kept-Still',
    });
    expect(set.json?.code).toBe('00000');
    const info = await client.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(userInfoReplySchema.parse(info.json?.data).userInfo.antiPhishingCode).toBe('Kept-Still');
  });
});

describe('a registered address', () => {
  /** The headers that differ between any two replies: the time of each. */
  const timeless = (response: CallResult) =>
    [...response.headers].filter(([name]) => name !== 'date' && name !== HeaderName.requestTime);

  it('gets the same reply as a new one, a notice with no code, and 21017 for any code (never 21001)', async () => {
    const registered = uniqueEmail('known');
    const visitor = browser();
    expectSent(await sendEmailCode(registered, gateway, visitor));
    expect((await registerEmail(registered, codeFor(registered), visitor)).json?.code).toBe(
      '00000',
    );
    // Its pause over, the owner (or anyone) asks again, as a stranger for a new address.
    await endResendPause(registered);
    const fresh = uniqueEmail('unknown');
    const known = await sendEmailCode(registered);
    const unknown = await sendEmailCode(fresh);
    expect([known.status, known.text, timeless(known)]).toEqual([
      unknown.status,
      unknown.text,
      timeless(unknown),
    ]);
    expectSent(known);

    const notice = caughtFor(registered).at(-1);
    expect(notice?.subject).toBe('A registration with your exchange-web address');
    expect(notice?.text).toContain('already has an account');
    expect(notice?.text).not.toMatch(/\d{6}/);
    expect(notice?.html).not.toMatch(/\d{6}/);
    // The same database writes: a row each, alike but for the hash.
    const [knownRow, unknownRow] = await Promise.all([
      codeRow(gateway, registered),
      codeRow(gateway, fresh),
    ]);
    expect(knownRow).toMatchObject({ attempts: 0, used: false });
    expect(unknownRow).toMatchObject({ attempts: 0, used: false });

    // The registration answers as a wrong code does, whatever the code.
    for (const code of ['000000', '123456', codeFor(fresh)]) {
      expectInvalidCode(await registerEmail(registered, code));
    }
    expectInvalidCode(await registerEmail(registered));
    // Whatever the code: none of the million matches the registered address's row (about 1.5 s).
    const target = { scene: 'register', channel: 'email', recipient: registered } as const;
    let matching = 0;
    for (let n = 0; n < 10 ** VerifyCodeRule.length; n += 1) {
      const code = String(n).padStart(VerifyCodeRule.length, '0');
      if (codeHash(target, code) === knownRow?.code_hash) matching += 1;
    }
    expect(matching).toBe(0);
  });
});

describe('mobile numbers', () => {
  it('are sent a code through the SMS webhook and register with it', async () => {
    const mobile = uniqueMobile();
    const to = `+81 ${mobile}`;
    expectSent(await sendMobileCode(mobile));
    expect(caughtFor(to)).toEqual([
      expect.objectContaining({ channel: 'sms', text: expect.stringMatching(CODE_LINE) }),
    ]);
    const visitor = browser();
    const response = await visitor.post(ApiPath.registerMobile, {
      areaCode: '81',
      mobile,
      pwd: STRONG_PASSWORD,
      mobileCode: codeFor(to),
    });
    expect(response.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(response.json?.data).loginName).toBe(to);

    // Registered now: a later send gets the notice, and any code 21017.
    await endResendPause(to);
    expectSent(await sendMobileCode(mobile));
    expect(caughtFor(to).at(-1)?.text).toMatch(/already has an account/);
    expect(caughtFor(to).at(-1)?.text).not.toMatch(/\d{6}/);
    const again = await browser().post(ApiPath.registerMobile, {
      areaCode: '+81',
      mobile,
      pwd: STRONG_PASSWORD,
      mobileCode: '000000',
    });
    expectInvalidCode(again);
  });

  it('mobileAndEmail needs both codes, and uses neither until both are right', async () => {
    const email = uniqueEmail('both');
    const mobile = uniqueMobile();
    const to = `+81 ${mobile}`;
    expectSent(await sendEmailCode(email));
    expectSent(await sendMobileCode(mobile));
    const [emailCode, mobileCode] = [codeFor(email), codeFor(to)];
    const register = (codes: { emailCode?: string; mobileCode?: string }) =>
      browser().post(ApiPath.registerMobileAndEmail, {
        email,
        areaCode: '+81',
        mobile,
        pwd: STRONG_PASSWORD,
        ...codes,
      });
    expectInvalidCode(await register({ emailCode }));
    expectInvalidCode(await register({ mobileCode }));
    expectInvalidCode(await register({ emailCode, mobileCode: otherCode(mobileCode) }));
    expect(await codeRow(gateway, email)).toMatchObject({ used: false, attempts: 0 });
    expect(await codeRow(gateway, to)).toMatchObject({ used: false, attempts: 1 });
    const response = await register({ emailCode, mobileCode });
    expect(response.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(response.json?.data).loginName).toBe(email);
  });
});

describe('transports', () => {
  it('answers a channel without a transport with 50300 (HTTP 503), storing nothing', async () => {
    const mobile = uniqueMobile();
    const response = await sendMobileCode(mobile, crippled);
    expect([response.status, response.json?.code]).toEqual([503, GatewayCode.channelUnavailable]);
    expect(await codeRow(crippled, `+81 ${mobile}`)).toBeUndefined();
  });

  it('answers an SMTP server that is down with 50201 (HTTP 502), leaving no code and no pause', async () => {
    const email = uniqueEmail('smtp-down');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await sendEmailCode(email, crippled);
      expect([response.status, response.json?.code]).toEqual([502, GatewayCode.deliveryFailed]);
      expect(await codeRow(crippled, email)).toBeUndefined();
    }
  });

  it('answers a webhook that fails with 50201, and a retry at once sends a code that works', async () => {
    const mobile = uniqueMobile();
    const to = `+81 ${mobile}`;
    catchers.webhookStatus = 500;
    const failed = await sendMobileCode(mobile);
    expect([failed.status, failed.json?.code]).toEqual([502, GatewayCode.deliveryFailed]);
    expect(await codeRow(gateway, to)).toBeUndefined();
    catchers.webhookStatus = 200;
    expectSent(await sendMobileCode(mobile));
    const response = await browser().post(ApiPath.registerMobile, {
      areaCode: '+81',
      mobile,
      pwd: STRONG_PASSWORD,
      mobileCode: codeFor(to),
    });
    expect(response.json?.code).toBe('00000');
  });
});

describe('the register challenge', () => {
  it('challenges the send (nothing sent or stored), not the registration', async () => {
    const email = uniqueEmail('challenged');
    const visitor = browser(challenged);
    const refused = await sendEmailCode(email, challenged, visitor);
    expect([refused.status, refused.json?.code, refused.json?.data]).toEqual([
      403,
      ErrorCode.challengeRequired,
      { group: 'gateway', scene: ChallengeScene.register },
    ]);
    expect(caughtFor(email)).toEqual([]);
    expect(await codeRow(challenged, email)).toBeUndefined();

    const token = await passChallenge(visitor, ChallengeScene.register);
    const sent = await visitor.send(
      'POST',
      ApiPath.sendVerifyCode,
      JSON.stringify({ scene: 'register', channel: 'email', email }),
      { [HeaderName.captchaToken]: token },
    );
    expectSent(sent);
    const registered = await registerEmail(email, codeFor(email), browser(challenged));
    expect(registered.json?.code).toBe('00000');
  });
});

describe('input and switches', () => {
  it('refuses a malformed send with 40001 naming the field, sending nothing', async () => {
    for (const body of [
      { scene: 'register', channel: 'email', email: 'not-an-address' },
      { scene: 'register', channel: 'fax', email: 'a@b.test' },
      { scene: 'login', channel: 'email', email: 'a@b.test' },
      // The other scenes have their own signed sends: a public one would void the holder's code.
      { scene: 'changeContact', channel: 'email', email: 'a@b.test' },
      { scene: 'bindContact', channel: 'email', email: 'a@b.test' },
      { scene: 'register', channel: 'mobile', areaCode: '+81', mobile: '12' },
      { scene: 'register', channel: 'email', email: 'a@b.test', extra: 1 },
    ]) {
      const response = await browser().post(ApiPath.sendVerifyCode, body);
      expect([response.status, response.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    }
    expect(caughtFor('a@b.test')).toEqual([]);
  });

  it('refuses a code that is not 6 digits with 40001, before any check', async () => {
    const response = await registerEmail(uniqueEmail('format'), '12345');
    expect([response.status, response.json?.code]).toEqual([400, GatewayCode.validationFailed]);
    expect(response.json?.msg).toMatch(/^emailCode/);
  });

  it('off (GATEWAY_REGISTER_VERIFY=0): no send (404), and registration needs no code', async () => {
    const email = uniqueEmail('unverified');
    const response = await sendEmailCode(email, unverified);
    expect([response.status, response.json?.code]).toEqual([404, GatewayCode.notFound]);
    expect(response.json?.msg).toContain('GATEWAY_REGISTER_VERIFY');
    expect(caughtFor(email)).toEqual([]);
    expect((await registerEmail(email, undefined, browser(unverified))).json?.code).toBe('00000');
    expect((await registerEmail(email, undefined, browser(unverified))).json?.code).toBe(
      AccountCode.loginNameTaken,
    );
  });
});
