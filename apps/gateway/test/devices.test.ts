import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  deviceListReplySchema,
  deviceSignOutOthersReplySchema,
} from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import {
  registrationBody,
  STRONG_PASSWORD,
  TestBrowser,
  startTestGateway,
  uniqueEmail,
} from './support';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let gateway: RunningGateway;
/** A gateway that keeps two devices per user at most. */
let capped: RunningGateway;
beforeAll(async () => {
  [gateway, capped] = await Promise.all([
    startTestGateway(),
    startTestGateway({ maxSessionsPerUser: 2 }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.stop(), capped.stop()]);
});

/** A device of its own (a signing key and cookies) with a user agent and an address. */
async function device(on: RunningGateway, userAgent: string, ip = '203.0.113.7') {
  const client = await SigningClient.create(on);
  Object.assign(client.browser.headers, { 'user-agent': userAgent, 'x-forwarded-for': ip });
  return client;
}

const list = async (client: SigningClient) =>
  deviceListReplySchema.parse((await client.browser.post(ApiPath.deviceList, {})).json?.data).items;

/** The account on two devices: the laptop registered it, then the phone signed in. */
async function twoDevices(on: RunningGateway = gateway) {
  const email = uniqueEmail('devices');
  const laptop = await device(on, CHROME_ON_WINDOWS);
  expect(
    (await laptop.postEncrypted(ApiPath.registerEmail, registrationBody(email))).json?.code,
  ).toBe('00000');
  const phone = await device(on, SAFARI_ON_IPHONE, '198.51.100.4');
  const login = await phone.postEncrypted(ApiPath.login, {
    loginName: email,
    pwd: STRONG_PASSWORD,
  });
  expect(login.json?.code).toBe('00000');
  return { email, laptop, phone };
}

describe('POST /v1/user/device/list', () => {
  it('lists the signed-in devices newest first, named, both live, this one marked', async () => {
    const { phone } = await twoDevices();
    const items = await list(phone);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      ip: '198.51.100.4',
      current: true,
      active: true,
    });
    expect(items[1]).toMatchObject({
      browser: 'Chrome 131',
      os: 'Windows 10',
      ip: '203.0.113.7',
      current: false,
      active: true,
    });
    expect(items[0]!.signedInAt).toBeGreaterThanOrEqual(items[1]!.signedInAt);
    for (const item of items) expect(item.lastSeenAt).toBeGreaterThanOrEqual(item.signedInAt);
  });

  it('needs a session, and refuses a body with fields', async () => {
    const visitor = new TestBrowser(gateway);
    const anonymous = await visitor.post(ApiPath.deviceList, {});
    expect([anonymous.status, anonymous.json?.code]).toEqual([401, GatewayCode.unauthorized]);

    await visitor.post(ApiPath.registerEmail, registrationBody(uniqueEmail('devices')));
    const extra = await visitor.post(ApiPath.deviceList, { page: 2 });
    expect([extra.status, extra.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });

  it('ends the oldest device past the cap, which then answers 20906', async () => {
    const { email, laptop, phone } = await twoDevices(capped);
    const tablet = await device(capped, SAFARI_ON_IPHONE);
    await tablet.postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    const refused = await laptop.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect([refused.status, refused.json?.code]).toEqual([401, ErrorCode.sessionReplaced]);
    expect((await phone.browser.post(ApiPath.userInfo, { locale: 'en' })).status).toBe(200);
    expect((await list(tablet)).map((item) => item.active)).toEqual([true, true, false]);
  });
});

describe('signing devices out', () => {
  it('signs one other device out: its very next call answers 00004, this one goes on', async () => {
    const { laptop, phone } = await twoDevices();
    const [, other] = await list(phone);
    const out = await phone.signedPost(ApiPath.deviceSignOut, { id: other!.id });
    expect(out.json?.code).toBe('00000');
    const refused = await laptop.browser.post(ApiPath.userInfo, { locale: 'en' });
    expect([refused.status, refused.json?.code]).toEqual([401, ErrorCode.sessionExpired]);
    expect((await phone.browser.post(ApiPath.userInfo, { locale: 'en' })).status).toBe(200);
    expect((await list(phone)).map((item) => [item.current, item.active])).toEqual([
      [true, true],
      [false, false],
    ]);

    // Signed out already, this device itself, another account's device, or no such id: 21024.
    const again = await phone.signedPost(ApiPath.deviceSignOut, { id: other!.id });
    expect([again.status, again.json?.code]).toEqual([404, AccountCode.deviceNotFound]);
    const [self] = await list(phone);
    const itself = await phone.signedPost(ApiPath.deviceSignOut, { id: self!.id });
    expect([itself.status, itself.json?.code]).toEqual([404, AccountCode.deviceNotFound]);
    const stranger = await twoDevices();
    const [, theirs] = await list(stranger.phone);
    const foreign = await phone.signedPost(ApiPath.deviceSignOut, { id: theirs!.id });
    expect([foreign.status, foreign.json?.code]).toEqual([404, AccountCode.deviceNotFound]);
    expect((await stranger.laptop.browser.post(ApiPath.userInfo, { locale: 'en' })).status).toBe(
      200,
    );
  });

  it('signs every other device out at once', async () => {
    const { email, laptop, phone } = await twoDevices();
    const tablet = await device(gateway, SAFARI_ON_IPHONE);
    await tablet.postEncrypted(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    const out = await phone.signedPost(ApiPath.deviceSignOutOthers, {});
    expect(deviceSignOutOthersReplySchema.parse(out.json?.data)).toEqual({ signedOut: 2 });
    for (const other of [laptop, tablet]) {
      const refused = await other.browser.post(ApiPath.userInfo, { locale: 'en' });
      expect(refused.json?.code).toBe(ErrorCode.sessionExpired);
    }
    expect((await phone.browser.post(ApiPath.userInfo, { locale: 'en' })).status).toBe(200);
  });

  it('takes signed calls of a session only, and a well-formed id', async () => {
    const { phone } = await twoDevices();
    const unsigned = await phone.browser.post(ApiPath.deviceSignOutOthers, {});
    expect([unsigned.status, unsigned.json?.code]).toEqual([401, ErrorCode.signMissing]);
    for (const id of ['', 'abc', '1'.repeat(20), 7, null]) {
      const bad = await phone.signedPost(ApiPath.deviceSignOut, { id });
      expect([bad.status, bad.json?.code], String(id)).toEqual([400, GatewayCode.validationFailed]);
    }
  });
});
