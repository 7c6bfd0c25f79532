import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  crossTerminalReplySchema,
  qrKeyIssuedSchema,
  qrKeyPollSchema,
  QrLoginRule,
  type QrKeyIssued,
} from '@exchange-web/protocol/qr-login';
import { signInHistoryReplySchema, userInfoReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../src/accounts/sweep';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { registrationBody, startTestGateway, uniqueEmail } from './support';

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let gateway: RunningGateway;
/** Three QR codes per address at most. */
let tight: RunningGateway;
beforeAll(async () => {
  [gateway, tight] = await Promise.all([
    startTestGateway(),
    startTestGateway({ qrKeysPerIp: { limit: 3, windowMs: 60_000 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), tight.stop()]);
});

/** A browser on the login page: its own client key, an address, a user agent. */
async function waitingBrowser(on: RunningGateway = gateway, ip = '203.0.113.20') {
  const client = await SigningClient.create(on);
  Object.assign(client.browser.headers, { 'user-agent': FIREFOX_ON_LINUX, 'x-forwarded-for': ip });
  return client;
}

/** A phone signed in to a new account. */
async function signedInPhone(on: RunningGateway = gateway) {
  const phone = await SigningClient.create(on);
  const email = uniqueEmail('qr');
  expect(
    (await phone.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  return { phone, email };
}

async function newKey(browser: SigningClient): Promise<QrKeyIssued> {
  const issued = await browser.postEncrypted(ApiPath.qrKeyStatus, {});
  expect(issued.json?.code).toBe('00000');
  return qrKeyIssuedSchema.parse(issued.json?.data);
}

const poll = async (browser: SigningClient, key: QrKeyIssued, token = key.token) =>
  browser.postEncrypted(ApiPath.qrKeyStatus, { qrcodeKey: key.qrcodeKey, token });

const pollStatus = async (browser: SigningClient, key: QrKeyIssued, token?: string) =>
  qrKeyPollSchema.parse((await poll(browser, key, token)).json?.data).status;

const answer = (phone: SigningClient, qrcodeKey: string, action: string) =>
  phone.signedPostEncrypted(ApiPath.crossTerminalLoginStatus, { qrcodeKey, action });

describe('QR sign-in: getQrKeyStatus and getCrossTerminalLoginStatus', () => {
  it('walks waiting, scanned, confirmed: the waiting browser is signed in once', async () => {
    const browser = await waitingBrowser();
    const { phone, email } = await signedInPhone();
    const key = await newKey(browser);
    expect(key.expiresInSeconds).toBe(QrLoginRule.ttlSeconds);
    expect(await pollStatus(browser, key)).toBe('waiting');

    const scanned = await answer(phone, key.qrcodeKey, 'scan');
    expect(scanned.json?.code).toBe('00000');
    const seen = crossTerminalReplySchema.parse(scanned.json?.data);
    expect(seen).toMatchObject({
      status: 'scanned',
      requester: { ip: '203.0.113.20', browser: 'Firefox 133', os: 'Linux' },
    });
    expect(seen.requester.requestedAt).toBeLessThanOrEqual(Date.now());
    expect(await pollStatus(browser, key)).toBe('scanned');
    // Not signed in before the confirmation.
    expect((await browser.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.code).toBe(
      GatewayCode.unauthorized,
    );

    expect((await answer(phone, key.qrcodeKey, 'confirm')).json?.data).toMatchObject({
      status: 'confirmed',
    });
    const collected = await poll(browser, key);
    expect(qrKeyPollSchema.parse(collected.json?.data)).toMatchObject({
      status: 'confirmed',
      session: { loginName: email, subAccount: false },
    });
    const info = await browser.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect(userInfoReplySchema.parse(info.json?.data).userInfo.loginName).toBe(email);
    // The new session signs its core calls with the key of its encrypted poll.
    expect((await browser.signedPost(ApiPath.signInHistory, '{}')).json?.code).toBe('00000');
    const history = signInHistoryReplySchema.parse(
      (await phone.signedPost(ApiPath.signInHistory, '{}')).json?.data,
    );
    expect(history.items[0]).toMatchObject({ result: 'success', factor: 'qrCode' });

    // Spent: the next poll and any answer find it gone.
    expect(await pollStatus(browser, key)).toBe('expired');
    expect((await answer(phone, key.qrcodeKey, 'confirm')).json?.code).toBe(
      AccountCode.qrKeyInvalid,
    );
  });

  it('signs nobody in from a poll without the token of the browser that asked', async () => {
    const browser = await waitingBrowser();
    const onlooker = await waitingBrowser(gateway, '198.51.100.9');
    const { phone } = await signedInPhone();
    const key = await newKey(browser);
    expect((await answer(phone, key.qrcodeKey, 'confirm')).json?.code).toBe('00000');
    // Someone who read the key off the screen, with a token of their own or none.
    const stranger = await newKey(onlooker);
    expect(await pollStatus(onlooker, key, stranger.token)).toBe('expired');
    expect((await poll(onlooker, { ...key, token: '' })).json?.code).toBe(
      GatewayCode.validationFailed,
    );
    expect((await onlooker.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.code).toBe(
      GatewayCode.unauthorized,
    );
    // The browser that asked still collects it.
    expect(await pollStatus(browser, key)).toBe('confirmed');
  });

  it('tells the waiting browser of a decline, and takes no answer after it', async () => {
    const browser = await waitingBrowser();
    const { phone } = await signedInPhone();
    const key = await newKey(browser);
    expect((await answer(phone, key.qrcodeKey, 'scan')).json?.code).toBe('00000');
    expect((await answer(phone, key.qrcodeKey, 'decline')).json?.data).toMatchObject({
      status: 'declined',
    });
    expect(await pollStatus(browser, key)).toBe('declined');
    expect((await answer(phone, key.qrcodeKey, 'confirm')).json?.code).toBe(
      AccountCode.qrKeyInvalid,
    );
    expect((await browser.browser.post(ApiPath.userInfo, { locale: 'en' })).json?.code).toBe(
      GatewayCode.unauthorized,
    );
  });

  it('lets only the account that scanned answer', async () => {
    const browser = await waitingBrowser();
    const first = await signedInPhone();
    const second = await signedInPhone();
    const key = await newKey(browser);
    expect((await answer(first.phone, key.qrcodeKey, 'scan')).json?.code).toBe('00000');
    const taken = await answer(second.phone, key.qrcodeKey, 'confirm');
    expect(taken.status).toBe(409);
    expect(taken.json?.code).toBe(AccountCode.qrKeyTaken);
    // Scanning twice is harmless; the first account confirms.
    expect((await answer(first.phone, key.qrcodeKey, 'scan')).json?.code).toBe('00000');
    expect((await answer(first.phone, key.qrcodeKey, 'confirm')).json?.code).toBe('00000');
    expect(qrKeyPollSchema.parse((await poll(browser, key)).json?.data).session?.loginName).toBe(
      first.email,
    );
  });

  it('signs in exactly one of two polls racing for one confirmation', async () => {
    const browser = await waitingBrowser();
    const { phone } = await signedInPhone();
    const key = await newKey(browser);
    await answer(phone, key.qrcodeKey, 'confirm');
    const twin = await waitingBrowser();
    const statuses = await Promise.all([pollStatus(browser, key), pollStatus(twin, key)]);
    expect(statuses.toSorted()).toEqual(['confirmed', 'expired']);
  });

  it('expires a key after its two minutes, and the sweep deletes it', async () => {
    const browser = await waitingBrowser();
    const { phone } = await signedInPhone();
    const key = await newKey(browser);
    await gateway.db.query(
      "UPDATE qr_login_keys SET expires_at = now() - interval '1 second' WHERE status = 'waiting'",
    );
    expect(await pollStatus(browser, key)).toBe('expired');
    const late = await answer(phone, key.qrcodeKey, 'scan');
    expect(late.status).toBe(410);
    expect(late.json?.code).toBe(AccountCode.qrKeyInvalid);
    await sweepExpired(gateway.db);
    const left = await gateway.db.query('SELECT 1 FROM qr_login_keys WHERE expires_at <= now()');
    expect(left).toHaveLength(0);
  });

  it('answers an unknown key as expired to the poll and 21026 to the terminal', async () => {
    const browser = await waitingBrowser();
    const { phone } = await signedInPhone();
    const made = { qrcodeKey: 'A'.repeat(43), token: 'B'.repeat(43) } as QrKeyIssued;
    expect(await pollStatus(browser, made)).toBe('expired');
    expect((await answer(phone, made.qrcodeKey, 'scan')).json?.code).toBe(AccountCode.qrKeyInvalid);
  });

  it('takes answers only from a signed-in, signing terminal', async () => {
    const browser = await waitingBrowser();
    const key = await newKey(browser);
    const visitor = await SigningClient.create(gateway);
    const anonymous = await answer(visitor, key.qrcodeKey, 'confirm');
    expect(anonymous.json?.code).toBe(GatewayCode.unauthorized);
    const { phone } = await signedInPhone();
    const unsigned = await phone.postEncrypted(ApiPath.crossTerminalLoginStatus, {
      qrcodeKey: key.qrcodeKey,
      action: 'confirm',
    });
    expect(unsigned.status).toBe(401);
    expect(await pollStatus(browser, key)).toBe('waiting');
  });

  it('refuses malformed bodies with a clear code', async () => {
    const browser = await waitingBrowser();
    const { phone } = await signedInPhone();
    for (const fields of [
      { qrcodeKey: 'short', token: 'B'.repeat(43) },
      { qrcodeKey: 'A'.repeat(43) },
    ]) {
      const bad = await browser.postEncrypted(ApiPath.qrKeyStatus, fields);
      expect(bad.status).toBe(400);
      expect(bad.json?.code).toBe(GatewayCode.validationFailed);
    }
    const key = await newKey(browser);
    const badAction = await answer(phone, key.qrcodeKey, 'approve');
    expect(badAction.status).toBe(400);
    expect(badAction.json?.code).toBe(GatewayCode.validationFailed);
    expect(await pollStatus(browser, key)).toBe('waiting');
  });

  it('limits the codes one address asks for', async () => {
    const browser = await waitingBrowser(tight, '192.0.2.77');
    for (let index = 0; index < 3; index += 1) await newKey(browser);
    const refused = await browser.postEncrypted(ApiPath.qrKeyStatus, {});
    expect(refused.status).toBe(429);
    expect(refused.json?.code).toBe(GatewayCode.rateLimited);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not held back.
    await newKey(await waitingBrowser(tight, '192.0.2.78'));
  });
});
