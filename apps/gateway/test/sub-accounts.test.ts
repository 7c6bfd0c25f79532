import { AccountCode, ErrorCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import {
  sessionReplySchema,
  subAccountListReplySchema,
  subAccountSchema,
  userInfoReplySchema,
} from '@exchange-web/protocol/schemas';
import { HeaderName } from '@exchange-web/protocol/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/server';
import { SigningClient } from './signing-client';
import { STRONG_PASSWORD, TestBrowser, startTestGateway, uniqueEmail } from './support';

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

const registerMain = async () => {
  const visitor = new TestBrowser(gateway);
  const email = uniqueEmail('main');
  const response = await visitor.post(ApiPath.registerEmail, { email, pwd: STRONG_PASSWORD });
  return { visitor, email, userId: sessionReplySchema.parse(response.json?.data).userId };
};

const createSub = async (visitor: TestBrowser, userName: string) => {
  const response = await visitor.post(ApiPath.subAccountCreate, { userName });
  expect(response.json?.code, userName).toBe('00000');
  return subAccountSchema.parse(response.json?.data);
};

const userInfo = async (visitor: TestBrowser) =>
  userInfoReplySchema.parse((await visitor.post(ApiPath.userInfo, { locale: 'en' })).json?.data);

describe('sub-accounts', () => {
  it('creates, lists, switches to a sub-account and back', async () => {
    const main = await registerMain();
    const alpha = await createSub(main.visitor, 'Alpha');
    const beta = await createSub(main.visitor, 'beta_2');
    expect(alpha.userId).toMatch(/^\d+$/);
    expect(alpha.userId).not.toBe(main.userId);
    expect(alpha.userName).toBe('Alpha');

    const listed = await main.visitor.post(ApiPath.subAccountList, {});
    expect(subAccountListReplySchema.parse(listed.json?.data).items).toEqual([alpha, beta]);

    const switched = await main.visitor.post(ApiPath.subAccountSwitch, { userId: alpha.userId });
    expect(sessionReplySchema.parse(switched.json?.data)).toEqual({
      userId: alpha.userId,
      loginName: `alpha@sub.${main.userId}`,
      userName: 'Alpha',
      subAccount: true,
    });
    const asSub = await userInfo(main.visitor);
    expect(asSub.userInfo).toMatchObject({
      userId: alpha.userId,
      userName: 'Alpha',
      email: '',
      bindEmail: false,
      subAccount: true,
      childFlag: true,
      switchFlag: true,
    });
    // The list is the main account's, also while acting as one of its sub-accounts.
    const listedAsSub = await main.visitor.post(ApiPath.subAccountList, {});
    expect(subAccountListReplySchema.parse(listedAsSub.json?.data).items).toHaveLength(2);

    const back = await main.visitor.post(ApiPath.subAccountSwitchBack, {});
    expect(sessionReplySchema.parse(back.json?.data)).toMatchObject({
      userId: main.userId,
      loginName: main.email,
      subAccount: false,
    });
    expect((await userInfo(main.visitor)).userInfo).toMatchObject({
      userId: main.userId,
      subAccount: false,
      childFlag: false,
      switchFlag: false,
    });
  });

  it('refuses a sub-account name the main account already uses, whatever its case', async () => {
    const main = await registerMain();
    await createSub(main.visitor, 'trading');
    const again = await main.visitor.post(ApiPath.subAccountCreate, { userName: 'Trading' });
    expect(again.status).toBe(409);
    expect(again.json?.code).toBe(AccountCode.loginNameTaken);
    expect(again.json?.msg).toContain('userName');
    // Another main account may use the name.
    const other = await registerMain();
    await createSub(other.visitor, 'trading');
  });

  it('refuses creation while acting as a sub-account', async () => {
    const main = await registerMain();
    const sub = await createSub(main.visitor, 'gamma');
    await main.visitor.post(ApiPath.subAccountSwitch, { userId: sub.userId });
    const response = await main.visitor.post(ApiPath.subAccountCreate, { userName: 'delta' });
    expect(response.status).toBe(403);
    expect(response.json?.code).toBe(AccountCode.notMainAccount);
  });

  it('refuses to switch to an account that is not its own sub-account', async () => {
    const main = await registerMain();
    const other = await registerMain();
    const foreign = await createSub(other.visitor, 'foreign');
    for (const userId of [foreign.userId, other.userId, main.userId, '999999999999']) {
      const response = await main.visitor.post(ApiPath.subAccountSwitch, { userId });
      expect(response.status, userId).toBe(404);
      expect(response.json?.code, userId).toBe(AccountCode.subAccountNotFound);
    }
    expect((await userInfo(main.visitor)).userInfo.userId).toBe(main.userId);
  });

  it('refuses a switch back when the session acts as itself', async () => {
    const main = await registerMain();
    const response = await main.visitor.post(ApiPath.subAccountSwitchBack, {});
    expect(response.status).toBe(409);
    expect(response.json?.code).toBe(AccountCode.notSubAccountSession);
  });

  it('gives a sub-account no password: its login name never signs in', async () => {
    const main = await registerMain();
    await createSub(main.visitor, 'nopass');
    const response = await new TestBrowser(gateway).post(ApiPath.login, {
      loginName: `nopass@sub.${main.userId}`,
      pwd: STRONG_PASSWORD,
    });
    expect(response.json?.code).toBe(AccountCode.wrongCredentials);
  });

  it('answers 20205 when the sub-account the session acts as is frozen', async () => {
    const main = await registerMain();
    const sub = await createSub(main.visitor, 'icy');
    await main.visitor.post(ApiPath.subAccountSwitch, { userId: sub.userId });
    await gateway.db.query('UPDATE users SET frozen = true WHERE user_id = $1', [sub.userId]);
    const response = await main.visitor.post(ApiPath.userInfo, { locale: 'en' });
    expect(response.status).toBe(403);
    expect(response.json?.code).toBe(ErrorCode.accountFrozen);
  });

  it.each([
    [ApiPath.subAccountCreate, { userName: 'x' }],
    [ApiPath.subAccountList, {}],
    [ApiPath.subAccountSwitch, { userId: '1' }],
    [ApiPath.subAccountSwitchBack, {}],
  ])('%s needs a session (40100)', async (path, body) => {
    const response = await new TestBrowser(gateway).post(path, body);
    expect(response.status).toBe(401);
    expect(response.json?.code).toBe(GatewayCode.unauthorized);
  });

  it('validates the sub-account name, naming the field', async () => {
    const main = await registerMain();
    const response = await main.visitor.post(ApiPath.subAccountCreate, { userName: 'no spaces!' });
    expect(response.status).toBe(400);
    expect(response.json?.code).toBe(GatewayCode.validationFailed);
    expect(response.json?.msg).toContain('userName');
  });
});

describe('sub-account switches and signing keys', () => {
  /** A main account signed in from an encrypted registration: its key bound to its session. */
  async function signedInMain() {
    const victim = await SigningClient.create(gateway);
    const registered = await victim.postEncrypted(ApiPath.registerEmail, {
      email: uniqueEmail('keyed'),
      pwd: STRONG_PASSWORD,
    });
    expect(registered.json?.code).toBe('00000');
    const sub = await createSub(victim.browser, 'desk');
    return { victim, sub };
  }

  it('does not let a stolen cookie bind its own key by switching (00023 on a signed call)', async () => {
    const { victim, sub } = await signedInMain();
    // The attacker has the victim's cookies, and a key pair of their own.
    const attacker = await SigningClient.create(gateway);
    const stolen = new SigningClient(victim.browser.clone(), attacker.key);
    const switched = await stolen.postEncrypted(ApiPath.subAccountSwitch, { userId: sub.userId });
    expect(switched.json?.code).toBe('00000');
    const back = await stolen.postEncrypted(ApiPath.subAccountSwitchBack, {});
    expect(back.json?.code).toBe('00000');

    const created = await stolen.signedPost(ApiPath.apiKeyCreate, {
      label: 'exfil',
      permissions: ['read', 'trade', 'withdraw'],
      ipWhitelist: [],
    });
    expect(created.status).toBe(401);
    expect(created.json?.code).toBe(ErrorCode.signInvalid);
    expect(created.headers.get(HeaderName.gwSignError)).toBe('key');
    // Nor while switched.
    await stolen.postEncrypted(ApiPath.subAccountSwitch, { userId: sub.userId });
    expect((await stolen.signedPost(ApiPath.apiKeyList, {})).json?.code).toBe(
      ErrorCode.signInvalid,
    );
  });

  it('keeps the login’s key across a switch and back: signed calls go on working', async () => {
    const { victim, sub } = await signedInMain();
    expect((await victim.signedPost(ApiPath.apiKeyList, {})).json?.code).toBe('00000');
    const switched = await victim.postEncrypted(ApiPath.subAccountSwitch, { userId: sub.userId });
    expect(switched.json?.code).toBe('00000');
    expect((await victim.signedPost(ApiPath.assetOverview, {})).json?.code).toBe('00000');
    // Even a switch body encrypted under another key leaves the login's key in place.
    const otherKey = new SigningClient(victim.browser, (await SigningClient.create(gateway)).key);
    expect((await otherKey.postEncrypted(ApiPath.subAccountSwitchBack, {})).json?.code).toBe(
      '00000',
    );
    const created = await victim.signedPost(ApiPath.apiKeyCreate, {
      label: 'mine',
      permissions: ['read'],
      ipWhitelist: [],
    });
    expect(created.json?.code).toBe('00000');
  });
});
