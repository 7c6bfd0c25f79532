import {
  AuthenticatorRule,
  authenticatorBindReplySchema,
  authenticatorSetupReplySchema,
  secondFactorReplySchema,
} from '@exchange-web/protocol/authenticator';
import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { sessionReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import {
  registrationBody,
  startTestGateway,
  STRONG_PASSWORD,
  uniqueEmail,
  type CallResult,
} from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  // Small limits, so the throttle is reached in a few calls.
  gateway = await startTestGateway({
    loginFailuresPerAccount: { limit: 8, windowMs: 60_000 },
    loginFailuresPerIp: { limit: 1000, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await gateway.stop();
});

const PERIOD_MS = AuthenticatorRule.periodSeconds * 1000;

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() + steps * PERIOD_MS });

/** A registered, signed-in user with a signing key, as the site's browser client is. */
async function newUser(): Promise<{ client: SigningClient; email: string }> {
  const client = await SigningClient.create(gateway);
  const email = uniqueEmail('authenticator');
  const reply = await client.postEncrypted(ApiPath.registerEmail, registrationBody(email));
  expect(reply.json?.code).toBe('00000');
  return { client, email };
}

/** Links an app to the user and answers its secret and recovery codes. */
async function bindApp(
  client: SigningClient,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
  expect(setup.json?.code).toBe('00000');
  const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
  const bound = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
    googleCode: appCode(secret),
  });
  expect(bound.json?.code).toBe('00000');
  return { secret, ...authenticatorBindReplySchema.parse(bound.json?.data) };
}

/** The password step of a login from a new browser: its result and the browser. */
async function passwordStep(email: string) {
  const client = await SigningClient.create(gateway);
  const reply = await client.postEncrypted(ApiPath.login, {
    loginName: email,
    pwd: STRONG_PASSWORD,
  });
  return { client, reply };
}

const refusal = (result: CallResult) => [result.status, result.json?.code];

describe('linking an authenticator app', () => {
  it('shows a secret and its otpauth URI, binds on the first code, answers ten recovery codes once', async () => {
    const { client, email } = await newUser();
    const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
    const { secret, otpauthUri, expiresInSeconds } = authenticatorSetupReplySchema.parse(
      setup.json?.data,
    );
    expect(expiresInSeconds).toBe(AuthenticatorRule.setupTtlSeconds);
    const uri = new URL(otpauthUri);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('exchange-web');
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    const before = await client.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(userInfoReplySchema.parse(before.json?.data).settings.gbf).toBe(false);

    const bound = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: appCode(secret),
    });
    const { recoveryCodes } = authenticatorBindReplySchema.parse(bound.json?.data);
    expect(new Set(recoveryCodes).size).toBe(AuthenticatorRule.recoveryCodeCount);

    const after = await client.browser.post(ApiPath.userInfo, { locale: 'en' });
    const info = userInfoReplySchema.parse(after.json?.data);
    expect([info.settings.gbf, info.userInfo.bindGoogle, info.userInfo.googleEnable]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('keeps the secret encrypted and the recovery codes hashed', async () => {
    const { client } = await newUser();
    const { secret, recoveryCodes } = await bindApp(client);
    const rows = await gateway.db.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM authenticators',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.secret_ciphertext).toMatch(/^v1\./);
      expect(row.secret_ciphertext).not.toContain(secret);
    }
    const hashes = await gateway.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes',
    );
    const stored = hashes.map((row) => row.code_hash).join(' ');
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
  });

  it('refuses a wrong code (21019), a binding with no setup (21023) and a second app (21021)', async () => {
    const { client } = await newUser();
    const noSetup = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: '123456',
    });
    expect(refusal(noSetup)).toEqual([409, AccountCode.authenticatorSetupMissing]);

    const setup = await client.signedPost(ApiPath.authenticatorSetup, {});
    const { secret } = authenticatorSetupReplySchema.parse(setup.json?.data);
    const wrong = String((Number(appCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: wrong,
    });
    expect(refusal(refused)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
    // A code two periods off is past the allowed drift.
    const drifted = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: appCode(secret, 3),
    });
    expect(refusal(drifted)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
    // (One step of drift either way is allowed: src/accounts/authenticator.test.ts, at fixed times.)
    const right = await client.signedPostEncrypted(ApiPath.authenticatorBind, {
      googleCode: appCode(secret),
    });
    expect(right.json?.code).toBe('00000');

    const again = await client.signedPost(ApiPath.authenticatorSetup, {});
    expect(refusal(again)).toEqual([409, AccountCode.authenticatorBound]);
  });

  it('is a signed core call of a session', async () => {
    const { client } = await newUser();
    const unsigned = await client.browser.post(ApiPath.authenticatorSetup, {});
    expect(refusal(unsigned)).toEqual([401, ErrorCode.signMissing]);
    const visitor = await SigningClient.create(gateway);
    const anonymous = await visitor.signedPost(ApiPath.authenticatorSetup, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
  });

  it('answers malformed codes with a clear 400', async () => {
    const { client } = await newUser();
    await client.signedPost(ApiPath.authenticatorSetup, {});
    for (const googleCode of ['12345', '1234567', 'abcdef', '', 123456, null]) {
      const reply = await client.signedPostEncrypted(ApiPath.authenticatorBind, { googleCode });
      expect(refusal(reply), String(googleCode)).toEqual([400, GatewayCode.validationFailed]);
    }
    const extra = await client.signedPost(ApiPath.authenticatorSetup, { secret: 'mine' });
    expect(refusal(extra)).toEqual([400, GatewayCode.validationFailed]);
  });
});

describe('signing in with an authenticator app', () => {
  it('asks for the code after the password, then starts the session; a code is used once', async () => {
    const { client, email } = await newUser();
    const { secret } = await bindApp(client);

    const { client: phone, reply } = await passwordStep(email);
    const { secondFactor } = secondFactorReplySchema.parse(reply.json?.data);
    expect(secondFactor.factors).toEqual(['google']);
    // No session yet: only the password is known.
    expect(phone.browser.cookies.size).toBe(0);
    const noSession = await phone.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(noSession.status).toBe(401);

    // The binding used this period's code: the next period's, within the drift, signs in.
    const code = appCode(secret, 1);
    const signedIn = await phone.postEncrypted(ApiPath.verifyLogin, {
      token: secondFactor.token,
      googleCode: code,
    });
    expect(signedIn.json?.code).toBe('00000');
    expect(sessionReplySchema.parse(signedIn.json?.data).loginName).toBe(email);
    const info = await phone.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(info.status).toBe(200);
    // Its key is bound to the session: its core calls are signed.
    const signed = await phone.signedPost(ApiPath.apiKeyList, {});
    expect(signed.json?.code).toBe('00000');

    // The same code again, on a new sign-in: refused, whoever sends it.
    const second = await passwordStep(email);
    const again = await second.client.postEncrypted(ApiPath.verifyLogin, {
      token: secondFactorReplySchema.parse(second.reply.json?.data).secondFactor.token,
      googleCode: code,
    });
    expect(refusal(again)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
  });

  it('takes each recovery code once, typed loosely', async () => {
    const { client, email } = await newUser();
    const { recoveryCodes } = await bindApp(client);
    const [first] = recoveryCodes;

    const step = await passwordStep(email);
    const token = secondFactorReplySchema.parse(step.reply.json?.data).secondFactor.token;
    const loose = ` ${first!.replace('-', '').toLowerCase()} `;
    const used = await step.client.postEncrypted(ApiPath.verifyLogin, { token, googleCode: loose });
    expect(used.json?.code).toBe('00000');

    const next = await passwordStep(email);
    const reused = await next.client.postEncrypted(ApiPath.verifyLogin, {
      token: secondFactorReplySchema.parse(next.reply.json?.data).secondFactor.token,
      googleCode: first,
    });
    expect(refusal(reused)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
  });

  it('voids a ticket after its wrong codes, when used, when expired, and refuses a made-up one', async () => {
    const { client, email } = await newUser();
    const { secret, recoveryCodes } = await bindApp(client);
    const step = await passwordStep(email);
    const token = secondFactorReplySchema.parse(step.reply.json?.data).secondFactor.token;
    for (let tries = 0; tries < AuthenticatorRule.loginTicketAttempts; tries += 1) {
      const wrong = await step.client.postEncrypted(ApiPath.verifyLogin, {
        token,
        googleCode: '000000',
      });
      expect(refusal(wrong)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
    }
    const void_ = await step.client.postEncrypted(ApiPath.verifyLogin, {
      token,
      googleCode: appCode(secret, 1),
    });
    expect(refusal(void_)).toEqual([401, AccountCode.loginTicketInvalid]);

    const expiring = await passwordStep(email);
    const expiringToken = secondFactorReplySchema.parse(expiring.reply.json?.data).secondFactor
      .token;
    await gateway.db.query("UPDATE login_tickets SET expires_at = now() - interval '1 second'");
    const expired = await expiring.client.postEncrypted(ApiPath.verifyLogin, {
      token: expiringToken,
      googleCode: recoveryCodes[0],
    });
    expect(refusal(expired)).toEqual([401, AccountCode.loginTicketInvalid]);

    const madeUp = await expiring.client.postEncrypted(ApiPath.verifyLogin, {
      token: 'A'.repeat(43),
      googleCode: recoveryCodes[0],
    });
    expect(refusal(madeUp)).toEqual([401, AccountCode.loginTicketInvalid]);
    const malformed = await expiring.client.postEncrypted(ApiPath.verifyLogin, {
      token: 'short',
      googleCode: recoveryCodes[0],
    });
    expect(refusal(malformed)).toEqual([400, GatewayCode.validationFailed]);
  });

  it('throttles wrong codes per account across tickets: 429 with 21004 and a retry time', async () => {
    const { client, email } = await newUser();
    const { recoveryCodes } = await bindApp(client);
    const answers: unknown[] = [];
    // Each ticket takes five wrong codes; the account's limit (8 here) is reached on the second.
    for (let ticket = 0; ticket < 2; ticket += 1) {
      const step = await passwordStep(email);
      const token = secondFactorReplySchema.parse(step.reply.json?.data).secondFactor.token;
      for (let tries = 0; tries < AuthenticatorRule.loginTicketAttempts; tries += 1) {
        const wrong = await step.client.postEncrypted(ApiPath.verifyLogin, {
          token,
          googleCode: '000000',
        });
        answers.push(wrong.json?.code);
      }
    }
    expect(answers.filter((code) => code === AccountCode.authenticatorCodeInvalid)).toHaveLength(8);
    expect(answers.at(-1)).toBe(AccountCode.tooManyAttempts);
    // A right code is throttled too while the window lasts.
    const step = await passwordStep(email);
    const blocked = await step.client.postEncrypted(ApiPath.verifyLogin, {
      token: secondFactorReplySchema.parse(step.reply.json?.data).secondFactor.token,
      googleCode: recoveryCodes[0],
    });
    expect(refusal(blocked)).toEqual([429, AccountCode.tooManyAttempts]);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('removing the authenticator app', () => {
  it('needs a code of it, then a login is one step again', async () => {
    const { client, email } = await newUser();
    const { recoveryCodes } = await bindApp(client);
    const wrong = await client.signedPostEncrypted(ApiPath.authenticatorUnbind, {
      googleCode: '000000',
    });
    expect(refusal(wrong)).toEqual([400, AccountCode.authenticatorCodeInvalid]);
    const removed = await client.signedPostEncrypted(ApiPath.authenticatorUnbind, {
      googleCode: recoveryCodes[3],
    });
    expect(removed.json?.code).toBe('00000');
    const info = await client.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(userInfoReplySchema.parse(info.json?.data).settings.gbf).toBe(false);

    const again = await client.signedPostEncrypted(ApiPath.authenticatorUnbind, {
      googleCode: recoveryCodes[4],
    });
    expect(refusal(again)).toEqual([409, AccountCode.authenticatorNotBound]);

    const { reply } = await passwordStep(email);
    expect(sessionReplySchema.parse(reply.json?.data).loginName).toBe(email);
  });
});
