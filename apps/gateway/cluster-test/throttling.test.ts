import { AccountCode, GatewayCode } from '@exchange-web/protocol/codes';
import { ApiPath } from '@exchange-web/protocol/paths';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, type CallResult } from '../test/support';
import { CLUSTER_LIMITS } from './settings';
import { ClusterBrowser, doors, nextAddress, register } from './support';

// Every counter is a row of the shared database (README "Accounts and sessions"): a client that
// spreads its attempts over the gateways gets no more of them than it would from one.
const { a, b, proxy } = doors();
const WRONG_PASSWORD = 'Wrong-Passw0rd';

function expectThrottled(response: CallResult, code: string) {
  expect(response.status).toBe(429);
  expect(response.json?.code).toBe(code);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** The door of the n-th attempt: A, B, A, B... */
const alternate = (index: number) => (index % 2 === 0 ? a : b);

describe('failed logins', () => {
  it('per account: the limit counts failures through both gateways, then even the right password gets 21004', async () => {
    const { email } = await register(new ClusterBrowser(a));
    for (let attempt = 0; attempt < CLUSTER_LIMITS.loginFailuresPerAccount; attempt += 1) {
      // Each attempt from another address, so only the account's counter can add them up.
      const failed = await new ClusterBrowser(alternate(attempt)).post(ApiPath.login, {
        loginName: email,
        pwd: WRONG_PASSWORD,
      });
      expect(failed.json?.code).toBe(AccountCode.wrongCredentials);
    }
    for (const door of [a, b, proxy]) {
      const blocked = await new ClusterBrowser(door).post(ApiPath.login, {
        loginName: email,
        pwd: STRONG_PASSWORD,
      });
      expectThrottled(blocked, AccountCode.tooManyAttempts);
      expect(blocked.cookies).toEqual([]);
    }
  });

  it('per address: the limit counts failures through both gateways; another address still logs in', async () => {
    const { email } = await register(new ClusterBrowser(b));
    const address = nextAddress();
    for (let attempt = 0; attempt < CLUSTER_LIMITS.loginFailuresPerIp; attempt += 1) {
      // Each attempt on another name, so only the address's counter can add them up.
      const failed = await new ClusterBrowser(alternate(attempt), address).post(ApiPath.login, {
        loginName: uniqueEmail('spray'),
        pwd: WRONG_PASSWORD,
      });
      expect(failed.json?.code).toBe(AccountCode.wrongCredentials);
    }
    for (const door of [a, b, proxy]) {
      const blocked = await new ClusterBrowser(door, address).post(ApiPath.login, {
        loginName: email,
        pwd: STRONG_PASSWORD,
      });
      expectThrottled(blocked, AccountCode.tooManyAttempts);
    }
    const elsewhere = await new ClusterBrowser(proxy).post(ApiPath.login, {
      loginName: email,
      pwd: STRONG_PASSWORD,
    });
    expect(elsewhere.json?.code).toBe('00000');
  });

  it('through the proxy count per client, not per proxy: two clients each get their own attempts', async () => {
    const first = nextAddress();
    const second = nextAddress();
    const fail = (address: string) =>
      new ClusterBrowser(proxy, address).post(ApiPath.login, {
        loginName: uniqueEmail('spray'),
        pwd: WRONG_PASSWORD,
      });
    for (let attempt = 0; attempt < CLUSTER_LIMITS.loginFailuresPerIp; attempt += 1) {
      expect((await fail(first)).json?.code).toBe(AccountCode.wrongCredentials);
      // Were nginx to hide the client (every request from nginx's own address), the second
      // client's failures would add to the first's and the limit would come at half the count.
      expect((await fail(second)).json?.code).toBe(AccountCode.wrongCredentials);
    }
    expectThrottled(await fail(first), AccountCode.tooManyAttempts);
    expectThrottled(await fail(second), AccountCode.tooManyAttempts);
  });
});

describe('the per-address rate limit of the account calls', () => {
  const userInfo = (door: typeof a, address: string, headers: Record<string, string> = {}) =>
    new ClusterBrowser(door, address, headers).post(ApiPath.userInfo, { locale: 'en' });

  it('counts calls through both gateways: past the limit both answer 42900', async () => {
    const address = nextAddress();
    for (let call = 0; call < CLUSTER_LIMITS.accountRateLimit; call += 1) {
      // Without a session: 40100, and counted all the same.
      const served = await userInfo(alternate(call), address);
      expect(served.json?.code).toBe(GatewayCode.unauthorized);
    }
    for (const door of [a, b, proxy]) {
      expectThrottled(await userInfo(door, address), GatewayCode.rateLimited);
    }
    expect((await userInfo(a, nextAddress())).json?.code).toBe(GatewayCode.unauthorized);
  });

  it('through the proxy counts the connection’s address: a forged X-Forwarded-For changes nothing', async () => {
    const address = nextAddress();
    for (let call = 0; call < CLUSTER_LIMITS.accountRateLimit; call += 1) {
      // A new forged address on every call: appended to rather than replaced, the header would
      // give each call a counter of its own and the limit would never come.
      const forged = { 'x-forwarded-for': `198.51.100.${(call % 250) + 1}` };
      const served = await userInfo(proxy, address, forged);
      expect(served.json?.code).toBe(GatewayCode.unauthorized);
    }
    expectThrottled(
      await userInfo(proxy, address, { 'x-forwarded-for': '198.51.100.251' }),
      GatewayCode.rateLimited,
    );
  });
});
