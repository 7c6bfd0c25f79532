import { GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { deviceListReplySchema } from '@exchange-web/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { STRONG_PASSWORD, TestBrowser, startTestGateway, uniqueEmail } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe('POST /v1/user/device/list', () => {
  it('lists the account’s sign-ins newest first, marking this one and the ended ones', async () => {
    const email = uniqueEmail('devices');
    const laptop = new TestBrowser(gateway, {
      'user-agent': 'Laptop/1.0',
      'x-forwarded-for': '203.0.113.7',
    });
    await laptop.post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
    const phone = new TestBrowser(gateway, { 'user-agent': 'Phone/2.0' });
    const login = await phone.post(ApiPath.login, { loginName: email, pwd: STRONG_PASSWORD });
    expect(login.json?.code).toBe('00000');

    const response = await phone.post(ApiPath.deviceList, {});
    expect(response.status).toBe(200);
    const { items } = deviceListReplySchema.parse(response.json?.data);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ userAgent: 'Phone/2.0', current: true, active: true });
    // The laptop's session ended when the phone signed in (single-session policy).
    expect(items[1]).toMatchObject({
      userAgent: 'Laptop/1.0',
      ip: '203.0.113.7',
      current: false,
      active: false,
    });
    expect(items[0]!.signedInAt).toBeGreaterThanOrEqual(items[1]!.signedInAt);
  });

  it('needs a session, and refuses a body with fields', async () => {
    const visitor = new TestBrowser(gateway);
    const anonymous = await visitor.post(ApiPath.deviceList, {});
    expect([anonymous.status, anonymous.json?.code]).toEqual([401, GatewayCode.unauthorized]);

    await visitor.post(ApiPath.registerEmail, {
      email: uniqueEmail('devices'),
      pwd: STRONG_PASSWORD,
    });
    const extra = await visitor.post(ApiPath.deviceList, { page: 2 });
    expect([extra.status, extra.json?.code]).toEqual([400, GatewayCode.validationFailed]);
  });
});
